import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

export class UnreadableFile extends Error {}

/** The most rows one import reads: a whole institution's sections with their meetings. */
export const MAX_IMPORT_ROWS = 200_000;

const XLSX_MAGIC = 'PK';

/** A cell of a sheet as the text a person sees (a date as YYYY-MM-DD, a formula's result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel keeps times of day on 1899-12-30; a date without a time is midnight UTC.
    const iso = value.toISOString();
    return iso.startsWith('1899-12-30')
      ? iso.slice(11, 16)
      : iso.endsWith('T00:00:00.000Z')
        ? iso.slice(0, 10)
        : iso.slice(0, 16).replace('T', ' ');
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function readXlsx(file: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFile(
      'This file is not a workbook Allot can read (save it as .xlsx or .csv).',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  // Read once: ExcelJS counts the columns by walking every row (per cell, 30,000 rows took minutes).
  const columns = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let c = 1; c <= columns; c += 1) cells.push(cellText(row.getCell(c).value));
    rows[number - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The separator of the heading line: the most frequent of comma, semicolon and tab. */
function separatorOf(file: Buffer): string {
  const heading = file.subarray(0, 4096).toString('utf8').split('\n')[0] ?? '';
  const count = (d: string) => heading.split(d).length;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

function readCsv(file: Buffer): string[][] {
  try {
    const rows: string[][] = parse(file, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      // Semicolons where a comma is the decimal mark (European spreadsheets), tabs from pastes.
      delimiter: separatorOf(file),
    });
    return rows;
  } catch (err) {
    throw new UnreadableFile(`This CSV file cannot be read: ${(err as Error).message}`);
  }
}

/**
 * Reads an uploaded CSV or XLSX file (told apart by its first bytes, not its name): the first
 * non-empty row is the headings, wholly empty rows are skipped, line numbers are kept.
 */
export async function readTable(
  file: Buffer,
): Promise<{ headings: string[]; rows: { line: number; cells: string[] }[] }> {
  const all =
    file.subarray(0, 2).toString('latin1') === XLSX_MAGIC ? await readXlsx(file) : readCsv(file);
  const filled = (r: readonly string[]) => r.some((c) => c.trim() !== '');
  const first = all.findIndex(filled);
  if (first < 0) throw new UnreadableFile('The file is empty.');
  const headings = (all[first] ?? []).map((h) => h.trim());
  const rows = all
    .map((cells, index) => ({ line: index + 1, cells }))
    .slice(first + 1)
    .filter((r) => filled(r.cells));
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new UnreadableFile(
      `The file has ${rows.length} rows; one import reads at most ${MAX_IMPORT_ROWS}.`,
    );
  }
  return { headings, rows };
}
