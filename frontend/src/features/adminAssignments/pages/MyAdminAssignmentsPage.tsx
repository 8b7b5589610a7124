import { Tag } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import {
  useMyAdminAssignmentsQuery,
  type MyAdminAssignment,
} from '../api/myAdminAssignmentsApi.js';

/** A line of the table: a duty, or (`duty` null) the footer's total of their points. */
interface Line {
  id: string;
  duty: MyAdminAssignment | null;
  points: number;
}

const COLUMNS: TableColumn<Line>[] = [
  {
    key: 'period',
    label: 'Academic period',
    width: 160,
    // The total's name spans the period, the duty and the term.
    colSpan: (l) => (l.duty ? 1 : 3),
    render: (l) => (l.duty ? (l.duty.periodName ?? l.duty.AcademicPeriodId) : 'Total'),
  },
  {
    key: 'duty',
    label: 'Duty',
    width: 280,
    render: ({ duty }) =>
      duty && (
        <>
          {duty.typeName ?? duty.AdministrativeAssignmentTypeId}{' '}
          {duty.takesWholeTerm && (
            <Tag minimal intent="warning">
              No teaching this term
            </Tag>
          )}
        </>
      ),
  },
  { key: 'term', label: 'Term', width: 140, render: (l) => l.duty?.termName ?? 'Whole period' },
  { key: 'points', label: 'Points', width: 80, render: (l) => l.points },
  { key: 'notes', label: 'Notes', width: 240, render: (l) => l.duty?.notes },
];

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
            <PlainTable
              label="Your administrative assignments"
              columns={COLUMNS}
              rows={rows.map((duty) => ({ id: duty.id, duty, points: duty.points }))}
              footer={[{ id: 'total', duty: null, points: Math.round(total * 100) / 100 }]}
            />
          );
        }}
      </ListBody>
    </PageFrame>
  );
}
