import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  inUseMessage,
  isKnownEventType,
  allResources,
  campuses,
  courseOfferings,
  courses,
  locations,
  preferenceStreamId,
  ranks,
  referencesTo,
  teachingModes,
  users,
  workgroups,
  type ResourceDefinition,
} from '@allot/shared-events';
import { nativeDatabaseUrl } from '@allot/shared-events/testing';
import { createProjectionRunner, type ProjectionRunner } from '../../runner/runner.js';
import { silentProjectionLogger } from '../../runner/logger.js';
import { createTableResolver } from '../../runner/tableNames.js';
import { projectionTestEnvs, type ProjectionTestEnv } from '../../runner/testing/environment.js';
import { resourceProjections } from './projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { preferencesProjection } from '../preferences/projection.js';
import { createInUseLookup, referenceJsonPath } from './inUse.js';

const envs = projectionTestEnvs(nativeDatabaseUrl() ? 'postgres' : 'pglite');
let env: ProjectionTestEnv;
let runner: ProjectionRunner;

async function emit(
  resource: ResourceDefinition,
  kind: 'created' | 'deleted',
  data: { id: string } & Record<string, unknown>,
) {
  await env.store.appendToStream(resource.streamId(data.id), [
    { type: resource.eventTypes[kind], data, metadata: { actorId: 'admin' } },
  ]);
}

const user = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  firstName: 'F',
  lastName: id,
  displayName: `F ${id}`,
  honorific: null,
  email: `${id}@example.edu`,
  username: id,
  Roles: [],
  EmployeeId: null,
  isActive: true,
  isFaculty: true,
  hostSystemId: null,
  WorkingAcademicPeriodId: null,
  FacultyProfile: null,
  FinancialData: null,
  lastLoginAt: null,
  ...extra,
});

const meeting = (id: string, LocationId: string | null) => ({
  id,
  days: ['MO'],
  startTime: '09:00',
  endTime: '10:00',
  startDate: '2026-09-07',
  occurrences: 10,
  frequency: 'weekly',
  LocationId,
});

/**
 * Registered uses (shared-events teaching/references.ts): a section of course k1 in mode m1 with
 * two meetings in room L1 and u1 assigned, a deleted section in room L2, u2's preference for
 * course k2 in mode m2.
 */
async function emitTeaching() {
  await emit(courses, 'created', { id: 'k1', courseNumber: 'MATH 1', name: 'Algebra' });
  await emit(courses, 'created', { id: 'k2', courseNumber: 'MATH 2', name: 'Calculus' });
  await emit(courseOfferings, 'created', { id: 'o1', CourseId: 'k1', AcademicPeriodId: 'p1' });
  const section = (id: string) => ({
    id,
    CourseOfferingId: 'o1',
    WorkgroupId: 'w1',
    name: 'Algebra',
    sectionNumber: id,
    enrollment: null,
    defaultPoints: null,
    points: null,
    notes: null,
    TermMode: { AcademicTermId: 't1', TeachingModeId: 'm1' },
    allowOverlap: false,
  });
  const sectionEvents = (id: string, room: string) => [
    { type: 'SectionCreated', data: section(id), metadata: { actorId: 'admin' } },
    {
      type: 'SectionMeetingsSet',
      data: {
        id,
        meetings: [meeting('a', room), meeting('b', room)],
        overriddenConflicts: [],
        warnings: [],
      },
      metadata: { actorId: 'admin' },
    },
  ];
  await env.store.appendToStream('section-s1', [
    ...sectionEvents('s1', 'L1'),
    {
      type: 'TeachingAssignmentCreated',
      data: {
        SectionId: 's1',
        id: 'as1',
        UserId: 'u1',
        share: null,
        notes: null,
        status: 'proposed',
        overriddenConflicts: [],
        warnings: [],
      },
      metadata: { actorId: 'admin' },
    },
  ]);
  await env.store.appendToStream('section-s2', [
    ...sectionEvents('s2', 'L2'),
    { type: 'SectionDeleted', data: { id: 's2' }, metadata: { actorId: 'admin' } },
  ]);
  await env.store.appendToStream(preferenceStreamId('u2', 'p1'), [
    {
      type: 'TeachingPreferenceAdded',
      data: {
        UserId: 'u2',
        AcademicPeriodId: 'p1',
        id: 'pref1',
        level: 'preferred',
        weight: null,
        CourseId: 'k2',
        AssignmentTypeId: null,
        AcademicTermId: null,
        TeachingModeId: 'm2',
        notes: null,
      },
      metadata: { actorId: 'u2' },
    },
  ]);
}

beforeAll(async () => {
  env = await envs.open();
  await emit(ranks, 'created', {
    id: 'r1',
    name: 'Full Professor',
    slug: 'full',
    description: null,
    isActive: true,
  });
  await emit(ranks, 'created', {
    id: 'r2',
    name: 'Lecturer',
    slug: 'lecturer',
    description: null,
    isActive: true,
  });
  await emit(campuses, 'created', { id: 'c1', name: 'North', slug: 'north', isActive: true });
  await emit(users, 'created', user('u1', { FacultyProfile: { RankId: 'r1', CampusIds: ['c1'] } }));
  await emit(users, 'created', user('u2', { FacultyProfile: { RankId: 'r1' } }));
  await emit(users, 'created', user('u3', { FacultyProfile: { RankId: 'r1' } }));
  await emit(users, 'deleted', { id: 'u3' });
  await emit(workgroups, 'created', {
    id: 'w1',
    name: 'Maths',
    members: [{ id: 'w1.u1', UserId: 'u1', permission: 3 }],
  });
  await emitTeaching();
  runner = createProjectionRunner({
    store: env.store,
    knex: env.knex,
    schema: env.schema,
    projections: [...resourceProjections, sectionsProjection, preferencesProjection],
    knownEventTypes: isKnownEventType,
    logger: silentProjectionLogger,
    pollIntervalMs: 10,
  });
  await runner.start();
  const head = await env.store.committedHeadPosition();
  if (!head || !(await runner.waitFor(head, undefined, 20_000))) throw new Error('not caught up');
});

afterAll(async () => {
  await runner.stop();
  await env.close();
  await envs.closeAll();
});

describe('createInUseLookup (read models)', () => {
  const lookup = () =>
    createInUseLookup({ knex: env.knex, tables: createTableResolver(env.knex, env.schema, 0) });

  it('counts the live records naming a record: one id, a list of ids, a list of members', async () => {
    const inUse = lookup();
    // u3 names r1 too but is deleted.
    expect(await inUse(ranks, 'r1')).toEqual([{ resource: 'users', count: 2 }]);
    expect(await inUse(campuses, 'c1')).toEqual([{ resource: 'users', count: 1 }]);
    // u1's teaching assignment too: see the registered uses below.
    expect(await inUse(users, 'u1')).toContainEqual({ resource: 'workgroups', count: 1 });
  });

  it('answers [] for records nobody names and kinds nobody references', async () => {
    const inUse = lookup();
    expect(await inUse(ranks, 'r2')).toEqual([]);
    expect(await inUse(users, 'u3')).toEqual([]);
    expect(await inUse(locations, 'anything')).toEqual([]);
  });

  it('counts registered uses in their own tables: sections, meetings, assignments, preferences', async () => {
    const inUse = lookup();
    // The offering (declared) and its live section (registered, by the course it carries).
    expect(await inUse(courses, 'k1')).toEqual([
      { resource: 'courseOfferings', count: 1 },
      { resource: 'sections', count: 1 },
    ]);
    expect(await inUse(courses, 'k2')).toEqual([{ resource: 'teachingPreferences', count: 1 }]);
    expect(await inUse(teachingModes, 'm1')).toEqual([{ resource: 'sections', count: 1 }]);
    expect(await inUse(teachingModes, 'm2')).toEqual([
      { resource: 'teachingPreferences', count: 1 },
    ]);
    // Each meeting counts; the deleted section's do not.
    expect(await inUse(locations, 'L1')).toEqual([{ resource: 'sectionMeetings', count: 2 }]);
    expect(await inUse(locations, 'L2')).toEqual([]);
    expect(await inUse(users, 'u1')).toEqual([
      { resource: 'workgroups', count: 1 },
      { resource: 'sectionAssignments', count: 1 },
    ]);
    expect(await inUse(users, 'u2')).toEqual([{ resource: 'teachingPreferences', count: 1 }]);
    expect(await inUse(teachingModes, 'unused')).toEqual([]);
  });

  it('names registered uses in the sentence', () => {
    expect(
      inUseMessage(
        locations,
        [{ resource: 'sectionMeetings', count: 2 }],
        referencesTo(locations, allResources),
      ),
    ).toMatch(/^This location is used by 2 meetings\. /);
    expect(
      inUseMessage(
        courses,
        [
          { resource: 'sections', count: 1 },
          { resource: 'teachingPreferences', count: 3 },
        ],
        referencesTo(courses, allResources),
      ),
    ).toMatch(/^This course is used by 1 section and 3 teaching preferences\. /);
  });

  it('says where in a sentence offering deactivation', () => {
    const uses = referencesTo(ranks, allResources);
    expect(inUseMessage(ranks, [{ resource: 'users', count: 2 }], uses)).toBe(
      'This rank is used by 2 users. Deactivate it instead.',
    );
    expect(
      inUseMessage(
        users,
        [
          { resource: 'workgroups', count: 1 },
          { resource: 'userSettings', count: 1 },
        ],
        referencesTo(users, allResources),
      ),
    ).toMatch(/^This user is used by 1 workgroup and 1 /);
  });

  it('refuses a reference path that is not a dotted field name', () => {
    expect(referenceJsonPath('members.UserId')).toBe('$.members.UserId ? (@ == $id)');
    expect(() => referenceJsonPath('a") || true')).toThrow();
  });
});
