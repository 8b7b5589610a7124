/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import MyAdminAssignmentsPage from './MyAdminAssignmentsPage.js';
import type { MyAdminAssignment } from '../api/myAdminAssignmentsApi.js';

let rows: MyAdminAssignment[];
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ path }) => {
    if (path === '/api/auth') return { body: signedInAs('faculty') };
    if (path.startsWith('/api/administrativeAssignments/mine'))
      return { body: { count: rows.length, rows } };
    return undefined;
  });
});
afterAll(() => server.close());

const row = (id: string, typeName: string, points: number, extra = {}): MyAdminAssignment => ({
  id,
  AcademicPeriodId: 'p-1',
  periodName: '2026-27',
  AdministrativeAssignmentTypeId: 't',
  typeName,
  AcademicTermId: null,
  termName: null,
  points,
  takesWholeTerm: false,
  notes: null,
  ...extra,
});

test('lists the duties with names, flags a leave and totals the points', async () => {
  rows = [
    row('a', 'Department chair', 3),
    row('b', 'Sabbatical', 1.5, { takesWholeTerm: true, termName: 'Spring' }),
  ];
  renderWithApp([{ path: '/mine', element: <MyAdminAssignmentsPage /> }], '/mine');
  expect(await screen.findByText('Department chair')).toBeInTheDocument();
  expect(screen.getByText('No teaching this term')).toBeInTheDocument();
  expect(screen.getByText('Spring')).toBeInTheDocument();
  expect(screen.getByText('4.5')).toBeInTheDocument();
  expect(server.calls.some((c) => c.path.startsWith('/api/administrativeAssignments/mine'))).toBe(
    true,
  );
});

test('an empty state when there are none', async () => {
  rows = [];
  renderWithApp([{ path: '/mine', element: <MyAdminAssignmentsPage /> }], '/mine');
  expect(await screen.findByText('No administrative assignments')).toBeInTheDocument();
});
