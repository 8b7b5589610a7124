import { defineConfigurationList } from './configurationList.js';

/** Kinds of workload points a faculty member earns. */
export const pointTypes = defineConfigurationList({
  name: 'pointType',
  path: 'pointTypes',
  subject: 'Configuration',
  title: 'Point Types',
  singular: 'Point Type',
  description: 'Kinds of workload points a faculty member earns.',
  key: 'slug',
  menu: { order: 7, icon: 'heat-grid' },
});
