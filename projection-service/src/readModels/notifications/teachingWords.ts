import {
  ASSIGNMENT_STATUS_LABELS,
  type NotificationKind,
  type TeachingNotificationKind,
} from '@allot/shared-events';
import type { TeachingDetail } from './teaching.js';

/** The section as its teacher knows it, as it is when the notification is read. */
export interface SectionLabel {
  courseNumber: string | null;
  sectionNumber: string | null;
  name: string | null;
}

const isTeaching = (kind: NotificationKind): kind is TeachingNotificationKind =>
  kind !== 'importRunFailed';

/** "MATH 101 001", or "a section" when it is gone from the read model. */
function sectionName(section: SectionLabel | null): string {
  const words = [section?.courseNumber, section?.sectionNumber].filter(Boolean).join(' ');
  return words || 'a section';
}

/** What changed in an assignment, in a sentence ("Your share is now 50 %. The notes changed."). */
function changes(detail: TeachingDetail): string {
  const parts: string[] = [];
  if (detail.status && detail.previousStatus) {
    parts.push(
      `It is ${ASSIGNMENT_STATUS_LABELS[detail.status].toLowerCase()} (was ${ASSIGNMENT_STATUS_LABELS[detail.previousStatus].toLowerCase()}).`,
    );
  }
  if (detail.share !== undefined) {
    parts.push(
      detail.share === null
        ? 'Your share is back to an equal part.'
        : `Your share is now ${String(detail.share)} %.`,
    );
  }
  if (detail.notesChanged) parts.push('Its notes changed.');
  if (detail.reason) parts.push(`Reason: ${detail.reason}`);
  return parts.join(' ') || 'See My Workload.';
}

/**
 * A teaching notification's title and text, made when it is read so that a section renamed since
 * reads by its name now. Null for the kinds that keep their own words (a failed import).
 */
export function teachingWords(
  kind: NotificationKind,
  detailJson: unknown,
  section: SectionLabel | null,
): { title: string; text: string } | null {
  if (!isTeaching(kind)) return null;
  const detail = (
    typeof detailJson === 'string' ? JSON.parse(detailJson) : (detailJson ?? {})
  ) as TeachingDetail;
  const label = sectionName(section);
  const about = section?.name ?? '';
  switch (kind) {
    case 'assignmentProposed':
      return { title: `You are proposed to teach ${label}`, text: about || 'See My Workload.' };
    case 'assignmentApproved':
      return {
        title: `Your assignment to ${label} is ${detail.status === 'final' ? 'final' : 'approved'}`,
        text: about || 'See My Workload.',
      };
    case 'assignmentChanged':
      return { title: `Your assignment to ${label} changed`, text: changes(detail) };
    case 'assignmentWithdrawn':
      return {
        title: `Your assignment to ${label} was withdrawn`,
        text: detail.reason ? `Reason: ${detail.reason}` : about || 'See My Workload.',
      };
    case 'assignmentRemoved':
      return { title: `You no longer teach ${label}`, text: 'The assignment was removed.' };
    case 'meetingsChanged':
      return { title: `${label} meets at new times or places`, text: 'See My Schedule.' };
    default: {
      const unexpected: never = kind;
      throw new Error(`Unknown notification kind ${String(unexpected)}`);
    }
  }
}

/** A stored notification with its section as read beside it (the bell and the digest read so). */
export interface WordedRow {
  kind: NotificationKind;
  title: string;
  text: string;
  detail: unknown;
  course_number: string | null;
  section_number: string | null;
  section_name: string | null;
}

/** A notification's words as its reader sees them: made now for teaching kinds, else stored. */
export function wordsOf(row: WordedRow): { title: string; text: string } {
  const section =
    row.section_number === null
      ? null
      : {
          courseNumber: row.course_number,
          sectionNumber: row.section_number,
          name: row.section_name,
        };
  return teachingWords(row.kind, row.detail, section) ?? { title: row.title, text: row.text };
}
