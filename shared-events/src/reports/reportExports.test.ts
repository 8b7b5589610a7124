import {
  reportExportFileName,
  reportExportQueryIssues,
  StartReportExportBody,
} from './reportExports.js';

describe('report exports', () => {
  it('take a report, its query, a format, a name and a time zone', () => {
    expect(
      StartReportExportBody.parse({ reportType: 'Sections', format: 'xlsx', name: '  Fall  ' }),
    ).toEqual({
      reportType: 'Sections',
      query: {},
      format: 'xlsx',
      name: 'Fall',
      timeZone: 'UTC',
    });
    const refused = StartReportExportBody.safeParse({
      reportType: 'Snapshot',
      format: 'pdf',
      timeZone: 'Mars/Olympus',
      extra: 1,
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.') || i.code).sort()).toEqual([
      'format',
      'reportType',
      'timeZone',
      'unrecognized_keys',
    ]);
  });

  it('name what a query asks that its report lacks', () => {
    expect(reportExportQueryIssues('Sections', { columns: ['points'] })).toEqual([]);
    expect(reportExportQueryIssues('Sections', { columns: ['nope'] })).toEqual([
      { field: 'query.columns', message: 'Sections has no column "nope".' },
    ]);
  });

  it('give files a name a file system takes, and a plain one for old clients', () => {
    expect(reportExportFileName('Fall: draft/2 "final"', 'csv')).toBe('Fall_ draft_2 _final_.csv');
    expect(reportExportFileName('Übersicht Lehre', 'xlsx')).toBe('Übersicht Lehre.xlsx');
    expect(reportExportFileName('Übersicht Lehre', 'xlsx', { ascii: true })).toBe(
      'Ubersicht Lehre.xlsx',
    );
    expect(reportExportFileName(' \u0000 ', 'csv')).toBe('_.csv');
    expect(reportExportFileName('日本', 'csv', { ascii: true })).toBe('__.csv');
  });
});
