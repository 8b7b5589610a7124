import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { code, description } from './configurationList.js';

/** A room sections meet in: a code people know it by ("SCI 101"), a description and its seats. */
export const locations = defineResource({
  name: 'location',
  eventPrefix: 'Location',
  path: 'locations',
  subject: 'Location',
  schema: z.object({
    code,
    description,
    capacity: z.number().int().min(0).max(100_000),
    isActive: z.boolean().optional(),
  }),
  list: {
    fields: { code: 'text', description: 'text', capacity: 'number', isActive: 'boolean' },
    defaultSort: [['code', 'ASC']],
  },
  unique: [
    {
      fields: ['code'],
      message: 'Another active location already has this code.',
      amongActive: true,
    },
  ],
  ui: {
    title: 'Locations',
    singular: 'Location',
    description: 'Rooms and places sections meet in.',
    route: '/locations',
    menu: { branch: 'Administration', order: 6, icon: 'map-marker' },
    fields: {
      code: { label: 'Code', column: { width: 140 }, help: 'e.g. SCI 101; unique among active' },
      description: { label: 'Description' },
      capacity: { label: 'Capacity', widget: 'number', column: { width: 100 } },
      isActive: { label: 'Active', column: { width: 90 } },
    },
  },
  derive: (record) => ({
    ...record,
    description: record.description ?? null,
    isActive: record.isActive ?? true,
  }),
});
