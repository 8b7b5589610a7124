import { Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useMyAdminAssignmentsQuery } from '../api/myAdminAssignmentsApi.js';

/** My Admin Assignments: the administrative duties credited to the signed-in instructor. */
export default function MyAdminAssignmentsPage() {
  const mine = useMyAdminAssignmentsQuery();
  let body;
  if (mine.isLoading) body = <Spinner aria-label="Loading your administrative assignments" />;
  else if (mine.error || !mine.data)
    body = (
      <NonIdealState
        icon="error"
        title="Your administrative assignments could not be loaded"
        description={problemOf(mine.error).message}
        action={<Button icon="refresh" text="Try again" onClick={() => void mine.refetch()} />}
      />
    );
  else if (mine.data.rows.length === 0)
    body = (
      <NonIdealState
        icon="briefcase"
        title="No administrative assignments"
        description="Duties such as chairing a department or a committee appear here once assigned."
      />
    );
  else {
    const total = mine.data.rows.reduce((sum, r) => sum + r.points, 0);
    body = (
      <HTMLTable striped className="allot-wide-table" aria-label="Your administrative assignments">
        <thead>
          <tr>
            <th>Academic period</th>
            <th>Duty</th>
            <th>Term</th>
            <th>Points</th>
            <th>Notes</th>
          </tr>
        </thead>
        <tbody>
          {mine.data.rows.map((r) => (
            <tr key={r.id}>
              <td>{r.periodName ?? r.AcademicPeriodId}</td>
              <td>
                {r.typeName ?? r.AdministrativeAssignmentTypeId}{' '}
                {r.takesWholeTerm && (
                  <Tag minimal intent="warning">
                    No teaching this term
                  </Tag>
                )}
              </td>
              <td>{r.termName ?? 'Whole period'}</td>
              <td>{r.points}</td>
              <td>{r.notes}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>Total</th>
            <th>{Math.round(total * 100) / 100}</th>
            <th />
          </tr>
        </tfoot>
      </HTMLTable>
    );
  }
  return <PageFrame>{body}</PageFrame>;
}
