import { describe, it } from '@jest/globals';
import {
  administrativeAssignmentTypes,
  assignmentTypes,
  campuses,
  cohorts,
  divisions,
  instructorTypes,
  locations,
  majors,
  pointTypes,
  programs,
  ranks,
  specialties,
  teachingModes,
  tracks,
  type ResourceDefinition,
} from '@allot/shared-events';
import { DeciderSpecification } from '@allot/shared-events/testing';
import { NotFoundError } from '../errors/errors.js';
import { resourceDecider, type ResourceCommand } from './decider.js';

interface Case {
  definition: ResourceDefinition;
  input: Record<string, unknown>;
  /** The record as stored: the input completed with its defaults. */
  stored: Record<string, unknown>;
  change: Record<string, unknown>;
}

const listed = (definition: ResourceDefinition, key: 'slug' | 'code' = 'slug'): Case => ({
  definition,
  input: { name: 'Lecturer', [key]: key === 'slug' ? 'lecturer' : 'LEC' },
  stored: {
    name: 'Lecturer',
    [key]: key === 'slug' ? 'lecturer' : 'LEC',
    description: null,
    isActive: true,
  },
  change: { description: 'Teaching-focused appointments' },
});
const taxonomy = (definition: ResourceDefinition): Case => ({
  definition,
  input: { name: 'North', slug: 'north' },
  stored: { name: 'North', slug: 'north', isActive: true },
  change: { name: 'North Campus' },
});

const CASES: Case[] = [
  listed(administrativeAssignmentTypes),
  listed(assignmentTypes),
  listed(divisions, 'code'),
  listed(instructorTypes),
  listed(pointTypes),
  listed(ranks),
  listed(teachingModes),
  listed(tracks),
  taxonomy(campuses),
  taxonomy(cohorts),
  taxonomy(majors),
  taxonomy(programs),
  taxonomy(specialties),
  {
    definition: locations,
    input: { code: 'SCI 101', capacity: 40 },
    stored: { code: 'SCI 101', capacity: 40, description: null, isActive: true },
    change: { capacity: 45 },
  },
];

describe.each(CASES)('the decider of $definition.path', ({ definition, input, stored, change }) => {
  const spec = DeciderSpecification.for(resourceDecider(definition));
  const types = definition.eventTypes;
  const command = (kind: ResourceCommand['kind'], data: Record<string, unknown>) => ({
    type: `${kind}${definition.eventPrefix}`,
    kind,
    data: { id: 'r1', ...data },
  });
  const created = { type: types.created, data: { id: 'r1', ...stored } };

  it('creates the record with its defaults (active, no description)', () => {
    spec.given([]).when(command('create', input)).then([created]);
  });

  it('records only a changed field; nothing when unchanged', () => {
    spec
      .given([created])
      .when(command('update', { ...input, ...change }))
      .then([{ type: types.updated, data: { id: 'r1', ...change } }]);
    spec.given([created]).when(command('update', input)).thenNothingHappens();
  });

  it('deactivates once; deletes; then not found', () => {
    const deactivated = { type: types.deactivated ?? '', data: { id: 'r1' } };
    spec.given([created]).when(command('deactivate', {})).then([deactivated]);
    spec.given([created, deactivated]).when(command('deactivate', {})).thenNothingHappens();
    const deleted = { type: types.deleted, data: { id: 'r1' } };
    spec.given([created]).when(command('delete', {})).then([deleted]);
    spec.given([created, deleted]).when(command('update', change)).thenThrows(NotFoundError);
  });
});
