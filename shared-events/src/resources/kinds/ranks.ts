import { defineConfigurationList } from './configurationList.js';

/** Academic ranks: Assistant, Associate and Full Professor, Lecturer. */
export const ranks = defineConfigurationList({
  name: 'rank',
  path: 'ranks',
  subject: 'Configuration',
  title: 'Ranks',
  singular: 'Rank',
  description: 'Academic ranks: Assistant, Associate and Full Professor, Lecturer.',
  key: 'slug',
  menu: { order: 8, icon: 'endorsed' },
});
