import {
  notActiveFacultySentence,
  type EventStore,
  type ResourceRecord,
} from '@allot/shared-events';
import { DomainRuleError } from '../errors/errors.js';
import { scheduleIndexFor } from './scheduleIndex.js';

/**
 * An administrative assignment goes to an active faculty member (422 naming who is not), judged
 * when it is created or changes hands. Who is faculty comes from the schedule index, which
 * follows every user stream and merge (docs/decisions.md 20). A merge's follow-up, handing the
 * duplicate's assignment to its master, is the same person's and passes as it is, as teaching
 * assignments do (docs/teaching.md, User merge).
 */
export async function checkAdministrativeAssignee(
  store: EventStore,
  current: ResourceRecord | null,
  next: ResourceRecord,
): Promise<void> {
  const UserId = String(next.UserId);
  if (current !== null && current.UserId === UserId) return;
  const index = scheduleIndexFor(store);
  await index.refresh();
  if (index.isActiveFacultyMember(UserId)) return;
  const previous = current ? index.userFacts(String(current.UserId)) : null;
  if (previous?.mergedIntoId === UserId) return;
  const name = index.userFacts(UserId)?.name ?? 'This person';
  throw new DomainRuleError(notActiveFacultySentence(name, 'be given administrative assignments'));
}
