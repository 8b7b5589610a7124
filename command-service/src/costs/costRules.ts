import {
  activeAssignments,
  sectionDecider,
  type EventStore,
  type ResourceRecord,
} from '@allot/shared-events';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { DomainRuleError } from '../errors/errors.js';
import { sectionStreamId } from '../teaching/sectionCommands.js';

/**
 * An instructor cost names a section that exists; a cost set by hand for an instructor names one
 * who teaches it now (a withdrawn or removed assignment costs nothing, so neither would its
 * entry). A placeholder may sit on any live section: it costs only what nobody covers yet.
 */
export async function checkInstructorCost(
  store: EventStore,
  current: ResourceRecord | null,
  next: ResourceRecord,
): Promise<void> {
  if (current && current.SectionId !== next.SectionId) {
    throw new DomainRuleError('A cost stays with its section: remove it and add one to the other.');
  }
  const sectionId = String(next.SectionId);
  const { state } = await loadAggregate(store, sectionDecider, sectionStreamId(sectionId));
  if (state.status !== 'live') throw new DomainRuleError('This section does not exist.');
  if (typeof next.UserId === 'string' && next.UserId !== '') {
    const teaches = activeAssignments(state).some((a) => a.UserId === next.UserId);
    if (!teaches) throw new DomainRuleError('This instructor does not teach this section.');
  }
}
