import {
  allResources,
  evolvePreferences,
  evolveSection,
  initialPreferencesState,
  initialSectionState,
  PREFERENCE_EVENTS,
  ProgressActionRecorded,
  SECTION_EVENTS,
  sharesOf,
  type PreferencesState,
  type RecordedEvent,
  type ResourceDefinition,
  type ResourceRecord,
  type SectionState,
} from '@allot/shared-events';

/**
 * What the plan's history keeps of each record kind, and how one event changes a record's
 * version. Pure: the projection (projection.ts) loads the open versions, folds the batch's events
 * through `nextVersions` and writes what changed.
 */
export interface VersionRow {
  kind: string;
  id: string;
  period_id: string | null;
  workgroup_id: string | null;
  parent_id: string | null;
  user_id: string | null;
  state: unknown;
}

/** A section that exists (a deleted one has no version). */
export type LiveSection = Exclude<SectionState, { status: 'absent' }>;

export const SECTION_KIND = 'section';
export const ASSIGNMENT_KIND = 'assignment';
export const PREFERENCES_KIND = 'preferences';
/** A workgroup's approval at one progress step (the change feed's "since my last approval"). */
export const APPROVAL_KIND = 'approval';
const APPROVAL_EVENT = 'ProgressActionRecorded';

const sectionEventTypes = new Set<string>(Object.values(SECTION_EVENTS));
const preferenceEventTypes = new Set<string>(Object.values(PREFERENCE_EVENTS));
const resourceByEventType = new Map<string, ResourceDefinition>(
  allResources.flatMap((resource) =>
    Object.values(resource.eventTypes)
      .filter((type): type is string => type !== undefined)
      .map((type) => [type, resource] as const),
  ),
);

export const planHistoryEventTypes: readonly string[] = [
  ...resourceByEventType.keys(),
  ...sectionEventTypes,
  ...preferenceEventTypes,
  APPROVAL_EVENT,
];

/** The record an event changes: its kind and id in the history (one stream, one record). */
export function recordOf(event: RecordedEvent): { kind: string; id: string } | null {
  const resource = resourceByEventType.get(event.type);
  const data = event.data as Record<string, unknown>;
  if (resource) return { kind: resource.name, id: String(data.id) };
  if (sectionEventTypes.has(event.type)) {
    const sectionId = event.type.startsWith('TeachingAssignment') ? data.SectionId : data.id;
    return { kind: SECTION_KIND, id: String(sectionId) };
  }
  if (preferenceEventTypes.has(event.type)) return { kind: PREFERENCES_KIND, id: event.streamId };
  if (event.type === APPROVAL_EVENT) {
    return {
      kind: APPROVAL_KIND,
      id: `${String(data.WorkgroupId)}-${String(data.ProgressStepId)}`,
    };
  }
  return null;
}

/** What an approval's version holds: the step's status after the action, and the action. */
export interface ApprovalVersionState {
  WorkgroupId: string;
  ProgressStepId: string;
  stepId: number;
  action: string;
  status: string;
  comment: string | null;
}

/** A workgroup's approval at a step after one progress action. */
export function approvalVersion(id: string, event: RecordedEvent): VersionRow {
  const data = ProgressActionRecorded.parse(event.data);
  const state: ApprovalVersionState = {
    WorkgroupId: data.WorkgroupId,
    ProgressStepId: data.ProgressStepId,
    stepId: data.stepId,
    action: data.action,
    status: data.status,
    comment: data.comment,
  };
  return {
    kind: APPROVAL_KIND,
    id,
    period_id: data.AcademicPeriodId,
    workgroup_id: data.WorkgroupId,
    parent_id: data.ProgressStepId,
    user_id: null,
    state,
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A resource record after one of its events; null once deleted. */
export function nextResource(
  resource: ResourceDefinition,
  current: ResourceRecord | null,
  event: RecordedEvent,
): ResourceRecord | null {
  const types = resource.eventTypes;
  const upcast = (data: ResourceRecord) => (resource.upcast ? resource.upcast(data) : data);
  const data = event.data as ResourceRecord;
  if (event.type === types.created) return upcast(data);
  if (current === null) return null;
  if (event.type === types.updated) return { ...current, ...upcast(data) };
  if (event.type === types.deactivated) return { ...current, isActive: false };
  if (event.type === types.deleted) return null;
  return current;
}

export function resourceVersion(resource: ResourceDefinition, record: ResourceRecord): VersionRow {
  return {
    kind: resource.name,
    id: String(record.id),
    period_id: text(record.AcademicPeriodId),
    workgroup_id: text(record.WorkgroupId),
    parent_id: null,
    user_id: text(record.UserId),
    state: record,
  };
}

export function resourceOf(event: RecordedEvent): ResourceDefinition | undefined {
  return resourceByEventType.get(event.type);
}

/** What a section's version holds: the section; its assignments are versions of their own. */
export interface SectionVersionState {
  section: LiveSection['section'];
}

/** What an assignment's version holds. */
export interface AssignmentVersionState {
  SectionId: string;
  UserId: string;
  status: LiveSection['assignments'][string]['status'];
  share: number | null;
  sharePercent: number;
  notes: string | null;
}

/** A section's version; its period comes from its offering (filled in by the projection). */
export function sectionVersion(state: LiveSection): VersionRow {
  const stored: SectionVersionState = { section: state.section };
  return {
    kind: SECTION_KIND,
    id: state.section.id,
    period_id: null,
    workgroup_id: state.section.WorkgroupId,
    parent_id: state.section.CourseOfferingId,
    user_id: null,
    state: stored,
  };
}

/**
 * The section's assignments as reports read them: each with the share it carries in percent
 * (an equal split of what explicit shares leave; withdrawn ones carry none).
 */
export function assignmentVersions(state: LiveSection, periodId: string | null): VersionRow[] {
  const assignments = Object.values(state.assignments);
  const shares = sharesOf(assignments.filter((a) => a.status !== 'withdrawn'));
  return assignments.map((assignment) => ({
    kind: ASSIGNMENT_KIND,
    id: assignment.id,
    period_id: periodId,
    workgroup_id: state.section.WorkgroupId,
    parent_id: state.section.id,
    user_id: assignment.UserId,
    state: {
      SectionId: state.section.id,
      UserId: assignment.UserId,
      status: assignment.status,
      share: assignment.share,
      sharePercent: shares.get(assignment.id) ?? 0,
      notes: assignment.notes,
    } satisfies AssignmentVersionState,
  }));
}

/**
 * What a version also keeps as columns of its own, for the reports that read it most: an
 * assignment's share in percent and its status, a section's number, name, points, enrollment,
 * term and mode (null for other kinds). The report of a period's sections reads its ~10,000
 * sections and sums the shares of its ~17,000 assignments; from covering indexes, that takes no
 * visit to the versions' pages, where each current record sits on a page of its own.
 */
export interface TypedColumns {
  share_percent: number | null;
  status: string | null;
  section_number: string | null;
  section_name: string | null;
  /** The section's own points, else its default; the course's credit hours are joined later. */
  own_points: number | null;
  enrollment: number | null;
  term_id: string | null;
  mode_id: string | null;
}

const NO_TYPED_COLUMNS: TypedColumns = {
  share_percent: null,
  status: null,
  section_number: null,
  section_name: null,
  own_points: null,
  enrollment: null,
  term_id: null,
  mode_id: null,
};

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function typedColumnsOf(row: VersionRow): TypedColumns {
  if (row.kind === ASSIGNMENT_KIND) {
    const state = row.state as AssignmentVersionState;
    return { ...NO_TYPED_COLUMNS, share_percent: state.sharePercent, status: state.status };
  }
  if (row.kind === SECTION_KIND) {
    const { section } = row.state as SectionVersionState;
    return {
      ...NO_TYPED_COLUMNS,
      section_number: section.sectionNumber,
      section_name: section.name,
      own_points: numberOrNull(section.points) ?? numberOrNull(section.defaultPoints),
      enrollment: numberOrNull(section.enrollment),
      term_id: section.TermMode?.AcademicTermId ?? null,
      mode_id: section.TermMode?.TeachingModeId ?? null,
    };
  }
  return NO_TYPED_COLUMNS;
}

export function nextSection(current: SectionState | null, event: RecordedEvent): SectionState {
  return evolveSection(
    current ?? initialSectionState,
    event as Parameters<typeof evolveSection>[1],
  );
}

export interface PreferencesVersionState extends PreferencesState {
  UserId: string;
  AcademicPeriodId: string;
}

export function nextPreferences(
  current: PreferencesVersionState | null,
  event: RecordedEvent,
): PreferencesVersionState {
  const data = event.data as { UserId?: string; AcademicPeriodId?: string };
  const base = current ?? {
    ...initialPreferencesState,
    UserId: data.UserId ?? '',
    AcademicPeriodId: data.AcademicPeriodId ?? '',
  };
  const next = evolvePreferences(base, event as Parameters<typeof evolvePreferences>[1]);
  return { ...next, UserId: base.UserId, AcademicPeriodId: base.AcademicPeriodId };
}

export function preferencesVersion(id: string, state: PreferencesVersionState): VersionRow {
  return {
    kind: PREFERENCES_KIND,
    id,
    period_id: state.AcademicPeriodId,
    workgroup_id: null,
    parent_id: null,
    user_id: state.UserId,
    state,
  };
}

const resourceNames = new Set(allResources.map((r) => r.name));
/** The fields a declared kind is called by, in the order tried. */
const LABEL_FIELDS = ['name', 'displayName', 'code', 'courseNumber', 'title'] as const;

/**
 * What a version is called where people search for it: a declared kind's name (a user's display
 * name, a room's code), a section's number and name; null for the rest.
 */
export function labelOf(row: VersionRow): string | null {
  if (row.kind === SECTION_KIND) {
    const { section } = row.state as SectionVersionState;
    return [section.sectionNumber, section.name].filter(Boolean).join(' ') || null;
  }
  if (!resourceNames.has(row.kind)) return null;
  const state = row.state as Record<string, unknown>;
  for (const field of LABEL_FIELDS) {
    const value = state[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}
