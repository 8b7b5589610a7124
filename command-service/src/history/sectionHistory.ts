import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SectionAsOfAnswer,
  SectionHistoryAnswer,
  StreamNotFoundError,
  evolveSection,
  initialSectionState,
  subjectOf,
  teachingEventSchemas,
  type EventStore,
  type RecordedEvent,
  type SectionEvent,
  type SectionHistoryEntryAnswer,
  type SectionState,
  describeSectionChange,
  diffRecords,
  UNKNOWN_RECORD,
  visibleChanges,
  type FieldChange,
  type HistoryNames,
  type HistoryPerson,
  type LabelledChange,
} from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { parseRequest } from '../commandHandling/httpCommand.js';
import { ForbiddenError, NotFoundError } from '../errors/errors.js';
import { answerSchema } from '../http/answerSchema.js';
import { createHistoryNames } from './historyNames.js';
import { oneEntryPerClone } from './oneEntryPerClone.js';
import { rowHeader } from './recordHistory.js';

const Params = z.object({ id: z.string().trim().min(1).max(100) });

/** One event of a section's stream: the History panel's row, plus the assignment it concerns. */
export type SectionHistoryRow = SectionHistoryEntryAnswer & { changes: LabelledChange[] };

/** A term mode reads as one value, 'Fall 2026 · In person', not as its two ids. */
const WHOLE_FIELDS: ReadonlySet<string> = new Set(['TermMode']);

type Live = Extract<SectionState, { status: 'live' | 'deleted' }>;

/** The section's own fields (meetings compared as one list). */
function sectionFields(state: SectionState): Record<string, unknown> | null {
  if (state.status === 'absent') return null;
  const { id: _id, ...fields } = state.section;
  return fields;
}

function assignmentFields(state: SectionState, id: string): Record<string, unknown> | null {
  if (state.status === 'absent') return null;
  const found = state.assignments[id];
  if (!found) return null;
  const { status, share, notes } = found;
  return { status, share, notes };
}

/**
 * Folds a section's stream: each row says what the event changed — the section's fields, its
 * meetings, or one assignment's status, share and notes (with the approval or withdrawal reason
 * and any conflict the caller overrode), in words (sectionChangeDisplay.ts). Who as for records
 * (attribution.ts).
 */
export async function sectionHistoryOf(
  events: readonly RecordedEvent[],
  names: HistoryNames,
): Promise<SectionHistoryRow[]> {
  let state: SectionState = initialSectionState;
  const rows: SectionHistoryRow[] = [];
  const who = async (id: string): Promise<HistoryPerson> =>
    (await names.person(id)) ?? { id, displayName: UNKNOWN_RECORD };
  for (const recordedEvent of events) {
    const schema = teachingEventSchemas[recordedEvent.type as SectionEvent['type']];
    if (!schema) continue;
    const event = {
      type: recordedEvent.type,
      data: schema.parse(recordedEvent.data),
    } as SectionEvent;
    const before = state;
    state = evolveSection(state, event);
    let changes: FieldChange[];
    let assignment: SectionHistoryRow['assignment'] = null;
    switch (event.type) {
      case 'TeachingAssignmentCreated':
      case 'TeachingAssignmentChanged':
      case 'TeachingAssignmentDeleted':
      case 'TeachingAssignmentReassigned': {
        const { id } = event.data;
        const userId =
          'UserId' in event.data
            ? event.data.UserId
            : ((before as Live).assignments[id]?.UserId ?? null);
        if (userId) assignment = { id, instructor: await who(userId) };
        changes =
          event.type === 'TeachingAssignmentDeleted'
            ? []
            : diffRecords(assignmentFields(before, id), assignmentFields(state, id));
        if (event.type === 'TeachingAssignmentChanged') {
          if (event.data.approval) {
            changes.push({ field: 'approval', from: null, to: event.data.approval.level });
          }
          if (event.data.reason)
            changes.push({ field: 'reason', from: null, to: event.data.reason });
        }
        // A merge's move: the row names the master; the change names who held it before.
        if (event.type === 'TeachingAssignmentReassigned') {
          const previous = await who(event.data.previousUserId);
          const to = assignment?.instructor.displayName ?? null;
          changes.push({ field: 'instructor', from: previous.displayName, to });
        }
        if (event.type === 'TeachingAssignmentCreated') {
          for (const c of event.data.overriddenConflicts) {
            changes.push({ field: 'overriddenConflict', from: null, to: c.message });
          }
        }
        break;
      }
      case 'SectionDeleted':
        changes = [];
        break;
      default:
        changes = diffRecords(sectionFields(before), sectionFields(state), WHOLE_FIELDS);
        if (event.type === 'SectionMeetingsSet' || event.type === 'SectionMeetingMoved') {
          for (const c of event.data.overriddenConflicts) {
            changes.push({ field: 'overriddenConflict', from: null, to: c.message });
          }
        }
    }
    rows.push({
      ...(await rowHeader(recordedEvent, names)),
      assignment,
      changes: visibleChanges(
        await Promise.all(changes.map((c) => describeSectionChange(c, names))),
      ),
    });
  }
  return oneEntryPerClone(rows, (a, b) => a.assignment?.id === b.assignment?.id);
}

/**
 * GET /api/history/sections/:id: a section's stream (its fields, meetings and teaching
 * assignments), oldest first. Needs read on the section (workgroup members: their workgroups').
 */
export function sectionHistoryRoute(
  fastify: FastifyInstance,
  options: { store: EventStore },
): void {
  fastify.get(
    '/api/history/sections/:id',
    { config: requires('read', 'Section'), ...answerSchema(SectionHistoryAnswer) },
    async (request) => {
      const { id } = parseRequest(Params, request.params);
      const events = await readableSectionStream(options.store, id, request.ability);
      return {
        rows: await sectionHistoryOf(events, createHistoryNames(options.store)),
      } satisfies SectionHistoryAnswer;
    },
  );

  /**
   * GET /api/history/sections/:id/asOf?at=<ISO date-time>: the section as it was then, replayed
   * from its stream (the events that had occurred by that moment); 404 before it existed.
   */
  fastify.get(
    '/api/history/sections/:id/asOf',
    { config: requires('read', 'Section'), ...answerSchema(SectionAsOfAnswer) },
    async (request) => {
      const { id } = parseRequest(Params, request.params);
      const { at } = parseRequest(AsOfQuery, request.query);
      const events = await readableSectionStream(options.store, id, request.ability);
      const moment = new Date(at).getTime();
      const upTo = events.filter(
        (e) => new Date(e.metadata.occurredAt ?? e.createdAt.toISOString()).getTime() <= moment,
      );
      const state = upTo.reduce(
        (s, e) => evolveSection(s, { type: e.type, data: e.data } as SectionEvent),
        initialSectionState,
      );
      if (state.status === 'absent')
        throw new NotFoundError(
          'The section did not exist yet at that moment: choose a later one.',
        );
      return {
        at,
        revision: upTo.length - 1,
        deleted: state.status === 'deleted',
        section: state.section,
        assignments: Object.values(state.assignments),
      } satisfies SectionAsOfAnswer;
    },
  );
}

const AsOfQuery = z.object({ at: z.iso.datetime({ offset: true }) }).strict();

/** The section's events, if the ability may read the section as it is now (its current workgroup). */
async function readableSectionStream(
  store: EventStore,
  id: string,
  ability: FastifyRequest['ability'],
): Promise<RecordedEvent[]> {
  let events: RecordedEvent[];
  try {
    events = await store.readStream(`section-${id}`);
  } catch (err) {
    if (err instanceof StreamNotFoundError) throw new NotFoundError('There is no such section.');
    throw err;
  }
  let workgroup = '';
  for (const e of events) {
    const wg = (e.data as { WorkgroupId?: unknown }).WorkgroupId;
    if (typeof wg === 'string') workgroup = wg;
  }
  if (!ability.can('read', subjectOf('Section', { WorkgroupId: workgroup }))) {
    throw new ForbiddenError();
  }
  return events;
}
