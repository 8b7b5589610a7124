import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ImportColumn } from '@allot/shared-events';

/**
 * The empty file of an import, to fill in: the columns' headings and an example row, as CSV or
 * as a workbook whose headings carry each column's help as a note.
 */
export async function sendTemplate(
  reply: FastifyReply,
  name: string,
  kind: { label: string; columns: readonly ImportColumn[] },
  format: 'csv' | 'xlsx',
) {
  const { columns } = kind;
  if (format === 'csv') {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(stringify([columns.map((c) => c.label), columns.map((c) => c.example)], { bom: true }));
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind.label.slice(0, 31));
  sheet.addRow(columns.map((c) => c.label)).font = { bold: true };
  sheet.addRow(columns.map((c) => c.example));
  columns.forEach((c, i) => {
    const cell = sheet.getRow(1).getCell(i + 1);
    cell.note = [c.required ? 'Required.' : 'Optional.', c.help].filter(Boolean).join(' ');
    sheet.getColumn(i + 1).width = Math.max(12, c.label.length + 2);
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(Buffer.from(await workbook.xlsx.writeBuffer()));
}
