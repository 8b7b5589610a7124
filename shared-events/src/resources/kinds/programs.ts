import { defineTaxonomy } from './configurationList.js';

/** A taxonomy (spec §3). */
export const programs = defineTaxonomy({
  name: 'program',
  path: 'programs',
  title: 'Programs',
  singular: 'Program',
});
