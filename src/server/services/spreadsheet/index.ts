/**
 * The one module through which the product writes and reads spreadsheets: Excel (.xlsx) and CSV out as streams,
 * Excel and CSV in as rows. Nothing else imports fflate or saxes for sheets (docs/decisions.md, Spreadsheets).
 */
import type { Readable } from 'node:stream';
import type { Cell } from './cells.ts';
import { csvStream, decodeCsv, readCsv } from './csv.ts';
import { SheetError } from './errors.ts';
import { looksLikePdf, pdfAttachment } from './pdf-rows.ts';
import { looksLikeZip, readXlsx, type SheetRow } from './xlsx-read.ts';
import { type ExtraSheet, type SheetColumn, xlsxStream } from './xlsx-write.ts';

export type { Cell, DayCell, ReadCell, RupeesCell } from './cells.ts';
export { isDay, isRupees, restoreText } from './cells.ts';
export { SheetError, type SheetProblem } from './errors.ts';
export { columnName, type ExtraSheet, type SheetColumn } from './xlsx-write.ts';
export type { SheetRow } from './xlsx-read.ts';

export type SheetFormat = 'xlsx' | 'csv';

export const CONTENT_TYPES: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The list as a file of the format, streamed; an Excel file may have a second, small sheet (a template's help). */
export function writeSheet(
  format: SheetFormat,
  title: string,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<readonly Cell[]>,
  extra?: ExtraSheet,
): Readable {
  return format === 'xlsx'
    ? xlsxStream(title, columns, rows, extra)
    : csvStream(
        columns.map((column) => column.header),
        rows,
      );
}

export interface SheetLimits {
  maxRows: number;
  /** What an Excel file may unpack to, in bytes. */
  maxInflatedBytes: number;
}

/**
 * The rows of a file that came in: an Excel workbook when its bytes say so, the rows a PDF of this product's exports
 * carries inside (pdf-rows.ts), else CSV text. `name` (the file's name) only decides which a file claims to be: a
 * file named .xlsx that is not a zip is refused as not a workbook, one named .pdf that is not a PDF as not a PDF.
 */
export async function* readSheet(data: Uint8Array, name: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const claimsExcel = /\.xlsx$/i.test(name);
  if (looksLikeZip(data)) {
    yield* readXlsx(data, limits);
    return;
  }
  if (looksLikePdf(data)) {
    yield* readCsv(decodeCsv(pdfAttachment(data, limits.maxInflatedBytes)), limits.maxRows);
    return;
  }
  if (/\.pdf$/i.test(name)) throw new SheetError('not-a-sheet', 'sheetNotPdf');
  if (claimsExcel || /\.(xls|xlsm|xlsb|ods)$/i.test(name)) throw new SheetError('not-a-sheet', 'sheetNotXlsx');
  yield* readCsv(decodeCsv(data), limits.maxRows);
}
