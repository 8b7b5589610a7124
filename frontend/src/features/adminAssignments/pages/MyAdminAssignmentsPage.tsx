import { HTMLTable, Tag } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { useMyAdminAssignmentsQuery } from '../api/myAdminAssignmentsApi.js';

/** My Admin Assignments: the administrative duties credited to the signed-in instructor. */
export default function MyAdminAssignmentsPage() {
  const mine = useMyAdminAssignmentsQuery();
  return (
    <PageFrame>
      <ListBody
        what="Your administrative assignments"
        query={mine}
        filtering={false}
        loadingLabel="Loading your administrative assignments"
        empty={{
          icon: 'briefcase',
          title: 'No administrative assignments',
          description:
            'Duties such as chairing a department or a committee appear here once assigned.',
        }}
      >
        {(rows) => {
          const total = rows.reduce((sum, r) => sum + r.points, 0);
          return (
            <HTMLTable
              striped
              className="allot-wide-table"
              aria-label="Your administrative assignments"
            >
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
                {rows.map((r) => (
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
        }}
      </ListBody>
    </PageFrame>
  );
}
