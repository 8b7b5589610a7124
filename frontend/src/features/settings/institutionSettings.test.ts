import { parseInstitutionSettings } from './institutionSettings.js';

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
