import type { ReactNode } from 'react';
import type { AssignmentStatus } from '../../../lib/domain/sectionTypes.js';
import { StatusTag } from '../../../components/status/AssignmentTags.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { courseColumn } from '../../../components/list/columns.js';

/** What an instructor's section assignment shows, in the Workload and the Assignments tabs. */
interface AssignmentLike {
  id: string;
  courseNumber: string | null;
  courseName: string | null;
  sectionNumber: string;
  sectionName: string;
  status: AssignmentStatus;
  points: number;
  notes?: string | null | undefined;
}

/**
 * The columns of an instructor's section assignments: course, section, status, then what the tab
 * adds (how it aligns with their preferences), their share, points and notes.
 */
export function assignmentColumns<Row extends AssignmentLike>({
  share,
  extra = [],
}: {
  share: (row: Row) => ReactNode;
  /** Columns after Status. */
  extra?: readonly TableColumn<Row>[];
}): TableColumn<Row>[] {
  return [
    courseColumn<Row>(240),
    {
      key: 'section',
      label: 'Section',
      width: 160,
      render: (r) => `${r.sectionNumber} ${r.sectionName}`,
    },
    { key: 'status', label: 'Status', width: 110, render: (r) => <StatusTag status={r.status} /> },
    ...extra,
    { key: 'share', label: 'Share', width: 100, render: share },
    { key: 'points', label: 'Points', width: 80, render: (r) => r.points },
    { key: 'notes', label: 'Notes', width: 240, render: (r) => r.notes ?? '' },
  ];
}
