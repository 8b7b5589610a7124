import { randomUUID } from 'node:crypto';
import {
  StreamNotFoundError,
  administrativeAssignments,
  notes,
  evolvePreferences,
  initialPreferencesState,
  preferenceStreamId,
  type EventStore,
  type PreferenceEvent,
  type PreferencesState,
} from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import type { CommandBus, ExecuteOptions } from '../commandHandling/commandBus.js';
import type { TeachingHoldings } from './sessionDirectory.js';

/** A preference record as its stream tells it, the submission's time included. */
async function preferencesOf(store: EventStore, streamId: string): Promise<PreferencesState> {
  const events = await store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });
  return events.reduce(
    (state, e) =>
      evolvePreferences(
        state,
        e as unknown as PreferenceEvent,
        e.metadata.occurredAt ?? e.createdAt.toISOString(),
      ),
    initialPreferencesState,
  );
}

export type PreferenceOutcome = 'moved' | 'masterKept';

/**
 * One instructor and period have one preference record. The master's own, once started, wins:
 * it is what the person last said as the master, and mixing two lists could pair twin
 * preferences the decider forbids. The duplicate's then only leaves the read model; its stream
 * keeps it (docs/teaching.md).
 */
export function preferenceOutcome(master: PreferencesState): PreferenceOutcome {
  return master.status === 'notStarted' ? 'moved' : 'masterKept';
}

/**
 * After `UsersMerged`: the duplicate's teaching assignments, preference records,
 * administrative assignments and the notes about them become the master's, each through its aggregate's command, caused
 * by the merge.
 */
export async function moveDuplicateTeaching(options: {
  store: EventStore;
  bus: CommandBus;
  holdings: TeachingHoldings;
  masterId: string;
  duplicateId: string;
  execute: ExecuteOptions;
}): Promise<void> {
  const { store, bus, holdings, masterId, duplicateId, execute } = options;
  for (const id of holdings.sectionIds) {
    await bus.execute(
      'ReassignMergedInstructor',
      { id, fromUserId: duplicateId, toUserId: masterId },
      execute,
    );
  }
  for (const AcademicPeriodId of holdings.preferencePeriodIds) {
    const duplicate = await preferencesOf(store, preferenceStreamId(duplicateId, AcademicPeriodId));
    if (duplicate.status === 'notStarted') continue;
    const master = await preferencesOf(store, preferenceStreamId(masterId, AcademicPeriodId));
    const outcome = preferenceOutcome(master);
    if (outcome === 'moved') {
      await bus.execute(
        'ReceiveMergedPreferences',
        {
          UserId: masterId,
          AcademicPeriodId,
          fromUserId: duplicateId,
          // New ids: a preference id is one read-model row, still the duplicate's until released.
          preferences: Object.values(duplicate.preferences).map((p) => ({
            ...p,
            id: randomUUID(),
          })),
          unavailable: duplicate.unavailable,
          status: duplicate.status,
          submittedAt: duplicate.submittedAt,
        },
        execute,
      );
    }
    await bus.execute(
      'ReleaseMergedPreferences',
      { UserId: duplicateId, AcademicPeriodId, intoUserId: masterId, outcome },
      execute,
    );
  }
  // Checked as `merge User`, like the other moves, not as the kind's update: with aemEnabled on
  // nobody may update AdminAssignment, yet a merge must not stop halfway over the duplicate's.
  const { ability, ...asMerge } = execute;
  if (ability) assertCan(ability, 'merge', 'User');
  for (const id of holdings.administrativeAssignmentIds) {
    await bus.execute(
      administrativeAssignments.commandNames.update,
      { id, UserId: masterId },
      asMerge,
    );
  }
  // Notes about the duplicate are about the same person: they follow to the master.
  for (const id of holdings.noteIds) {
    await bus.execute(notes.commandNames.update, { id, notableId: masterId }, asMerge);
  }
}
