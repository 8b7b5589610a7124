import { HTMLTable } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { StatusTag } from '../../../components/status/AssignmentTags.js';
import { useMySharedTeachingQuery } from '../api/scheduleApi.js';

/** My Shared Teaching (/mySharedTeaching): sections the signed-in instructor teaches with others. */
export default function MySharedTeachingPage() {
  const shared = useMySharedTeachingQuery();
  return (
    <PageFrame>
      <ListBody
        what="Shared teaching"
        query={shared}
        filtering={false}
        loadingLabel="Loading shared teaching"
        empty={{
          icon: 'people',
          title: 'No shared sections',
          description: 'You teach no section with someone else in this period.',
        }}
      >
        {(rows) => (
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
              {rows.map((r) => (
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
                    <StatusTag status={r.status} />
                  </td>
                  <td>
                    <ul className="allot-flag-list">
                      {r.coInstructors.map((c) => (
                        <li key={c.UserId}>
                          {c.name} — {c.sharePercent} % <StatusTag status={c.status} />
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListBody>
    </PageFrame>
  );
}
