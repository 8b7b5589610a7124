import {
  UsersMerged,
  userMergeStream,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { textChange } from './changeDisplay.js';
import { eventsOf, UNKNOWN_RECORD, type HistoryNames } from './historyNames.js';
import type { OtherEventDescription } from './recordHistory.js';

/** The ids of the users merged into a user (from the users read model, `mergedIntoId`). */
export type MergedUsersLookup = (masterId: string) => Promise<string[]>;

/**
 * The `UsersMerged` events naming a user, as duplicate (its own `userMerge-<id>` stream) or as
 * master (the streams of the duplicates `mergedInto` knows; without it, none).
 */
export async function mergesOf(
  store: EventStore,
  userId: string,
  mergedInto: MergedUsersLookup | undefined,
): Promise<RecordedEvent[]> {
  const asDuplicate = await eventsOf(store, userMergeStream(userId));
  const duplicates = mergedInto ? await mergedInto(userId) : [];
  const asMaster = await Promise.all(
    duplicates
      .filter((duplicateId) => duplicateId !== userId)
      .map(async (duplicateId) =>
        (await eventsOf(store, userMergeStream(duplicateId))).filter(
          (e) => UsersMerged.safeParse(e.data).data?.masterId === userId,
        ),
      ),
  );
  return [...asDuplicate, ...asMaster.flat()].filter((e) => e.type === 'UsersMerged');
}

/**
 * What a merge shows in a user's history: both users by name.
 */
export function userEventDescriber(names: HistoryNames) {
  const nameOf = async (id: string) => (await names.person(id))?.displayName ?? UNKNOWN_RECORD;
  return async (event: RecordedEvent): Promise<OtherEventDescription> => {
    if (event.type === 'UsersMerged') {
      const merge = UsersMerged.parse(event.data);
      return {
        summary: `${await nameOf(merge.duplicateId)} was merged into ${await nameOf(merge.masterId)}`,
        changes: [
          {
            field: 'masterId',
            from: null,
            to: merge.masterId,
            label: 'Kept user',
            display: textChange('(empty)', await nameOf(merge.masterId)),
          },
          {
            field: 'duplicateId',
            from: null,
            to: merge.duplicateId,
            label: 'Merged user',
            display: textChange('(empty)', await nameOf(merge.duplicateId)),
          },
        ],
      };
    }
    return { summary: null, changes: [] };
  };
}
