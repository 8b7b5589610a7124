import { render, screen } from '@testing-library/react';
import { App } from './App.js';
import { parseInstitutionSettings } from './features/settings/institutionSettings.js';

describe('parseInstitutionSettings', () => {
  it('reads the list GET /api/settings answers', () => {
    expect(
      parseInstitutionSettings([
        {
          id: 'institution_name',
          machineName: 'institution_name',
          Setting: { value: 'Northbridge University' },
        },
        { id: 'primary_color', machineName: 'primary_color', Setting: { value: '#0736a4' } },
      ]),
    ).toEqual({ institutionName: 'Northbridge University', primaryColor: '#0736a4' });
  });

  it('reads an object of settings and ignores a colour that is not #rrggbb', () => {
    expect(
      parseInstitutionSettings({ institution_name: 'Northbridge', primary_color: 'red' }),
    ).toEqual({
      institutionName: 'Northbridge',
      primaryColor: null,
    });
  });
});

describe('App', () => {
  it('shows the institution name it loaded', async () => {
    render(
      <App
        loadSettings={() =>
          Promise.resolve({ institutionName: 'Northbridge University', primaryColor: null })
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'Allot' })).toBeTruthy();
    expect((await screen.findByTestId('institution-name')).textContent).toBe(
      'Northbridge University',
    );
  });

  it('says so when the settings cannot be loaded', async () => {
    render(
      <App
        loadSettings={() => Promise.reject(new Error('The server answered 503 for the settings.'))}
      />,
    );
    expect(await screen.findByText('The server answered 503 for the settings.')).toBeTruthy();
  });
});
