import type { TableColumn } from './DataTable.js';

/** A row naming its course: number in bold, then the name (the full name on hover). */
interface CourseNamed {
  courseNumber: string | null;
  courseName: string | null;
}

/** The Course column the teaching lists open with, sorted by course number. */
export function courseColumn<Row extends CourseNamed>(width: number): TableColumn<Row> {
  return {
    key: 'course',
    label: 'Course',
    width,
    sortField: 'courseNumber',
    render: (row) => (
      <span title={row.courseName ?? undefined}>
        <strong>{row.courseNumber ?? '—'}</strong> {row.courseName ?? ''}
      </span>
    ),
  };
}
