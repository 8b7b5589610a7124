import {
  importOfCorrelation,
  allResources,
  describeResourceChange,
  describeSectionChange,
  diffRecords,
  positionToToken,
  scalarText,
  textChange,
  UNKNOWN_RECORD,
  visibleChanges,
  wordsOf,
  type AppAbility,
  type ChangeFeedEntry,
  type FieldChange,
  type HistoryNames,
  type LabelledChange,
  type ResourceDefinition,
} from '@allot/shared-events';

/** A record's two versions (either absent): what a change, or a comparison, puts in words. */
export interface Difference {
  kind: string;
  id: string;
  change: 'created' | 'changed' | 'removed';
  parent_id: string | null;
  user_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A change row of the feed's page with the versions before and after it. */
export interface ChangeRow extends Difference {
  seq: string;
  recorded_at: Date;
  commit_position: string;
  prepare_position: string;
  actor_id: string | null;
  on_behalf_of_id: string | null;
  api_key_id: string | null;
  correlation_id: string | null;
}

const resourceByName = new Map<string, ResourceDefinition>(allResources.map((r) => [r.name, r]));

const KIND_LABELS: Readonly<Record<string, string>> = {
  section: 'Section',
  assignment: 'Teaching assignment',
  preferences: 'Teaching preferences',
  approval: 'Workgroup approval',
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? resourceByName.get(kind)?.ui?.singular ?? wordsOf(kind);
}

/** The cursor of a row: its place in the feed, newest first (seq, then kind and id). */
export const cursorOf = (row: { seq: string | number; kind: string; id: string }) =>
  Buffer.from(JSON.stringify([Number(row.seq), row.kind, row.id])).toString('base64url');

/** A cursor whose `after` is every change after event `seq` (no kind sorts before ''). */
export const cursorAfterEvent = (seq: number) => cursorOf({ seq: seq + 1, kind: '', id: '' });

export function parseCursor(cursor: string): [number, string, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      typeof value[2] === 'string'
    ) {
      return value as [number, string, string];
    }
  } catch {
    // Not a cursor this feed gave out.
  }
  return null;
}

const sectionOf = (state: Record<string, unknown> | null) =>
  (state?.section ?? null) as Record<string, unknown> | null;

/** 'MATH 101 – 02 Calculus I': the course number, the section's number and its name. */
async function sectionName(
  section: Record<string, unknown> | null,
  names: HistoryNames,
): Promise<string> {
  if (!section) return UNKNOWN_RECORD;
  const offering = typeof section.CourseOfferingId === 'string' ? section.CourseOfferingId : null;
  const courseId = offering ? await names.record('courseOfferings', offering, 'CourseId') : null;
  const number = courseId ? await names.record('courses', courseId, 'courseNumber') : null;
  const own = [section.sectionNumber, section.name].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  const head = [number, own[0]].filter(Boolean).join(' – ');
  return [head, ...own.slice(1)].filter(Boolean).join(' ') || UNKNOWN_RECORD;
}

/** Sections and assignments read by the versions' own sections; others by the history names. */
export interface Context {
  names: HistoryNames;
  ability: AppAbility;
  /** The latest version of a section, for an assignment's name. */
  section(id: string): Promise<Record<string, unknown> | null>;
}

const STATUS_WORDS: Readonly<Record<string, string>> = {
  notStarted: 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
  reopened: 'Reopened',
  pending: 'Pending',
  approved: 'Approved',
  returned: 'Returned',
};

const text = (field: string, label: string, from: string, to: string): LabelledChange => ({
  field,
  from,
  to,
  label,
  display: textChange(from, to),
});

async function assignmentChanges(row: Difference, ctx: Context): Promise<LabelledChange[]> {
  const fields = (state: Record<string, unknown> | null) =>
    state && {
      UserId: state.UserId,
      status: state.status,
      share: state.sharePercent,
      notes: state.notes,
    };
  const raw = diffRecords(fields(row.before), fields(row.after));
  const out: LabelledChange[] = [];
  for (const change of raw) {
    if (change.field === 'UserId') {
      const who = async (id: unknown) =>
        typeof id === 'string'
          ? ((await ctx.names.person(id))?.displayName ?? UNKNOWN_RECORD)
          : scalarText(id);
      out.push(text('instructor', 'Instructor', await who(change.from), await who(change.to)));
    } else {
      out.push(await describeSectionChange(change, ctx.names));
    }
  }
  return out;
}

async function sectionChanges(row: Difference, ctx: Context): Promise<LabelledChange[]> {
  const fields = (state: Record<string, unknown> | null) => {
    const section = sectionOf(state);
    if (!section) return null;
    const { id: _id, ...rest } = section;
    return rest;
  };
  const raw = diffRecords(fields(row.before), fields(row.after), new Set(['TermMode']));
  return Promise.all(raw.map((change) => describeSectionChange(change, ctx.names)));
}

function preferencesChanges(row: Difference): LabelledChange[] {
  const out: LabelledChange[] = [];
  const status = (s: Record<string, unknown> | null) => {
    const value = typeof s?.status === 'string' ? s.status : 'notStarted';
    return STATUS_WORDS[value] ?? scalarText(value);
  };
  if (status(row.before) !== status(row.after)) {
    out.push(text('status', 'Status', status(row.before), status(row.after)));
  }
  const count = (s: Record<string, unknown> | null, key: string) => {
    const value = s?.[key];
    if (Array.isArray(value)) return value.length;
    return value && typeof value === 'object' ? Object.keys(value).length : 0;
  };
  for (const [key, label] of [
    ['preferences', 'Preferences'],
    ['unavailable', 'Unavailable times'],
  ] as const) {
    const from = count(row.before, key);
    const to = count(row.after, key);
    if (from !== to || (key === 'preferences' && status(row.before) === status(row.after))) {
      out.push(text(key, label, String(from), String(to)));
    }
  }
  return out;
}

async function approvalChanges(row: Difference, ctx: Context): Promise<LabelledChange[]> {
  const status = (s: Record<string, unknown> | null) =>
    s ? (STATUS_WORDS[String(s.status)] ?? scalarText(s.status)) : 'Pending';
  const out = [text('status', 'Status', status(row.before), status(row.after))];
  const step = typeof row.after?.ProgressStepId === 'string' ? row.after.ProgressStepId : null;
  const stepName = step ? await ctx.names.record('progressSteps', step) : null;
  if (stepName) out.unshift(text('step', 'Step', stepName, stepName));
  const comment = row.after?.comment;
  if (typeof comment === 'string' && comment !== '') {
    out.push(text('comment', 'Comment', '', comment));
  }
  return out.filter((c) => c.field !== 'step' || row.change === 'created');
}

/**
 * A resource's changes as its History panel words them, without the fields the viewer may not
 * read: one kept for another subject (a user's financial data) needs that subject, and a field
 * rule of the kind's own subject hides the field.
 */
async function resourceChanges(
  definition: ResourceDefinition,
  row: Difference,
  ctx: Context,
): Promise<LabelledChange[] | null> {
  if (row.change === 'removed') return [];
  const raw: FieldChange[] = diffRecords(row.before, row.after);
  const readsSubject = ctx.ability.can('read', definition.subject);
  const shown = raw.filter((change) => {
    const fieldSubject = definition.ui?.fields[change.field]?.editSubject;
    if (fieldSubject && !ctx.ability.can('read', fieldSubject)) return false;
    return !readsSubject || ctx.ability.can('read', definition.subject, change.field);
  });
  // Only fields the viewer may not read changed: for them, nothing did.
  if (row.change === 'changed' && raw.length > 0 && shown.length === 0) return null;
  return Promise.all(shown.map((change) => describeResourceChange(definition, change, ctx.names)));
}

async function recordName(row: Difference, ctx: Context): Promise<string> {
  const state = row.after ?? row.before;
  if (row.kind === 'section') return sectionName(sectionOf(state), ctx.names);
  if (row.kind === 'assignment') {
    const who =
      typeof state?.UserId === 'string'
        ? ((await ctx.names.person(state.UserId))?.displayName ?? UNKNOWN_RECORD)
        : UNKNOWN_RECORD;
    const section = row.parent_id ? await ctx.section(row.parent_id) : null;
    return `${who} · ${await sectionName(sectionOf(section), ctx.names)}`;
  }
  if (row.kind === 'preferences') {
    const who = row.user_id ? (await ctx.names.person(row.user_id))?.displayName : null;
    return who ?? UNKNOWN_RECORD;
  }
  if (row.kind === 'approval') {
    const workgroup =
      typeof state?.WorkgroupId === 'string'
        ? await ctx.names.record('workgroups', state.WorkgroupId)
        : null;
    return workgroup ?? UNKNOWN_RECORD;
  }
  const definition = resourceByName.get(row.kind);
  if (definition === undefined) return UNKNOWN_RECORD;
  if (row.kind === 'user') return (await ctx.names.person(row.id))?.displayName ?? UNKNOWN_RECORD;
  if (row.kind === 'courseOffering') {
    const courseId = typeof state?.CourseId === 'string' ? state.CourseId : null;
    const number = courseId ? await ctx.names.record('courses', courseId, 'courseNumber') : null;
    const name = courseId ? await ctx.names.record('courses', courseId) : null;
    return [number, name].filter(Boolean).join(' ') || UNKNOWN_RECORD;
  }
  for (const field of ['name', 'displayName', 'code', 'courseNumber', 'title']) {
    const value = state?.[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return (await ctx.names.record(definition.path, row.id)) ?? UNKNOWN_RECORD;
}

/** Where the record is shown: a section's (or its assignment's) drawer on the Sections page. */
function linkOf(row: Difference): string | null {
  if (row.kind === 'section' && row.change !== 'removed') return `/sections?section=${row.id}`;
  if (row.kind === 'assignment' && row.parent_id) return `/sections?section=${row.parent_id}`;
  return null;
}

/** The change in one line, for the feed's row and the dashboard's panel. */
function summaryOf(row: Difference, changes: readonly LabelledChange[]): string {
  if (row.kind === 'assignment') {
    if (row.change === 'created') return 'Instructor assigned';
    if (row.change === 'removed') return 'Assignment removed';
    const status = changes.find((c) => c.field === 'status');
    if (status?.display.kind === 'text') return `Assignment ${status.display.to.toLowerCase()}`;
    if (changes.some((c) => c.field === 'instructor')) return 'Instructor changed';
  }
  if (row.kind === 'approval') {
    const status = changes.find((c) => c.field === 'status');
    if (status?.display.kind === 'text') return `Workgroup ${status.display.to.toLowerCase()}`;
  }
  if (row.change === 'created') return `${kindLabel(row.kind)} created`;
  if (row.change === 'removed') return `${kindLabel(row.kind)} removed`;
  if (changes.length === 0) return `${kindLabel(row.kind)} changed`;
  const labels = changes.map((c) => c.label);
  const shown = labels.slice(0, 3).join(', ');
  return `${shown}${labels.length > 3 ? ` and ${String(labels.length - 3)} more` : ''} changed`;
}

/**
 * A record's difference field by field, in words; null when all that differs is hidden from
 * the viewer.
 */
export async function changesOf(row: Difference, ctx: Context): Promise<LabelledChange[] | null> {
  const definition = resourceByName.get(row.kind);
  if (row.kind === 'section') return sectionChanges(row, ctx);
  if (row.kind === 'assignment') return assignmentChanges(row, ctx);
  if (row.kind === 'preferences') return preferencesChanges(row);
  if (row.kind === 'approval') return approvalChanges(row, ctx);
  if (definition) return resourceChanges(definition, row, ctx);
  return [];
}

export { recordName };

/** One row of the feed in words; null when all it changed is hidden from the viewer. */
export async function describeChange(
  row: ChangeRow,
  ctx: Context,
): Promise<ChangeFeedEntry | null> {
  const changes = await changesOf(row, ctx);
  if (changes === null) return null;
  const shown = visibleChanges(row.change === 'removed' ? [] : changes);
  const masquerading = row.on_behalf_of_id !== null && row.on_behalf_of_id !== row.actor_id;
  const byId = masquerading ? row.on_behalf_of_id : row.actor_id;
  const [by, onBehalfOf, through, importRun, name] = await Promise.all([
    byId ? ctx.names.person(byId) : null,
    masquerading && row.actor_id ? ctx.names.person(row.actor_id) : null,
    row.api_key_id ? ctx.names.apiKey(row.api_key_id) : null,
    importOfCorrelation(row.correlation_id, ctx.names),
    recordName(row, ctx),
  ]);
  return {
    cursor: cursorOf(row),
    position: positionToToken({
      commit: BigInt(row.commit_position),
      prepare: BigInt(row.prepare_position),
    }),
    at: new Date(row.recorded_at).toISOString(),
    by,
    onBehalfOf,
    through,
    importRun,
    change: row.change,
    record: { kind: row.kind, kindLabel: kindLabel(row.kind), id: row.id, name, link: linkOf(row) },
    summary: summaryOf(row, shown),
    changes: shown.map(({ field, label, display }) => ({ field, label, display })),
  };
}
