import { defineConfigurationList } from '../configurationList.js';

/** How effort is funded or reported: institutional, sponsored, cost share, … */
export const effortTypes = defineConfigurationList({
  name: 'effortType',
  path: 'effortTypes',
  subject: 'EffortType',
  title: 'Effort Types',
  singular: 'Effort Type',
  description: 'How effort is funded or reported: institutional, sponsored, cost share.',
  key: 'code',
  route: '/effort/types',
});
