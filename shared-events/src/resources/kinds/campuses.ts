import { defineTaxonomy } from './configurationList.js';

/** A taxonomy (spec §3). */
export const campuses = defineTaxonomy({
  name: 'campus',
  path: 'campuses',
  title: 'Campuses',
  singular: 'Campus',
});
