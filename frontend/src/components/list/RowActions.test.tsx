import '@testing-library/jest-dom';
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RowActions, rowActionsWidth, type RowActionItem } from './RowActions.js';

const ROW = 'BIOL 101 001 (Fall 2026)';

function item(key: string, text: string, extra: Partial<RowActionItem> = {}): RowActionItem {
  return {
    key,
    icon: 'edit',
    text,
    label: `${text} ${ROW}`,
    onClick: jest.fn(),
    ...extra,
  };
}

test('at most two actions are icon buttons; the rarer ones wait in the More actions menu', async () => {
  const history = item('history', 'History');
  const remove = item('delete', 'Delete');
  render(
    <RowActions
      rowLabel={ROW}
      inline={[item('details', 'Details'), item('edit', 'Edit'), item('meetings', 'Meetings')]}
      more={[history, item('deactivate', 'Deactivate', { disabled: true }), remove]}
    />,
  );
  expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
    `Details ${ROW}`,
    `Edit ${ROW}`,
    `More actions for ${ROW}`,
  ]);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: `More actions for ${ROW}` }));
  const menu = await screen.findByRole('menu', { name: `More actions for ${ROW}` });
  const items = within(menu).getAllByRole('menuitem');
  // A third inline action leads the menu; each item's name contains its visible text.
  expect(items.map((i) => [i.textContent, i.getAttribute('aria-label')])).toEqual([
    ['Meetings', `Meetings ${ROW}`],
    ['History', `History ${ROW}`],
    ['Deactivate', `Deactivate ${ROW}`],
    ['Delete', `Delete ${ROW}`],
  ]);
  expect(within(menu).getByRole('menuitem', { name: `Deactivate ${ROW}` })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  fireEvent.click(within(menu).getByRole('menuitem', { name: `History ${ROW}` }));
  expect(history.onClick).toHaveBeenCalledTimes(1);
  expect(remove.onClick).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
});

test('a row without rarer actions has no menu button, and its column is as narrow', () => {
  render(<RowActions rowLabel={ROW} inline={[item('edit', 'Edit')]} />);
  expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
    `Edit ${ROW}`,
  ]);
  expect(rowActionsWidth(1, false)).toBeLessThan(rowActionsWidth(2, true));
  // However many actions a row has, the column holds two buttons and the menu.
  expect(rowActionsWidth(5, true)).toBe(rowActionsWidth(2, true));
});

test('where there is room, every inline action may be a button', () => {
  render(
    <RowActions
      rowLabel={ROW}
      maxInline={Infinity}
      inline={[item('approve', 'Approve'), item('edit', 'Edit'), item('withdraw', 'Withdraw')]}
    />,
  );
  expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
    `Approve ${ROW}`,
    `Edit ${ROW}`,
    `Withdraw ${ROW}`,
  ]);
});
