/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import { FIELD_SAMPLES } from '../fieldSamples.js';
import FormFieldsPage from '../pages/FormFieldsPage.js';
import StyleGuidePage from '../pages/StyleGuidePage.js';

let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ path }) => {
    if (path === '/api/auth') return { body: signedInAs('admin') };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    return undefined;
  });
});
afterAll(() => server.close());

test('the style guide shows colours, type, buttons, tables, dialogs and toasts', async () => {
  const app = renderWithApp([{ path: '/styles', element: <StyleGuidePage /> }], '/styles');
  for (const section of [
    'Colours',
    'Typography',
    'Buttons',
    'Tables',
    'Dialogs and states',
    'Toasts',
  ]) {
    expect(await screen.findByText(section)).toBeInTheDocument();
  }
  fireEvent.click(screen.getByRole('button', { name: 'Open a dialog' }));
  expect(await screen.findByRole('dialog', { name: 'A dialog' })).toBeInTheDocument();
  app.unmount();
});

test('the form fields page shows every widget empty, filled, invalid and disabled', async () => {
  const app = renderWithApp(
    [{ path: '/styles/formik-fields', element: <FormFieldsPage /> }],
    '/styles/formik-fields',
  );
  await screen.findByRole('heading', { name: 'termModes' });
  // The page's own table (widgets such as members hold tables of their own).
  const table = document.querySelector('table.allot-field-states')!;
  const widgets = new Set(FIELD_SAMPLES.map((s) => s.field.widget));
  // Every widget of the resource machinery has a sample (termModes included).
  expect(widgets.size).toBe(FIELD_SAMPLES.length);
  expect(widgets).toContain('termModes');
  const rows = [...table.querySelectorAll<HTMLElement>(':scope > tbody > tr')];
  expect(rows).toHaveLength(FIELD_SAMPLES.length);
  for (const [i, sample] of FIELD_SAMPLES.entries()) {
    const row = rows[i]!;
    expect(within(row).getByRole('heading', { name: sample.field.widget })).toBeInTheDocument();
    // The invalid state shows the sample's error; the disabled one cannot be changed.
    expect(within(row).getByText(sample.invalid)).toBeInTheDocument();
    const controls = row.querySelectorAll(
      ':scope > td:last-child input, :scope > td:last-child select, :scope > td:last-child textarea',
    );
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) expect(control).toBeDisabled();
  }
  app.unmount();
});
