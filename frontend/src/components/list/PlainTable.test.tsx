import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import type { TableColumn } from './DataTable.js';
import { PlainTable } from './PlainTable.js';

interface Line {
  id: string;
  name: string;
  term: string;
  points: number;
  total?: boolean;
}

const COLUMNS: TableColumn<Line>[] = [
  {
    key: 'name',
    label: 'Duty',
    width: 200,
    colSpan: (l) => (l.total ? 2 : 1),
    render: (l) => (l.total ? 'Total' : l.name),
  },
  { key: 'term', label: 'Term', width: 120, render: (l) => l.term },
  { key: 'points', label: 'Points', width: 80, render: (l) => l.points },
];

test('a footer cell spans the columns its colSpan covers, and names its row', () => {
  render(
    <PlainTable
      label="Duties"
      columns={COLUMNS}
      rows={[
        { id: 'a', name: 'Chair', term: 'Fall', points: 3 },
        { id: 'b', name: 'Sabbatical', term: 'Spring', points: 1.5 },
      ]}
      footer={[{ id: 'total', name: '', term: 'never drawn', points: 4.5, total: true }]}
    />,
  );
  const table = screen.getByRole('table', { name: 'Duties' });
  const [head, chair, , total] = within(table).getAllByRole('row');
  expect(within(head!).getAllByRole('columnheader')).toHaveLength(3);
  // A body row: one cell a column, none spanning.
  expect(
    within(chair!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Chair', 'Fall', '3']);
  expect(within(chair!).queryByRole('rowheader')).not.toBeInTheDocument();
  // The total: "Total" over Duty and Term, a row header, then the sum.
  const name = within(total!).getByRole('rowheader', { name: 'Total' });
  expect(name).toHaveAttribute('colspan', '2');
  expect(
    within(total!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['4.5']);
  expect(table).not.toHaveTextContent('never drawn');
});
