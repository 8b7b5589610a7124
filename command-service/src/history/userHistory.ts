import {
  MasqueradeStarted,
  UsersMerged,
  masqueradeStream,
  userMergeStream,
  type EventStore,
  type RecordedEvent,
  textChange,
  UNKNOWN_RECORD,
  type HistoryNames,
} from '@allot/shared-events';
import { eventsOf } from './historyNames.js';
import type { OtherEventDescription } from './recordHistory.js';

/** The ids of the users merged into a user (from the users read model, `mergedIntoId`). */
export type MergedUsersLookup = (masterId: string) => Promise<string[]>;

/** The ids of the users who ever masqueraded as a user (from the masquerades read model). */
export type MasqueradersLookup = (workingUserId: string) => Promise<string[]>;

const MASQUERADE_TYPES = new Set(['MasqueradeStarted', 'MasqueradeEnded']);

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
 * The masquerades a user took part in: as the admin who acted (their own `masquerade-<id>`
 * stream) and as the user acted as (the streams of the admins `masqueraders` names; without
 * it, none).
 */
export async function masqueradesOf(
  store: EventStore,
  userId: string,
  masqueraders: MasqueradersLookup | undefined,
): Promise<RecordedEvent[]> {
  const asAdmin = await eventsOf(store, masqueradeStream(userId));
  const admins = masqueraders ? await masqueraders(userId) : [];
  const asWorkingUser = await Promise.all(
    admins
      .filter((adminId) => adminId !== userId)
      .map(async (adminId) =>
        (await eventsOf(store, masqueradeStream(adminId))).filter(
          (e) => MasqueradeStarted.safeParse(e.data).data?.workingUserId === userId,
        ),
      ),
  );
  return [...asAdmin, ...asWorkingUser.flat()].filter((e) => MASQUERADE_TYPES.has(e.type));
}

/**
 * What a merge or a masquerade shows in a user's history: a merge, both users by name; a
 * masquerade, one sentence naming the admin and the user acted as (the same in both histories).
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
    if (MASQUERADE_TYPES.has(event.type)) {
      // Both events carry the same pair; the start and end schemas are one shape.
      const { userId, workingUserId } = MasqueradeStarted.parse(event.data);
      const verb = event.type === 'MasqueradeStarted' ? 'started' : 'stopped';
      return {
        summary: `${await nameOf(userId)} ${verb} acting as ${await nameOf(workingUserId)}`,
        changes: [],
      };
    }
    return { summary: null, changes: [] };
  };
}
