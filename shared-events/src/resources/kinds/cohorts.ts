import { defineTaxonomy } from './configurationList.js';

/** A taxonomy (spec §3). */
export const cohorts = defineTaxonomy({
  name: 'cohort',
  path: 'cohorts',
  title: 'Cohorts',
  singular: 'Cohort',
});
