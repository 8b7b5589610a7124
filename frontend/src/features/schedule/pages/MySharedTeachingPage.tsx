import { PageFrame } from '../../../components/layout/PageFrame.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { courseColumn } from '../../../components/list/columns.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { StatusTag } from '../../../components/status/AssignmentTags.js';
import { useMySharedTeachingQuery, type SharedTeachingRow } from '../api/scheduleApi.js';

const COLUMNS: TableColumn<SharedTeachingRow & { id: string }>[] = [
  courseColumn(240),
  {
    key: 'section',
    label: 'Section',
    width: 160,
    render: (r) => `${r.sectionNumber} ${r.sectionName}`,
  },
  {
    key: 'share',
    label: 'My share',
    width: 160,
    render: (r) => `${r.sharePercent} % (${r.points} points)`,
  },
  { key: 'status', label: 'My status', width: 120, render: (r) => <StatusTag status={r.status} /> },
  {
    key: 'with',
    label: 'Taught with',
    width: 320,
    render: (r) => (
      <ul className="allot-flag-list">
        {r.coInstructors.map((c) => (
          <li key={c.UserId}>
            {c.name} — {c.sharePercent} % <StatusTag status={c.status} />
          </li>
        ))}
      </ul>
    ),
  },
];

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
          <PlainTable
            label="Shared sections"
            columns={COLUMNS}
            rows={rows.map((r) => ({ ...r, id: r.AssignmentId }))}
          />
        )}
      </ListBody>
    </PageFrame>
  );
}
