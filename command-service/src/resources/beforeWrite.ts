import {
  academicPeriods,
  academicTerms,
  administrativeAssignments,
  courseOfferings,
  type EventStore,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import type { ResourceCommandKind } from './resourceDecider.js';
import { checkAdministrativeAssignee } from '../teaching/facultyRules.js';
import { checkOfferingTermModes } from '../teaching/offeringRules.js';
import { checkPeriodKeepsTerms, checkTermWithinPeriod } from './periodRules.js';

/**
 * Rules of some kinds that look at other records, checked before anything is reserved or
 * appended, so a refusal (422) writes nothing. `current` is the record as stored (null on
 * create), `next` as the write would leave it.
 */
export async function checkBeforeResourceWrite(
  store: EventStore,
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  current: ResourceRecord | null,
  next: ResourceRecord | null,
): Promise<void> {
  if (next === null || (kind !== 'create' && kind !== 'update')) return;
  if (definition.name === academicTerms.name) {
    await checkTermWithinPeriod(store, current, next);
  } else if (definition.name === academicPeriods.name && current) {
    await checkPeriodKeepsTerms(store, current, next);
  } else if (definition.name === courseOfferings.name) {
    await checkOfferingTermModes(store, current, next);
  } else if (definition.name === administrativeAssignments.name) {
    await checkAdministrativeAssignee(store, current, next);
  }
}
