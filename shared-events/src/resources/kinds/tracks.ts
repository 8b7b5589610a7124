import { defineConfigurationList } from './configurationList.js';

/** Career tracks: tenure, non-tenure, clinical. */
export const tracks = defineConfigurationList({
  name: 'track',
  path: 'tracks',
  subject: 'Configuration',
  title: 'Tracks',
  singular: 'Track',
  description: 'Career tracks: tenure, non-tenure, clinical.',
  key: 'slug',
  menu: { order: 10, icon: 'timeline-line-chart' },
});
