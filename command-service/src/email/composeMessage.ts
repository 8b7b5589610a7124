import { fillMergeFields, type EmailDraft, type MergeValues } from '@allot/shared-events';
import type { RecipientFacts } from './port.js';

const POINTS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The merge values of one recipient: their names, the period, their teaching, and links. */
export function mergeValuesOf(
  facts: RecipientFacts,
  periodName: string,
  publicUrl: string,
): MergeValues {
  const base = publicUrl.replace(/\/+$/, '');
  const { required, assigned } = facts.workload;
  const remaining = required - assigned;
  const assignments =
    facts.assignments.length === 0
      ? '(no teaching assignments)'
      : facts.assignments
          .map(
            (a) =>
              `- ${a.label}${a.term ? `, ${a.term}` : ''}: ${POINTS.format(a.points)} points (${a.status})`,
          )
          .join('\n');
  return {
    firstName: facts.firstName,
    lastName: facts.lastName,
    fullName: facts.name,
    periodName,
    assignments,
    workload:
      `${POINTS.format(assigned)} of ${POINTS.format(required)} points assigned` +
      (remaining > 0
        ? ` (${POINTS.format(remaining)} to go)`
        : remaining < 0
          ? ` (${POINTS.format(-remaining)} over)`
          : ''),
    myWorkloadLink: `${base}/myWorkload`,
    preferencesLink: `${base}/teachingPreferencesMine`,
    scheduleLink: `${base}/mySchedule`,
  };
}

/** One recipient's message: the draft with their merge fields filled. */
export function composeMessage(
  draft: Pick<EmailDraft, 'subject' | 'body'>,
  values: MergeValues,
): { subject: string; text: string } {
  return {
    // A merge value never makes a subject two lines (a header injection).
    subject: fillMergeFields(draft.subject, values).replace(/[\r\n]+/g, ' '),
    text: fillMergeFields(draft.body, values),
  };
}

/** The facts of someone the read models know nothing more of (no teaching this period). */
export function noFacts(person: { UserId: string; name: string }): RecipientFacts {
  const [firstName = person.name, ...rest] = person.name.split(' ');
  return {
    UserId: person.UserId,
    firstName,
    lastName: rest.join(' '),
    name: person.name,
    assignments: [],
    workload: { required: 0, assigned: 0 },
  };
}
