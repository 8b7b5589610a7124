import { useState } from 'react';
import { Alert, Button, Callout, Intent } from '@blueprintjs/core';
import { notify } from '../../../lib/notifications/notify.js';
import { levelLabel, useReopenPreferencesMutation } from '../../../lib/api/preferencesApi.js';
import { StatusTag } from '../../../components/status/PreferenceStatusTag.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody, loadedRows } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { bothQueries, QueryBody } from '../../../components/list/QueryBody.js';
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

const COLUMNS: TableColumn<StaffPreference>[] = [
  { key: 'level', label: 'Preference', width: 160, render: (p) => levelLabel(p.level) },
  { key: 'subject', label: 'Course or assignment type', width: 260, render: subjectOf },
  {
    key: 'term',
    label: 'Term',
    width: 120,
    render: (p) => (p.AcademicTermId ? (p.academicTermName ?? p.AcademicTermId) : 'Any'),
  },
  {
    key: 'mode',
    label: 'Teaching mode',
    width: 140,
    render: (p) => (p.TeachingModeId ? (p.teachingModeName ?? p.TeachingModeId) : 'Any'),
  },
  { key: 'weight', label: 'Weight', width: 80, render: (p) => p.weight ?? '—' },
  { key: 'notes', label: 'Notes', width: 240, render: (p) => p.notes ?? '' },
];

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
      <QueryBody
        what="The preferences"
        query={bothQueries(submission, preferences)}
        loadingLabel="Loading the preferences"
      >
        {([status, { rows }]) => (
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
            <ListBody
              what="The preferences"
              query={loadedRows(rows)}
              filtering={false}
              empty={{
                icon: 'info-sign',
                title: 'No preferences',
                description: 'No preference is stated for this period.',
              }}
            >
              {(shown) => (
                <PlainTable label="Teaching preferences" columns={COLUMNS} rows={shown} />
              )}
            </ListBody>
          </>
        )}
      </QueryBody>
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
