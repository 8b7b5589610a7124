import { useState } from 'react';
import {
  Alert,
  Button,
  Callout,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { notify } from '../../../lib/notifications/notify.js';
import { levelLabel, useReopenPreferencesMutation } from '../../../lib/api/preferencesApi.js';
import { StatusTag } from '../../../components/status/PreferenceStatusTag.js';
import { cellText } from '../../../lib/resources/cellText.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  useInstructorPreferencesQuery,
  useInstructorSubmissionQuery,
  type StaffPreference,
} from '../api/instructorApi.js';

/** What a preference is about: its course, else its assignment type. */
function subjectOf(p: StaffPreference): string {
  if (p.CourseId) return [p.courseNumber, p.courseName].filter(Boolean).join(' ') || p.CourseId;
  if (p.AssignmentTypeId) return p.assignmentTypeName ?? p.AssignmentTypeId;
  return '—';
}

/**
 * The Preferences tab: the instructor's submission status for the period and each preference
 * (GET /api/preferenceSubmissions?UserId, GET /api/teachingPreferences?UserId); staff who manage
 * instructors may reopen a submitted set.
 */
export function InstructorPreferences({
  userId,
  name,
  periodId,
  mayReopen,
}: {
  userId: string;
  name: string;
  periodId: string;
  mayReopen: boolean;
}) {
  const args = { UserId: userId, AcademicPeriodId: periodId };
  const skip = periodId === '';
  const submission = useInstructorSubmissionQuery(args, { skip });
  const preferences = useInstructorPreferencesQuery(args, { skip });
  const [confirming, setConfirming] = useState(false);
  const [reopen, reopening] = useReopenPreferencesMutation();
  if (skip) {
    return <Callout icon="calendar">Choose an academic period to see the preferences.</Callout>;
  }
  if (submission.isLoading || preferences.isLoading) {
    return <Spinner aria-label="Loading the preferences" />;
  }
  const error = submission.error ?? preferences.error;
  if (error || submission.data === undefined || !preferences.data) {
    return (
      <NonIdealState
        icon="error"
        title="The preferences could not be loaded"
        description={problemOf(error).message}
        action={
          <Button
            icon="refresh"
            text="Try again"
            onClick={() => {
              void submission.refetch();
              void preferences.refetch();
            }}
          />
        }
      />
    );
  }
  const status = submission.data;
  const rows = preferences.data.rows;
  async function confirmReopen() {
    setConfirming(false);
    const result = await reopen(args);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: `${name} can change their preferences again.`, intent: Intent.SUCCESS },
    );
  }
  return (
    <>
      {status ? (
        <div className="allot-instructor__submission" role="group" aria-label="Submission">
          <StatusTag status={status.status} />
          <span>
            {status.count} preference{status.count === 1 ? '' : 's'}
            {status.submittedAt ? `, submitted ${cellText(status.submittedAt)}` : ''}
          </span>
          {mayReopen && status.status === 'submitted' && (
            <Button
              size="small"
              icon="unlock"
              text="Reopen"
              loading={reopening.isLoading}
              aria-label={`Reopen the preferences of ${name}`}
              onClick={() => setConfirming(true)}
            />
          )}
        </div>
      ) : (
        <Callout icon="info-sign" className="allot-instructor__submission">
          {name} is not an active faculty member, so no preferences are asked of them.
        </Callout>
      )}
      {rows.length === 0 ? (
        <Callout icon="info-sign">No preference is stated for this period.</Callout>
      ) : (
        <HTMLTable striped compact className="allot-wide-table" aria-label="Teaching preferences">
          <thead>
            <tr>
              <th>Preference</th>
              <th>Course or assignment type</th>
              <th>Term</th>
              <th>Teaching mode</th>
              <th>Weight</th>
              <th>Notes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id}>
                <td>{levelLabel(p.level)}</td>
                <td>{subjectOf(p)}</td>
                <td>{p.AcademicTermId ? (p.academicTermName ?? p.AcademicTermId) : 'Any'}</td>
                <td>{p.TeachingModeId ? (p.teachingModeName ?? p.TeachingModeId) : 'Any'}</td>
                <td>{p.weight ?? '—'}</td>
                <td>{p.notes ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Alert
        isOpen={confirming}
        icon="unlock"
        intent={Intent.PRIMARY}
        confirmButtonText="Reopen"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmReopen()}
      >
        <p>Reopen the preferences of {name} so they can change and submit them again?</p>
      </Alert>
    </>
  );
}
