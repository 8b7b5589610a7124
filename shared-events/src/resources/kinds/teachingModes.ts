import { defineConfigurationList } from './configurationList.js';

/** How a section is taught: in person, online, hybrid. */
export const teachingModes = defineConfigurationList({
  name: 'teachingMode',
  path: 'teachingModes',
  subject: 'Configuration',
  title: 'Teaching Modes',
  singular: 'Teaching Mode',
  description: 'How a section is taught: in person, online, hybrid.',
  key: 'slug',
  menu: { order: 9, icon: 'application' },
});
