import { defineConfigurationList } from './configurationList.js';

/** Kinds of instructors: tenure-line faculty, lecturers, adjuncts, graduate students. */
export const instructorTypes = defineConfigurationList({
  name: 'instructorType',
  path: 'instructorTypes',
  subject: 'Configuration',
  title: 'Instructor Types',
  singular: 'Instructor Type',
  description: 'Kinds of instructors: tenure-line faculty, lecturers, adjuncts, graduate students.',
  key: 'slug',
  menu: { order: 6, icon: 'person' },
});
