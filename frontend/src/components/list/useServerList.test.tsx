/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useServerList, type ServerListSpec } from './useServerList.js';

const SPEC = {
  filters: { period: 'AcademicPeriodId', status: 'status', search: 'q' },
  typed: ['search'],
  scope: ['period'],
} satisfies ServerListSpec<'period' | 'status' | 'search'>;

/** A list's state shown as text, with buttons that change it as a page's controls would. */
function Probe({ inAddress = true }: { inAddress?: boolean }) {
  const list = useServerList({ ...SPEC, inAddress });
  return (
    <div>
      <output aria-label="state">
        {JSON.stringify({
          filters: list.filters,
          sort: list.sort,
          pager: list.pager,
          paging: list.paging,
          filtering: list.filtering,
        })}
      </output>
      <input
        aria-label="search"
        value={list.text('search')}
        onChange={(e) => list.setText('search', e.currentTarget.value)}
      />
      <button onClick={() => list.setFilters({ status: 'proposed' })}>status</button>
      <button onClick={() => list.setFilters({ status: '' })}>any status</button>
      <button onClick={() => list.setFilters({ period: '' })}>every period</button>
      <button onClick={() => list.onSort('name')}>sort</button>
      <button onClick={() => list.setPager({ page: 2 })}>page 3</button>
      <button onClick={() => list.setPager({ page: 0, pageSize: 50 })}>50 a page</button>
    </div>
  );
}

function renderAt(path: string, inAddress = true) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe inAddress={inAddress} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  const state = () =>
    JSON.parse(screen.getByLabelText('state').textContent ?? '{}') as {
      filters: Record<string, string | null>;
      sort: { field: string; direction: string } | null;
      pager: { page: number; pageSize: number };
      paging: { take: number; skip: number; sort?: string };
      filtering: boolean;
    };
  return { router, state, search: () => router.state.location.search };
}

test('a link names filters, sort and page; what it does not name is null (the default applies)', () => {
  const { state } = renderAt('/list?status=proposed&sort=name.desc&page=3&size=50');
  expect(state()).toEqual({
    filters: { period: null, status: 'proposed', search: null },
    sort: { field: 'name', direction: 'DESC' },
    pager: { page: 2, pageSize: 50 },
    paging: { take: 50, skip: 100, sort: '[["name","DESC"]]' },
    filtering: true,
  });
});

test('nonsense in the address falls back to the defaults', () => {
  const { state } = renderAt('/list?sort=name.sideways&page=-4&size=7');
  expect(state()).toMatchObject({ sort: null, pager: { page: 0, pageSize: 25 } });
});

test('a filter or a sort goes back to the first page and is written to the address', async () => {
  const { state, search } = renderAt('/list?page=3');
  fireEvent.click(screen.getByText('status'));
  await waitFor(() => expect(state().filters.status).toBe('proposed'));
  expect(state().pager.page).toBe(0);
  expect(search()).toBe('?status=proposed');

  fireEvent.click(screen.getByText('page 3'));
  await waitFor(() => expect(search()).toBe('?status=proposed&page=3'));
  fireEvent.click(screen.getByText('sort'));
  await waitFor(() => expect(state().sort).toEqual({ field: 'name', direction: 'ASC' }));
  expect(state().pager.page).toBe(0);
  fireEvent.click(screen.getByText('sort'));
  await waitFor(() => expect(state().sort?.direction).toBe('DESC'));
  // Third click: the list's own order again.
  fireEvent.click(screen.getByText('sort'));
  await waitFor(() => expect(state().sort).toBeNull());

  fireEvent.click(screen.getByText('any status'));
  await waitFor(() => expect(search()).toBe(''));
  expect(state().filtering).toBe(false);
});

test('an empty scope filter is kept (every period), unlike no filter (the working period)', async () => {
  const { state, search } = renderAt('/list');
  fireEvent.click(screen.getByText('every period'));
  await waitFor(() => expect(state().filters.period).toBe(''));
  expect(search()).toBe('?AcademicPeriodId=');
  // Choosing what the list is about does not count as narrowing it.
  expect(state().filtering).toBe(false);
});

test('typing applies the search after a pause, not on every key', async () => {
  const { state, search } = renderAt('/list?page=2');
  const box = screen.getByLabelText('search');
  fireEvent.change(box, { target: { value: 'ca' } });
  fireEvent.change(box, { target: { value: 'calc' } });
  expect(box).toHaveValue('calc');
  expect(state().filters.search).toBeNull();
  await waitFor(() => expect(state().filters.search).toBe('calc'));
  expect(search()).toBe('?q=calc');
  expect(state().pager.page).toBe(0);
});

test('a search still pausing when a link leads to another page is not written there', async () => {
  const { state, search } = renderAt('/list?status=proposed');
  const before = window.location.pathname;
  fireEvent.change(screen.getByLabelText('search'), { target: { value: 'bio' } });
  // The browser is on another page before the pause ends (a click on a row's link).
  window.history.pushState({}, '', '/sections?CourseOfferingId=o1');
  try {
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(state().filters.search).toBeNull();
    expect(search()).toBe('?status=proposed');
  } finally {
    window.history.pushState({}, '', before);
  }
});

test('Back to an earlier search shows it in the box', async () => {
  const { router, state } = renderAt('/list?q=bio');
  const box = screen.getByLabelText('search');
  expect(box).toHaveValue('bio');
  fireEvent.change(box, { target: { value: 'chem' } });
  await waitFor(() => expect(state().filters.search).toBe('chem'));
  await act(() => router.navigate('/list?q=phys'));
  await waitFor(() => expect(box).toHaveValue('phys'));
});

test('a list embedded in another page keeps its state to itself', async () => {
  const { state, search } = renderAt('/list?status=draft', false);
  expect(state().filters.status).toBeNull();
  fireEvent.click(screen.getByText('status'));
  fireEvent.click(screen.getByText('50 a page'));
  await waitFor(() => expect(state().pager.pageSize).toBe(50));
  expect(state().filters.status).toBe('proposed');
  expect(search()).toBe('?status=draft');
});
