import { Callout, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { StatusTag } from '../../../components/status/AssignmentTags.js';
import type { AssignmentStatus } from '../../../lib/domain/sectionTypes.js';
import { useMySharedTeachingQuery } from '../api/scheduleApi.js';

/** My Shared Teaching (/mySharedTeaching): sections the signed-in instructor teaches with others. */
export default function MySharedTeachingPage() {
  const { data, error, isLoading } = useMySharedTeachingQuery();
  return (
    <PageFrame>
      {isLoading && <Spinner aria-label="Loading shared teaching" />}
      {error && (
        <Callout intent={Intent.DANGER} title="Shared teaching could not be loaded">
          {problemOf(error).message}
        </Callout>
      )}
      {data && data.rows.length === 0 && (
        <NonIdealState
          icon="people"
          title="No shared sections"
          description="You teach no section with someone else in this period."
        />
      )}
      {data && data.rows.length > 0 && (
        <HTMLTable striped compact aria-label="Shared sections" style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>Course</th>
              <th>Section</th>
              <th>My share</th>
              <th>My status</th>
              <th>Taught with</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.AssignmentId}>
                <td>
                  {r.courseNumber ?? '—'} {r.courseName ?? ''}
                </td>
                <td>
                  {r.sectionNumber} {r.sectionName}
                </td>
                <td>
                  {r.sharePercent} % ({r.points} points)
                </td>
                <td>
                  <StatusTag status={r.status as AssignmentStatus} />
                </td>
                <td>
                  <ul className="allot-flag-list">
                    {r.coInstructors.map((c) => (
                      <li key={c.UserId}>
                        {c.name} — {c.sharePercent} %{' '}
                        <StatusTag status={c.status as AssignmentStatus} />
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </PageFrame>
  );
}
