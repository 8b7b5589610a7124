import { defineConfigurationList } from './configurationList.js';

/** Kinds of teaching assignment: primary instructor, co-instructor, lab. */
export const assignmentTypes = defineConfigurationList({
  name: 'assignmentType',
  path: 'assignmentTypes',
  subject: 'Configuration',
  title: 'Assignment Types',
  singular: 'Assignment Type',
  description: 'Kinds of teaching assignment: primary instructor, co-instructor, lab.',
  key: 'slug',
  menu: { order: 4, icon: 'clipboard' },
});
