import { defineConfigurationList } from './configurationList.js';

/** Kinds of administrative work an instructor is credited for: chair, director, committee. */
export const administrativeAssignmentTypes = defineConfigurationList({
  name: 'administrativeAssignmentType',
  path: 'administrativeAssignmentTypes',
  subject: 'AdminAssignmentType',
  title: 'Admin Assignment Types',
  singular: 'Admin Assignment Type',
  description:
    'Kinds of administrative work an instructor is credited for: chair, director, committee.',
  key: 'slug',
  menu: { order: 3, icon: 'briefcase' },
});
