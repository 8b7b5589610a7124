import {
  academicPeriods,
  academicTerms,
  administrativeAssignments,
  courseOfferings,
  instructorCosts,
  type EventMetadata,
  type EventStore,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import type { ResourceCommandKind } from './decider.js';
import { checkAdministrativeAssignee } from '../teaching/facultyRules.js';
import { checkInstructorCost } from '../costs/costRules.js';
import { checkOfferingTermModes } from '../teaching/offeringRules.js';
import {
  checkPeriodKeepsTerms,
  checkTermWithinPeriod,
  termLeftPeriod,
  type BeforeAppend,
} from './periodRules.js';

/**
 * Rules of some kinds that look at other records, checked before anything is reserved or
 * appended, so a refusal (422) writes nothing. `current` is the record as stored (null on
 * create), `next` as the write would leave it. A rule between a record and those under it answers
 * what to append to the parent's registry just before the record's own event (childRegistry.ts).
 */
export async function checkBeforeResourceWrite(
  store: EventStore,
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  current: ResourceRecord | null,
  next: ResourceRecord | null,
  metadata: EventMetadata,
): Promise<BeforeAppend | undefined> {
  if (next === null || (kind !== 'create' && kind !== 'update')) return undefined;
  if (definition.name === academicTerms.name) {
    return checkTermWithinPeriod(store, current, next, metadata);
  } else if (definition.name === academicPeriods.name && current) {
    return checkPeriodKeepsTerms(store, current, next, metadata);
  } else if (definition.name === courseOfferings.name) {
    return checkOfferingTermModes(store, current, next, metadata);
  } else if (definition.name === administrativeAssignments.name) {
    await checkAdministrativeAssignee(store, current, next);
  } else if (definition.name === instructorCosts.name) {
    await checkInstructorCost(store, current, next);
  }
  return undefined;
}

/** After the record's own event: a child that left its parent leaves the parent's registry. */
export async function afterRegistryWrite(
  store: EventStore,
  definition: ResourceDefinition,
  current: ResourceRecord | null,
  next: ResourceRecord | null,
  metadata: EventMetadata,
): Promise<void> {
  if (definition.name === academicTerms.name) await termLeftPeriod(store, current, next, metadata);
}
