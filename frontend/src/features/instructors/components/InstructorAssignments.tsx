import { Link } from 'react-router';
import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { AlignmentTag } from '../../../components/status/AlignmentTag.js';
import { useListSectionAssignmentsQuery } from '../../../lib/api/sectionsApi.js';
import { StatusTag } from '../../../components/status/AssignmentTags.js';

/** More than one instructor teaches in a period; the list shows them all on one page. */
const TAKE = 500;

/**
 * The Assignments tab: the instructor's section assignments in the period (withdrawn included),
 * each with its status and how it aligns with their preferences (GET /api/sectionAssignments).
 */
export function InstructorAssignments({ userId, periodId }: { userId: string; periodId: string }) {
  const list = useListSectionAssignmentsQuery(
    {
      UserId: userId,
      AcademicPeriodId: periodId,
      take: TAKE,
      skip: 0,
      sort: JSON.stringify([
        ['courseNumber', 'ASC'],
        ['sectionNumber', 'ASC'],
      ]),
    },
    { skip: periodId === '' },
  );
  if (periodId === '') {
    return <Callout icon="calendar">Choose an academic period to see the assignments.</Callout>;
  }
  if (list.isLoading) return <Spinner aria-label="Loading the assignments" />;
  if (list.error || !list.data) {
    return (
      <NonIdealState
        icon="error"
        title="The assignments could not be loaded"
        description={problemOf(list.error).message}
        action={<Button icon="refresh" text="Try again" onClick={() => void list.refetch()} />}
      />
    );
  }
  const { rows, count } = list.data;
  if (rows.length === 0) {
    return (
      <Callout icon="info-sign">
        This instructor has no section assignment in this period, or none in the workgroups you may
        read.
      </Callout>
    );
  }
  return (
    <>
      <HTMLTable striped compact className="allot-wide-table" aria-label="Section assignments">
        <thead>
          <tr>
            <th>Course</th>
            <th>Section</th>
            <th>Status</th>
            <th>Alignment</th>
            <th>Share</th>
            <th>Points</th>
            <th>Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>
                <strong>{a.courseNumber ?? '—'}</strong> {a.courseName ?? ''}
              </td>
              <td>
                {a.sectionNumber} {a.sectionName}
              </td>
              <td>
                <StatusTag status={a.status} />
              </td>
              <td>
                <AlignmentTag alignment={a.preferenceAlignment ?? null} />
              </td>
              <td>
                {a.sharePercent} %{a.share === null ? ' (equal)' : ''}
              </td>
              <td>{a.points}</td>
              <td>{a.notes ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted allot-instructor__note">
        {count > rows.length ? `The first ${rows.length} of ${count} assignments. ` : ''}
        Approve, change or withdraw them on{' '}
        <Link to={`/sectionAssignments?UserId=${encodeURIComponent(userId)}`}>
          Section Assignments
        </Link>
        .
      </p>
    </>
  );
}
