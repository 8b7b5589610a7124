import { z } from 'zod';
import { defineResource } from '../defineResource.js';
import { recordId } from './fields.js';

export const THEMES = ['dark', 'light'] as const;
/** Spec §9: the default theme. */
export const DEFAULT_THEME = 'dark';

/** A user's own settings (the theme); each user reads and changes only their own. */
export const userSettings = defineResource({
  name: 'userSetting',
  eventPrefix: 'UserSetting',
  path: 'userSettings',
  subject: 'User',
  ownerField: 'UserId',
  schema: z.object({ UserId: recordId, value: z.enum(THEMES) }),
  list: { fields: { UserId: 'text', value: 'text' }, defaultSort: [['UserId', 'ASC']] },
  ui: {
    title: 'User Settings',
    singular: 'User Setting',
    fields: {
      UserId: { label: 'User', widget: 'reference', reference: 'users', labelField: 'displayName' },
      value: {
        label: 'Theme',
        widget: 'select',
        options: [
          { value: 'dark', label: 'Dark' },
          { value: 'light', label: 'Light' },
        ],
      },
    },
  },
  unique: [{ fields: ['UserId'], message: 'This user already has settings; change them instead.' }],
});
