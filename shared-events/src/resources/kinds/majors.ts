import { defineTaxonomy } from './configurationList.js';

/** A taxonomy (spec §3). */
export const majors = defineTaxonomy({
  name: 'major',
  path: 'majors',
  title: 'Majors',
  singular: 'Major',
});
