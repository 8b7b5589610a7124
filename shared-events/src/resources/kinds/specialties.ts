import { defineTaxonomy } from './configurationList.js';

/** A taxonomy (spec §3). */
export const specialties = defineTaxonomy({
  name: 'specialty',
  path: 'specialties',
  title: 'Specialties',
  singular: 'Specialty',
});
