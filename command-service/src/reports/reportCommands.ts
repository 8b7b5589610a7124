import {
  CreateSavedReport,
  DeleteReportSnapshot,
  DeleteSavedReport,
  START_POSITION,
  TakeReportSnapshot,
  UpdateSavedReport,
  academicPeriods,
  positionToToken,
  reportSnapshotStream,
  savedReportStream,
  uniqueKey,
  uniqueStreamId,
  type EventStore,
} from '@allot/shared-events';
import { assertCan, type AppAbility } from '../authorization/ability.js';
import { defineCommand, type RunnableCommand } from '../commandHandling/commandDefinition.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { DomainRuleError, ForbiddenError } from '../errors/errors.js';
import { loadRecord } from '../resources/loadRecord.js';
import { writeWithReservedName } from '../resources/reservedNames.js';
import {
  ownerOf,
  reportSnapshotDecider,
  savedReportDecider,
  type CreateSavedReportCommand,
  type DeleteReportSnapshotCommand,
  type DeleteSavedReportCommand,
  type NameReservation,
  type ReportSnapshotEvent,
  type ReportSnapshotState,
  type SavedReportEvent,
  type SavedReportRecord,
  type SavedReportState,
  type SnapshotContext,
  type TakeReportSnapshotCommand,
  type UpdateSavedReportCommand,
} from './decider.js';

const SUBJECT = 'Report';
const RESERVED_AS = 'savedReport';

const mayManage = (ability: AppAbility) => ability.can('manage', SUBJECT);

/** Defining a system report, or sharing one with roles, is for report administrators. */
function assertMayPublish(ability: AppAbility): void {
  if (!mayManage(ability)) {
    throw new ForbiddenError(
      'Only report administrators may define system reports or share reports with roles.',
    );
  }
}

/**
 * The owner of a custom report changes or deletes it while they may make reports; anything else
 * (a system report, another's report) needs `update` or `delete` on Report. A report not found is
 * left to the decider (404).
 */
function assertMayChange(
  ability: AppAbility,
  action: 'update' | 'delete',
  state: SavedReportState,
  actorId: string | null,
): void {
  if (state.status !== 'live') return;
  const { type, UserId } = state.report;
  const own = type === 'custom' && actorId !== null && UserId === actorId;
  if (own && ability.can('create', SUBJECT)) return;
  assertCan(ability, action, SUBJECT);
}

/** Sharing a report with roles it was not shared with before needs `manage`; unsharing does not. */
function assertMayShare(
  ability: AppAbility,
  state: SavedReportState,
  sharedWithRoles: readonly string[] | undefined,
): void {
  if (!sharedWithRoles || sharedWithRoles.length === 0) return;
  const before = new Set<string>(state.status === 'live' ? state.report.sharedWithRoles : []);
  if (sharedWithRoles.some((role) => !before.has(role))) assertMayPublish(ability);
}

/**
 * A name once per owner among live reports (system reports are one owner), case and spacing
 * ignored: a stream per name, reserved before the report's event (docs/decisions.md 28).
 */
export function nameReservation(UserId: string | null, name: string): NameReservation {
  const owner = UserId === null ? 'system' : `user:${UserId}`;
  const key = uniqueKey(['owner', 'name'], { owner, name }, { ignoreSpacing: true });
  if (key === null) throw new Error('A saved report always has a name');
  return {
    streamId: uniqueStreamId(RESERVED_AS, ['owner', 'name'], key),
    fields: ['UserId', 'name'],
    message:
      UserId === null
        ? 'A system report already has this name.'
        : 'You already have a report with this name.',
  };
}

/** The period a report or snapshot names must exist (422); null is the viewer's working period. */
async function assertPeriodExists(store: EventStore, id: string | null | undefined): Promise<void> {
  if (id === undefined || id === null) return;
  if (!(await loadRecord(store, academicPeriods, id))) {
    throw new DomainRuleError('There is no such academic period.');
  }
}

const writeWithName = writeWithReservedName(RESERVED_AS);

async function loadReport(store: EventStore, id: string): Promise<SavedReportState> {
  return (await loadAggregate(store, savedReportDecider, savedReportStream(id))).state;
}

/** A saved report as its events leave it now (data services export one); null when deleted. */
export async function loadSavedReport(
  store: EventStore,
  id: string,
): Promise<SavedReportRecord | null> {
  const state = await loadReport(store, id);
  return state.status === 'live' ? state.report : null;
}

const heldBy = (state: SavedReportState): NameReservation | null =>
  state.status === 'live' ? nameReservation(state.report.UserId, state.report.name) : null;

export const createSavedReportCommand = defineCommand<
  CreateSavedReportCommand,
  SavedReportState,
  SavedReportEvent
>({
  name: 'CreateSavedReport',
  schema: CreateSavedReport,
  decider: savedReportDecider,
  streamId: (payload) => savedReportStream(payload.id),
  entityId: (payload) => payload.id,
  permit(ability, payload) {
    assertCan(ability, 'create', SUBJECT);
    if (payload.type === 'system' || payload.sharedWithRoles.length > 0) assertMayPublish(ability);
  },
  async load(store, payload, { meta }) {
    await assertPeriodExists(store, payload.AcademicPeriodId);
    const state = await loadReport(store, payload.id);
    // A retried create of the same report keeps its own name.
    return {
      held: heldBy(state),
      wanted: nameReservation(ownerOf(payload.type, meta.actorId), payload.name),
    };
  },
  write: writeWithName,
});

export const updateSavedReportCommand = defineCommand<
  UpdateSavedReportCommand,
  SavedReportState,
  SavedReportEvent
>({
  name: 'UpdateSavedReport',
  schema: UpdateSavedReport,
  decider: savedReportDecider,
  streamId: (payload) => savedReportStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
  // Found and allowed first (404 and 403 before a 422), then the period and the name.
  async load(store, payload, { ability, meta }) {
    const state = await loadReport(store, payload.id);
    assertMayChange(ability, 'update', state, meta.actorId);
    assertMayShare(ability, state, payload.sharedWithRoles);
    if (state.status !== 'live') return { held: null, wanted: null };
    await assertPeriodExists(store, payload.AcademicPeriodId);
    const held = heldBy(state);
    const name = payload.name ?? state.report.name;
    return { held, wanted: nameReservation(state.report.UserId, name) };
  },
  authorize(ability, command, state, meta) {
    assertMayChange(ability, 'update', state, meta.actorId);
    assertMayShare(ability, state, command.data.sharedWithRoles);
  },
  write: writeWithName,
});

export const deleteSavedReportCommand = defineCommand<
  DeleteSavedReportCommand,
  SavedReportState,
  SavedReportEvent
>({
  name: 'DeleteSavedReport',
  schema: DeleteSavedReport,
  decider: savedReportDecider,
  streamId: (payload) => savedReportStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
  async load(store, payload, { ability, meta }) {
    const state = await loadReport(store, payload.id);
    assertMayChange(ability, 'delete', state, meta.actorId);
    return { held: heldBy(state), wanted: null };
  },
  authorize: (ability, _command, state, meta) =>
    assertMayChange(ability, 'delete', state, meta.actorId),
  write: writeWithName,
});

export const takeReportSnapshotCommand = defineCommand<
  TakeReportSnapshotCommand,
  ReportSnapshotState,
  ReportSnapshotEvent
>({
  name: 'TakeReportSnapshot',
  schema: TakeReportSnapshot,
  decider: reportSnapshotDecider,
  streamId: (payload) => reportSnapshotStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
  async load(store, payload): Promise<SnapshotContext> {
    await assertPeriodExists(store, payload.query.AcademicPeriodId);
    // The plan the snapshot shows: everything the log held when it was taken.
    const head = await store.headPosition();
    return { position: positionToToken(head ?? START_POSITION) };
  },
});

export const deleteReportSnapshotCommand = defineCommand<
  DeleteReportSnapshotCommand,
  ReportSnapshotState,
  ReportSnapshotEvent
>({
  name: 'DeleteReportSnapshot',
  schema: DeleteReportSnapshot,
  decider: reportSnapshotDecider,
  streamId: (payload) => reportSnapshotStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
  // Its taker deletes it; anyone else needs `delete` on Report. Unknown: the decider's 404.
  authorize(ability, _command, state, meta) {
    if (state.status !== 'live') return;
    if (meta.actorId !== null && state.takenBy === meta.actorId) return;
    assertCan(ability, 'delete', SUBJECT);
  },
});

/** Every command of saved reports and snapshots. */
export const reportCommands: readonly RunnableCommand[] = [
  createSavedReportCommand,
  updateSavedReportCommand,
  deleteSavedReportCommand,
  takeReportSnapshotCommand,
  deleteReportSnapshotCommand,
];
