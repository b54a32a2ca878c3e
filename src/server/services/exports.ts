/**
 * Export of a declared resource's list: the rows the list shows (its filter, search and order, every page), in its
 * columns, with display values (a reference's name, not its id; an enum's word; days and rupees as the office writes
 * them), in the reader's language, as a streamed Excel or CSV file. Nothing is written per resource: the columns and
 * values come from the declaration, the words from the resource's words (resources/resource-words.ts).
 *
 * The rows are read a page at a time through the record service, so the caller's reach applies (Self scope gives
 * one's own rows) and a list of 100,000 rows is never in memory at once.
 */
import { setImmediate } from 'node:timers/promises';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/index.ts';
import { resourceWords, type ResourceWords, type WordsLanguage } from '../../resources/resource-words.ts';
import { dateFormat } from '../../resources/times.ts';
import { HeapPacer } from './heap-pacing.ts';
import type { ListQuery } from './list-query.ts';
import type { ReadFor, RecordRow, RecordService } from './records.ts';
import type { Cell, SheetColumn } from './spreadsheet/index.ts';

/** Rows read per statement while exporting. */
export const EXPORT_PAGE = 1000;
/** Rows written before other requests get their turn. */
const YIELD_EVERY = 200;

export interface ExportColumn extends SheetColumn {
  field: string;
  cell: (row: RecordRow) => Cell;
}

/** Whether a field can be a column of an export: what a list may show, and nothing that names an account. */
function exportable(decl: FieldDeclaration): boolean {
  if (decl.inList === false) return false;
  if (decl.kind === 'permissions' || decl.kind === 'items') return false;
  if (decl.kind === 'integer' && decl.account) return false;
  return true;
}

/** The fields an export of the list has by default: the list's columns. */
export function exportFields(resource: ResourceDeclaration): string[] {
  return Object.entries(resource.fields)
    .filter(([, decl]) => exportable(decl))
    .map(([name]) => name);
}

/** The text of HTML, for a cell: tags out, entities of the allow-list read, blocks on lines of their own. */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|div|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** An instant in a sheet: day, month, year, hours and minutes, as the office writes them. */
const SHEET_INSTANT: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** An instant as the office writes it in a sheet: "27/11/2026 16:05", in the trust's time zone. */
export function sheetInstant(value: unknown, timeZone: string): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const format = dateFormat('en-GB', timeZone, SHEET_INSTANT);
  return format.format(date).replace(',', '');
}

function cellOf(
  name: string,
  decl: FieldDeclaration,
  words: ResourceWords,
  timeZone: string,
): (row: RecordRow) => Cell {
  const value = (row: RecordRow) => row[name];
  switch (decl.kind) {
    case 'reference':
      return (row) => {
        const ref = (row.$ref as Record<string, Record<string, unknown> | null> | undefined)?.[name];
        const shown = ref?.[decl.display];
        return shown === undefined || shown === null ? null : String(shown);
      };
    case 'enum':
      return (row) => {
        const v = value(row);
        return typeof v === 'string' ? words.choice(name, v) : null;
      };
    case 'boolean':
      return (row) => {
        const v = value(row);
        return typeof v === 'boolean' ? words.flag(name, v) : null;
      };
    case 'date':
      return (row) => {
        const v = value(row);
        return typeof v === 'string' && v ? { day: v.slice(0, 10) } : null;
      };
    case 'datetime':
      return (row) => sheetInstant(value(row), timeZone) || null;
    case 'integer':
      return (row) => {
        const v = value(row);
        if (typeof v !== 'number') return null;
        return decl.rupees ? { rupees: v } : v;
      };
    case 'richText':
      return (row) => {
        const v = value(row);
        return typeof v === 'string' ? plainText(v) : null;
      };
    case 'image':
      return (row) => {
        const v = value(row);
        if (Array.isArray(v)) return v.filter((x) => typeof x === 'string').join('\n') || null;
        return typeof v === 'string' ? v : null;
      };
    case 'text':
      if (decl.said)
        return (row) => {
          const said = words.said(row, name);
          if (said !== undefined) return said;
          const v = value(row);
          return typeof v === 'string' ? v : null;
        };
      return (row) => {
        const v = value(row);
        return typeof v === 'string' ? v : null;
      };
    default:
      return (row) => {
        const v = value(row);
        return v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : (v as Cell);
      };
  }
}

/**
 * The columns of an export: the id, then `fields` (the list's columns by default), each headed by its label in the
 * language and giving its display value.
 */
export function exportColumns(
  resource: ResourceDeclaration,
  language: WordsLanguage,
  timeZone: string,
  fields: readonly string[] = exportFields(resource),
): ExportColumn[] {
  const words = resourceWords(resource, language);
  return [
    { field: 'id', header: words.field('id'), width: 8, cell: (row) => row.id },
    ...fields.map((name) => {
      const decl = resource.fields[name]!;
      return { field: name, header: words.field(name), cell: cellOf(name, decl, words, timeZone) };
    }),
  ];
}

/** The reference fields an export's columns show by name, whose records come with each page. */
export function referencesOf(resource: ResourceDeclaration, columns: readonly ExportColumn[]): string[] {
  return columns.filter((column) => resource.fields[column.field]?.kind === 'reference').map((column) => column.field);
}

/**
 * Every row of the list the caller may see, in the list's order, a page at a time. `first` is the first page, read
 * already (for its total).
 */
export async function* exportRows(
  records: RecordService,
  caller: ReadFor,
  resource: ResourceDeclaration,
  query: ListQuery,
  include: string[],
  first?: RecordRow[],
  pageSize = EXPORT_PAGE,
): AsyncGenerator<RecordRow> {
  let start = 0;
  let page = first;
  // The pages' garbage is collected as the export goes, not once the heap has grown far (heap-pacing.ts).
  const pacer = new HeapPacer();
  for (;;) {
    pacer.step();
    page ??= (await records.list(caller, resource, { ...query, range: { start, end: start + pageSize - 1 } }, include))
      .rows;
    for (let i = 0; i < page.length; i++) {
      // The rows are written as they are pulled, all within one turn of the event loop unless it is given back: every
      // so many rows it is, so that other requests are answered meanwhile (docs/performance.md, Exports).
      if (i > 0 && i % YIELD_EVERY === 0) await setImmediate();
      yield page[i]!;
    }
    if (page.length < pageSize) return;
    start += pageSize;
    page = undefined;
  }
}
