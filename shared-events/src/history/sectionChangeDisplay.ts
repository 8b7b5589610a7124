import type { Meeting } from '../teaching/meetingSchema.js';
import {
  itemsOf,
  listChange,
  scalarText,
  textChange,
  wordsOf,
  type ChangeDisplay,
  type LabelledChange,
  type FieldChange,
} from './changeDisplay.js';
import { UNKNOWN_RECORD, type HistoryNames } from './names.js';
import { termModeText } from './resourceChangeDisplay.js';
import { ASSIGNMENT_STATUS_LABELS, WEEKDAY_LABELS } from '../teaching/labels.js';

/** The labels of a section's fields and of what its events add (approval, reason, …). */
const SECTION_LABELS: Readonly<Record<string, string>> = {
  CourseOfferingId: 'Course offering',
  WorkgroupId: 'Workgroup',
  name: 'Name',
  sectionNumber: 'Section number',
  enrollment: 'Enrollment',
  defaultPoints: 'Default points',
  points: 'Points',
  notes: 'Notes',
  TermMode: 'Term mode',
  'TermMode.AcademicTermId': 'Term',
  'TermMode.TeachingModeId': 'Teaching mode',
  allowOverlap: 'Cross-listed',
  meetings: 'Meetings',
  status: 'Status',
  share: 'Share (%)',
  approval: 'Approval',
  reason: 'Reason',
  instructor: 'Instructor',
  overriddenConflict: 'Overridden conflict',
};

/** Indexed by a value an old event may hold, which a label may no longer exist for. */
const STATUS_LABELS: Readonly<Record<string, string>> = ASSIGNMENT_STATUS_LABELS;

const APPROVAL_LABELS: Readonly<Record<string, string>> = {
  workgroup: 'Workgroup',
  academicAffairs: 'Academic affairs',
};

/** Indexed by a day an old event may hold. */
const DAY_WORDS: Readonly<Record<string, string>> = WEEKDAY_LABELS;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** 'MATH 101 Calculus I · 2026–27': the offering's course number and name, and its period. */
async function offeringText(id: string, names: HistoryNames): Promise<string> {
  const [courseId, periodId] = await Promise.all([
    names.record('courseOfferings', id, 'CourseId'),
    names.record('courseOfferings', id, 'AcademicPeriodId'),
  ]);
  if (!courseId) return UNKNOWN_RECORD;
  const [number, name, period] = await Promise.all([
    names.record('courses', courseId, 'courseNumber'),
    names.record('courses', courseId, 'name'),
    periodId ? names.record('academicPeriods', periodId) : null,
  ]);
  const course = [number, name].filter((p) => p !== null).join(' ') || UNKNOWN_RECORD;
  return period ? `${course} · ${period}` : course;
}

/**
 * 'Mon Wed 09:00–09:50 weekly, 2026-09-01 to 2026-12-15 · SCI 101': everything that tells two
 * meetings apart, so a moved meeting reads as one removed and one added.
 */
export async function meetingText(meeting: Meeting, names: HistoryNames): Promise<string> {
  const days = meeting.days.map((d) => DAY_WORDS[d] ?? d).join(' ');
  const every = meeting.frequency === 'biweekly' ? 'every other week' : 'weekly';
  const span = meeting.until
    ? `${meeting.startDate} to ${meeting.until}`
    : `from ${meeting.startDate}, ${String(meeting.occurrences ?? 1)} times`;
  const except = meeting.exceptions?.length ? `, not on ${meeting.exceptions.join(', ')}` : '';
  const room = meeting.LocationId
    ? ` · ${(await names.record('locations', meeting.LocationId, 'code')) ?? UNKNOWN_RECORD}`
    : '';
  const about = meeting.description ? ` (${meeting.description})` : '';
  return `${days} ${meeting.startTime}–${meeting.endTime} ${every}, ${span}${except}${room}${about}`;
}

async function valueText(field: string, value: unknown, names: HistoryNames): Promise<string> {
  if (value === null || value === undefined || value === '') return scalarText(value);
  if (typeof value === 'string') {
    if (field === 'CourseOfferingId') return offeringText(value, names);
    if (field === 'WorkgroupId') return (await names.record('workgroups', value)) ?? UNKNOWN_RECORD;
    if (field === 'TermMode.AcademicTermId')
      return (await names.record('academicTerms', value)) ?? UNKNOWN_RECORD;
    if (field === 'TermMode.TeachingModeId')
      return (await names.record('teachingModes', value)) ?? UNKNOWN_RECORD;
    if (field === 'status') return STATUS_LABELS[value] ?? value;
    if (field === 'approval') return APPROVAL_LABELS[value] ?? value;
  }
  if (field === 'TermMode' && isRecord(value)) return termModeText(value, names);
  return scalarText(value);
}

/** A change of a section's stream in words: names for references, meetings as a list. */
export async function describeSectionChange(
  change: FieldChange,
  names: HistoryNames,
): Promise<LabelledChange> {
  let display: ChangeDisplay;
  if (change.field === 'meetings') {
    const texts = (value: unknown) =>
      Promise.all(itemsOf(value).map((m) => meetingText(m as Meeting, names)));
    display = listChange(await texts(change.from), await texts(change.to));
  } else {
    display = textChange(
      await valueText(change.field, change.from, names),
      await valueText(change.field, change.to, names),
    );
  }
  return { ...change, label: SECTION_LABELS[change.field] ?? wordsOf(change.field), display };
}
