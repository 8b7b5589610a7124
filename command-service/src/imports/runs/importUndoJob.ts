import {
  IMPORT_PROBLEMS_KEPT,
  ImportUndoJobData,
  importRunStream,
  sectionDecider,
  type EventStore,
  type InUseLookup,
  type RecordedEvent,
  type ResourceDefinition,
  type SectionState,
} from '@allot/shared-events';
import type { AppAbility } from '../../authorization/ability.js';
import type { CommandBus } from '../../commandHandling/commandBus.js';
import { loadAggregate } from '../../commandHandling/handleCommand.js';
import type { JobContext } from '../../jobs/port.js';
import {
  resourceDecider,
  type ResourceEvent,
  type ResourceState,
} from '../../resources/decider.js';
import { readOrEmpty } from '../../resources/uniqueReservations.js';
import type { PlannedCommand, Problem } from '../plan/rows.js';
import { sameValue } from '../plan/rows.js';
import { isSectionStream, resourceOfStream } from '../streams.js';
import { importRunDecider } from './decider.js';

export interface ImportUndoJobDeps {
  bus: CommandBus;
  store: EventStore;
  abilityOf(userId: string): Promise<AppAbility | null>;
  /** Who still names a record (read models): a record the run created and others use stays. */
  inUse?: InUseLookup;
}

/** Why a run that removed what its file left out is not undone (a removal has no way back). */
const REMOVED = 'the import removed it (not in the file), and a removal cannot be undone';

const SECTION_FIELDS = ['name', 'enrollment', 'points', 'WorkgroupId'] as const;

/** What people call a record: its name, code, number or display name. */
function recordLabel(record: Record<string, unknown>): string | null {
  for (const field of ['displayName', 'name', 'code', 'courseNumber', 'email']) {
    const value = record[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** The commands that put one stream back as it was before the run's first event on it. */
function sectionUndo(before: SectionState, now: SectionState, id: string): PlannedCommand[] {
  if (before.status !== 'live')
    return now.status === 'live' ? [{ name: 'DeleteSection', payload: { id } }] : [];
  if (now.status !== 'live') return [];
  const was = before;
  const is = now;
  const commands: PlannedCommand[] = [];
  for (const assignment of Object.values(is.assignments)) {
    const old = was.assignments[assignment.id];
    if (!old) {
      commands.push({ name: 'UnassignInstructor', payload: { id, assignmentId: assignment.id } });
    } else if (!sameValue(old.share, assignment.share)) {
      commands.push({
        name: 'ChangeAssignment',
        payload: { id, assignmentId: assignment.id, share: old.share },
      });
    }
  }
  if (!sameValue(was.section.meetings, is.section.meetings)) {
    // The meetings it had were accepted then; what clashes now is the import's to take back.
    commands.push({
      name: 'SetMeetings',
      payload: { id, meetings: was.section.meetings, override: true },
    });
  }
  const fields = Object.fromEntries(
    SECTION_FIELDS.filter((f) => !sameValue(was.section[f], is.section[f])).map((f) => [
      f,
      was.section[f],
    ]),
  );
  if (Object.keys(fields).length > 0)
    commands.push({ name: 'UpdateSection', payload: { id, ...fields } });
  return commands;
}

function resourceUndo(
  definition: ResourceDefinition,
  before: ResourceState,
  now: ResourceState,
): PlannedCommand[] {
  if (now.status !== 'live') return [];
  const id = String(now.record.id);
  if (before.status !== 'live') return [{ name: definition.commandNames.delete, payload: { id } }];
  const shape =
    (
      definition.schema as unknown as {
        shape?: Record<string, { safeParse(v: unknown): { success: boolean } }>;
      }
    ).shape ?? {};
  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(shape)) {
    const was = before.record[field];
    if (sameValue(was, now.record[field])) continue;
    if (was !== undefined) fields[field] = was;
    else if (shape[field]?.safeParse(null).success) fields[field] = null;
  }
  return Object.keys(fields).length > 0
    ? [{ name: definition.commandNames.update, payload: { id, ...fields } }]
    : [];
}

/**
 * The `importUndo` job: undoes an import run as a whole, as the person who asks, while nothing
 * later depends on it. First every stream the run wrote is read: one changed after the run by
 * anything else, or a record the run created that others now name, refuses the whole undo (with
 * what depends on it, nothing written). Otherwise each record is put back as it was before the
 * run, the last written first, through the normal commands (their rules and history apply).
 */
export function createImportUndoJob(deps: ImportUndoJobDeps) {
  return async function importUndoJob(ctx: JobContext) {
    const { runId } = ImportUndoJobData.parse(ctx.data);
    const ability = await deps.abilityOf(ctx.ownerId);
    const options = {
      actorId: ctx.ownerId,
      correlationId: `undo-${runId}`,
      ...(ability ? { ability } : {}),
    };
    const end = (
      status: 'undone' | 'refused',
      reverted: number,
      problems: Problem[],
      reason: string | null,
    ) =>
      deps.bus.execute(
        'EndImportUndo',
        { id: runId, status, reverted, problems: problems.slice(0, IMPORT_PROBLEMS_KEPT), reason },
        options,
      );
    if (!ability) {
      await end('refused', 0, [], 'The person who asked for this undo may no longer import.');
      return { runId, status: 'refused' };
    }
    const run = (await loadAggregate(deps.store, importRunDecider, importRunStream(runId))).state;
    if (run.status !== 'finished') {
      await end(
        'refused',
        0,
        [],
        run.status === 'undone'
          ? 'This import is undone already.'
          : 'This import has not finished.',
      );
      return { runId, status: 'refused' };
    }
    const plans: { stream: string; commands: PlannedCommand[] }[] = [];
    const blockers: string[] = [];
    const undoId = options.correlationId;
    for (const [index, stream] of run.streams.entries()) {
      await ctx.reportProgress({
        runId,
        phase: 'checking',
        done: index,
        total: run.streams.length,
      });
      const events = await readOrEmpty(deps.store, stream);
      const mine = (e: RecordedEvent) => e.metadata.correlationId === runId;
      const first = events.findIndex(mine);
      if (first < 0) continue;
      const last = events.length - 1 - [...events].reverse().findIndex(mine);
      // An earlier undo of this run that stopped half-way is this run's too.
      const later = events
        .slice(last + 1)
        .filter((e) => !mine(e) && e.metadata.correlationId !== undoId);
      const before = events.slice(0, first);
      const definition = resourceOfStream(stream);
      const changedLater = (name: string) =>
        `${name}: changed on ${later[0]!.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, after the import`;
      if (isSectionStream(stream)) {
        const fold = (list: RecordedEvent[]): SectionState =>
          list.reduce<SectionState>(
            (state, e) => sectionDecider.evolve(state, e as never),
            sectionDecider.initialState,
          );
        const now = fold(events);
        const name =
          now.status === 'absent'
            ? 'A section'
            : `Section ${[now.section.sectionNumber, now.section.name].join(' ')}`;
        const was = fold(before);
        const takenOff =
          was.status === 'live' &&
          (now.status !== 'live' ||
            Object.keys(was.assignments).some((id) => !(id in now.assignments)));
        if (later.length > 0) blockers.push(changedLater(name));
        else if (takenOff) blockers.push(`${name}: ${REMOVED}`);
        else
          plans.push({
            stream,
            commands: sectionUndo(was, now, stream.slice('section-'.length)),
          });
      } else if (definition) {
        const decider = resourceDecider(definition);
        const fold = (list: RecordedEvent[]) =>
          list.reduce(
            (s, e) => decider.evolve(s, e as unknown as ResourceEvent),
            decider.initialState,
          );
        const [was, is] = [fold(before), fold(events)];
        const label = is.status === 'absent' ? null : recordLabel(is.record);
        const name = `${definition.ui?.singular ?? 'Record'} ${label ?? ''}`.trim();
        if (later.length > 0) {
          blockers.push(changedLater(name));
          continue;
        }
        if (was.status === 'live' && is.status !== 'live') {
          blockers.push(`${name}: ${REMOVED}`);
          continue;
        }
        if (was.status !== 'live' && is.status === 'live' && deps.inUse) {
          const usedBy = await deps.inUse(definition, String(is.record.id));
          if (usedBy.length > 0) {
            blockers.push(`${name}: created by the import and now used elsewhere`);
            continue;
          }
        }
        plans.push({ stream, commands: resourceUndo(definition, was, is) });
      }
    }
    if (blockers.length > 0) {
      const shown = blockers.slice(0, 5).join('; ');
      const more = blockers.length > 5 ? ` and ${blockers.length - 5} more` : '';
      await end(
        'refused',
        0,
        [],
        `Something later depends on this import, so nothing was undone: ${shown}${more}.`,
      );
      return { runId, status: 'refused' };
    }
    const problems: Problem[] = [];
    let reverted = 0;
    // The last written first: an assignment before its section, a section before its offering.
    for (const [index, { stream, commands }] of [...plans].reverse().entries()) {
      try {
        for (const command of commands)
          await deps.bus.execute(command.name, command.payload, options);
        if (commands.length > 0) reverted += 1;
      } catch (err) {
        problems.push({ row: 0, column: null, message: `${stream}: ${(err as Error).message}` });
      }
      await ctx.reportProgress({ runId, phase: 'undoing', done: index + 1, total: plans.length });
    }
    await end(
      problems.length > 0 ? 'refused' : 'undone',
      reverted,
      problems,
      problems.length > 0 ? 'Some records could not be put back; the others were.' : null,
    );
    return { runId, status: problems.length > 0 ? 'refused' : 'undone', reverted };
  };
}
