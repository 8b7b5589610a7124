import {
  userSettings,
  workgroups,
  type EventStore,
  type WorkgroupMember,
} from '@allot/shared-events';
import type { ExecuteOptions, CommandBus } from '../commandHandling/commandBus.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { resourceDecider } from '../resources/decider.js';
import type { SessionDirectory } from './sessionDirectory.js';
import { moveDuplicateTeaching } from './mergeTeaching.js';

/** The duplicate's membership joins the master's: the master keeps its bits and gains the other's. */
export function mergedMembers(
  members: readonly WorkgroupMember[],
  masterId: string,
  duplicateId: string,
): WorkgroupMember[] {
  const duplicate = members.find((m) => m.UserId === duplicateId);
  if (!duplicate) return [...members];
  const master = members.find((m) => m.UserId === masterId);
  const rest = members.filter((m) => m.UserId !== duplicateId && m.UserId !== masterId);
  const permission = (master?.permission ?? 0) | duplicate.permission;
  return [...rest, { ...(master ?? {}), UserId: masterId, permission }];
}

/**
 * After `UsersMerged`: each workgroup membership and the settings of the duplicate move to the
 * master, as ordinary commands caused by the merge (so each record's history says why it changed),
 * and so does its teaching data (mergeTeaching.ts).
 */
export async function moveDuplicateData(options: {
  store: EventStore;
  bus: CommandBus;
  directory: SessionDirectory;
  masterId: string;
  duplicateId: string;
  execute: ExecuteOptions;
}): Promise<void> {
  const { store, bus, directory, masterId, duplicateId, execute } = options;
  const decider = resourceDecider(workgroups);
  for (const workgroupId of await directory.workgroupIdsOf(duplicateId)) {
    const { state } = await loadAggregate(store, decider, workgroups.streamId(workgroupId));
    if (state.status !== 'live') continue;
    const members = (state.record.members ?? []) as WorkgroupMember[];
    const next = mergedMembers(members, masterId, duplicateId).map(({ UserId, permission }) => ({
      UserId,
      permission,
    }));
    await bus.execute(workgroups.commandNames.update, { id: workgroupId, members: next }, execute);
  }
  const masterHasSettings = (await directory.userSettingIdsOf(masterId)).length > 0;
  for (const settingId of await directory.userSettingIdsOf(duplicateId)) {
    // One settings record per user: the master's own wins over the duplicate's.
    if (masterHasSettings) {
      await bus.execute(userSettings.commandNames.delete, { id: settingId }, execute);
    } else {
      await bus.execute(
        userSettings.commandNames.update,
        { id: settingId, UserId: masterId },
        execute,
      );
    }
  }
  await moveDuplicateTeaching({
    store,
    bus,
    holdings: await directory.teachingOf(duplicateId),
    masterId,
    duplicateId,
    execute,
  });
}
