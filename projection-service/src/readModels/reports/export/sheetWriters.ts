import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ReportColumn, ReportExportFormat } from '@allot/shared-events';
import { csvCell, displayLength, wallClockIn, xlsxCell, type WallClock } from './cells.js';

/** Writes a report's rows to one file as they come; `finish` ends the output stream. */
export interface SheetWriter {
  /** The header; `sample` (the first rows) sizes the columns. */
  start(
    columns: readonly ReportColumn[],
    sample: readonly Record<string, unknown>[],
  ): Promise<void>;
  rows(rows: readonly Record<string, unknown>[]): Promise<void>;
  finish(): Promise<void>;
}

export interface SheetOptions {
  /** The sheet's name (XLSX) — the report's title. */
  title: string;
  /** Date-times are written in this zone's wall-clock time. */
  timeZone: string;
}

export function sheetWriter(
  format: ReportExportFormat,
  output: Writable,
  options: SheetOptions,
): SheetWriter {
  return format === 'csv' ? csvWriter(output, options) : xlsxWriter(output, options);
}

/** Resolves once a stream that asked to wait (its buffer full) has drained. */
async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

/**
 * CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read accents right): the header
 * is the columns' labels, then one line per row.
 */
function csvWriter(output: Writable, options: SheetOptions): SheetWriter {
  const wallClock = wallClockIn(options.timeZone);
  const csv = stringify({ bom: true, eof: true, record_delimiter: '\r\n' });
  csv.pipe(output);
  let columns: readonly ReportColumn[] = [];
  return {
    async start(shown) {
      columns = shown;
      csv.write(columns.map((c) => c.label));
      await drained(csv);
    },
    async rows(rows) {
      for (const row of rows) {
        if (!csv.write(columns.map((c) => csvCell(c, row[c.key], wallClock)))) await drained(csv);
      }
    },
    async finish() {
      csv.end();
      await once(output, 'finish');
    },
  };
}

const NUMBER_FORMATS: Partial<Record<ReportColumn['type'], string>> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** Excel's rules for a sheet name: 31 characters at most, none of []:*?/\, not blank. */
export function sheetName(title: string): string {
  const name = title
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  return name || 'Report';
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/**
 * XLSX through ExcelJS's streaming writer: each row is committed (serialised and handed to the
 * zip) as it is written, so memory holds a row, not the sheet. Typed cells (numbers, booleans,
 * dates with a date format), the header bold and frozen, an autofilter over it, columns as wide
 * as their label and the first rows' values.
 */
function xlsxWriter(output: Writable, options: SheetOptions): SheetWriter {
  const wallClock: WallClock = wallClockIn(options.timeZone);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    // Styles for the date formats; shared strings would keep every distinct text in memory.
    useStyles: true,
    useSharedStrings: false,
    // zlib's default level (6). Level 1 zipped synthetic rows 40 % faster, but the whole export of
    // 100,000 rows took the same 9.5 s (the zip runs beside the reading) for a 20 % larger file.
    zip: { zlib: { level: 6 } },
  });
  workbook.creator = 'Allot';
  const sheet = workbook.addWorksheet(sheetName(options.title), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  let columns: readonly ReportColumn[] = [];
  return {
    async start(shown, sample) {
      columns = shown;
      sheet.columns = columns.map((column) => {
        const widest = sample.reduce(
          (most, row) =>
            Math.max(most, displayLength(xlsxCell(column, row[column.key], wallClock), column)),
          column.label.length,
        );
        const numFmt = NUMBER_FORMATS[column.type];
        return {
          key: column.key,
          width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2)),
          ...(numFmt ? { style: { numFmt } } : {}),
        };
      });
      const header = sheet.addRow(columns.map((c) => c.label));
      header.eachCell((cell) => {
        cell.font = { bold: true };
        cell.numFmt = 'General';
      });
      header.commit();
      if (columns.length > 0) {
        sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
      }
      await drained(output);
    },
    async rows(rows) {
      for (const row of rows) {
        sheet.addRow(columns.map((c) => xlsxCell(c, row[c.key], wallClock))).commit();
      }
      await drained(output);
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
