/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import '@testing-library/jest-dom';
import { configure, act, screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { startApiServer } from '../../testing/apiServer.js';
import { signedInAs } from '../../testing/fixtures.js';
import { renderWithApp } from '../../testing/renderWithApp.js';
import { GatedPage } from './GatedPage.js';
import { RouteErrorPage } from './RouteErrorPage.js';
import { underBareLayout } from './testing.js';

// Two shared cores run many suites at once: lazy pages and the 300 ms branch animation can be slow.
configure({ asyncUtilTimeout: 5000 });

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer(({ path }) =>
    path === '/api/auth' ? { body: signedInAs('admin') } : undefined,
  );
});
afterAll(() => server.close());

// React reports errors its boundaries caught on the console; the tests cause them on purpose.
let consoleError: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function ReportPage() {
  const { reportId } = useParams();
  if (reportId === 'broken') throw new Error('Report layout is missing');
  return <p>Report {reportId}</p>;
}

const info = { path: '/probe/:reportId', title: 'Probe', description: 'A probe page.' };

test('a page that fails to render shows the message and asks to contact support; navigation resets it', async () => {
  const { router } = renderWithApp(
    underBareLayout([
      { path: '/probe/:reportId', element: <GatedPage info={info} Page={ReportPage} /> },
    ]),
    '/probe/broken',
  );
  expect(await screen.findByRole('heading', { name: 'Something went wrong:' })).toBeInTheDocument();
  expect(screen.getByText('Report layout is missing')).toBeInTheDocument();
  expect(screen.getByText('Please contact support.')).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();

  // Same route element, another path: the boundary must forget the error.
  await act(() => router.navigate('/probe/fine'));
  expect(await screen.findByText('Report fine')).toBeInTheDocument();
  expect(screen.queryByText('Something went wrong:')).not.toBeInTheDocument();
});

test('the router error page shows the status text of a thrown answer', async () => {
  renderWithApp(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        loader: () => {
          throw new Response('', { status: 503, statusText: 'Service Unavailable' });
        },
        element: <p>never</p>,
      },
    ],
    '/',
  );
  expect(
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
  ).toBeInTheDocument();
  expect(screen.getByText('Service Unavailable')).toBeInTheDocument();
});

test('the router error page shows the message of an error outside any page boundary', async () => {
  function BrokenLayout(): never {
    throw new Error('Layout exploded');
  }
  renderWithApp([{ path: '/', errorElement: <RouteErrorPage />, element: <BrokenLayout /> }], '/');
  expect(
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
  ).toBeInTheDocument();
  expect(screen.getByText('Layout exploded')).toBeInTheDocument();
});
