import { z } from 'zod';
import { CLONE_KINDS } from '../../cloning/cloneSettings.js';
import { defineResource } from '../defineResource.js';
import { name } from './fields.js';

const season = z.string().trim().min(1).max(200);

/**
 * A clone's blueprint (docs/cloning.md): what to copy, where each kind of term goes and the
 * options, saved by name to use again next year. Terms are named without their year ("fall" to
 * "fall", "summer" to none), so the blueprint fits any two periods; the page maps them onto the
 * chosen periods' terms.
 */
export const cloneBlueprints = defineResource({
  name: 'cloneBlueprint',
  eventPrefix: 'CloneBlueprint',
  path: 'cloneBlueprints',
  subject: 'Clone',
  schema: z.object({
    name,
    kinds: z
      .array(z.enum(CLONE_KINDS))
      .min(1, 'Choose what to copy.')
      .max(CLONE_KINDS.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, 'each kind may be chosen once'),
    /** A source term's name without its year → the target term's, or null: not copied. */
    termMapping: z.record(season, season.nullable()),
    shiftMeetingDates: z.boolean(),
    keepInstructors: z.boolean(),
    keepNotes: z.boolean(),
  }),
  list: { fields: { name: 'text' }, defaultSort: [['name', 'ASC']] },
  unique: [
    {
      fields: ['name'],
      message: 'A blueprint with this name exists already.',
      ignoreSpacing: true,
    },
  ],
  ui: {
    title: 'Clone Blueprints',
    singular: 'Blueprint',
    description: 'Saved choices of what to clone and where each term goes, to use again.',
    fields: { name: { label: 'Name' } },
  },
});
