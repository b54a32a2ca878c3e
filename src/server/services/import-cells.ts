/**
 * How an import reads a sheet's cells into a declared resource's values, and tells an unchanged cell from a
 * changed one. Nothing here is written per resource: the headers, kinds, words and rules come from the declaration.
 *
 * - Headers are matched in English or Hindi (the resource's words), or by the field's own name; a trailing `*` (the
 *   template's mark of a required column) and letter case do not matter.
 * - Cells are read as offices write them: dates as dd/mm/yyyy or Excel date cells, amounts with Indian or Western
 *   grouping and the rupee sign (₹1,25,051), Yes/No in either language, an enum's value or its word, a reference by
 *   its display value (a department by its name).
 * - A cell that shows what the stored record's export shows is unchanged, whatever its kind (a formatted text's
 *   words, an instant to the minute): so a file exported and imported back changes nothing.
 */
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/index.ts';
import { resourceWords, type ResourceWords, type WordsLanguage } from '../../resources/resource-words.ts';
import {
  stored,
  type SaidText,
  type StoredKey,
  type StoredSentence,
  type StoredValues,
} from '../../resources/sentences.ts';
import { startOfDay } from './calendar.ts';
import { plainText, sheetInstant } from './exports.ts';
import { columnName, isDay, restoreText, type ReadCell } from './spreadsheet/index.ts';

/** The fields an import may write: what a person could type in a form's cell, never a secret or the server's own. */
export function importFields(resource: ResourceDeclaration, secrets: ReadonlySet<string> = new Set()): string[] {
  return Object.entries(resource.fields)
    .filter(([name, decl]) => {
      if (decl.readOnly || secrets.has(name)) return false;
      if (decl.kind === 'permissions' || decl.kind === 'items') return false;
      if (decl.kind === 'integer' && decl.account) return false;
      if (decl.kind === 'text' && (decl.said || decl.author)) return false;
      return true;
    })
    .map(([name]) => name);
}

/** Whether a new record must have the field (required, with no value of its own to start with). */
export function requiredOnCreate(decl: FieldDeclaration): boolean {
  if (!decl.required) return false;
  return !('default' in decl && decl.default !== undefined) && !(decl.kind === 'datetime' && decl.defaultNow);
}

/** A header as it is compared: letter case, spaces and the template's `*` left out. */
export function headerKey(text: string): string {
  let key = text.normalize('NFC').trim();
  while (key.endsWith('*')) key = key.slice(0, -1).trimEnd();
  return key.replace(/\s+/g, ' ').toLowerCase();
}

export interface ImportColumn {
  /** The column's place in the file, from 0. */
  index: number;
  /** `id`, or a field of the resource. */
  field: string;
  header: string;
}

export interface HeaderMatch {
  columns: ImportColumn[];
  /** Headers of columns that are not imported (read-only fields, and names the resource does not know). */
  ignored: string[];
}

/** A file whose header row cannot be imported: its sentence in English, and with values in the upload's language. */
export class HeaderProblem extends Error {
  readonly english: SaidText;
  readonly said: StoredSentence;
  constructor(english: SaidText, said: StoredSentence) {
    super(english.text);
    this.english = english;
    this.said = said;
  }
}

/**
 * The file's columns matched to the resource's fields. Two columns for one field, or (for a file that only adds
 * records: no ID column) no column for a required field, are refused with a sentence naming them.
 */
export function matchHeaders(
  resource: ResourceDeclaration,
  headers: readonly string[],
  fields: string[],
  language: WordsLanguage = 'en',
): HeaderMatch {
  const byKey = new Map<string, string | null>();
  const en = resourceWords(resource, 'en');
  const hi = resourceWords(resource, 'hi');
  const local = language === 'hi' ? hi : en;
  /** The problem's sentence, its values made by `values` in English and in the upload's language. */
  const problem = (key: StoredKey, values: (words: ResourceWords) => Record<string, string>) =>
    new HeaderProblem(stored(key, values(en)), { key, values: values(local) });
  const known = (field: string, target: string | null) => {
    for (const name of [field, en.field(field), hi.field(field)]) {
      // A label's unit in brackets may be left out: "Amount (₹)" is "Amount" too.
      const bare = name.endsWith(')') && name.includes(' (') ? name.slice(0, name.lastIndexOf(' (')) : undefined;
      for (const key of [headerKey(name), bare && headerKey(bare)]) if (key && !byKey.has(key)) byKey.set(key, target);
    }
  };
  known('id', 'id');
  for (const field of fields) known(field, field);
  // Columns an export writes that an import does not (a receipt number, the time of creation): known, left out.
  for (const field of [...Object.keys(resource.fields), 'created_at', 'updated_at', 'created_by']) known(field, null);

  const columns: ImportColumn[] = [];
  const ignored: string[] = [];
  const seen = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = headerKey(header);
    if (!key) return;
    const field = byKey.get(key);
    if (!field) {
      ignored.push(header.trim());
      return;
    }
    const earlier = seen.get(field);
    if (earlier !== undefined)
      throw problem('importTwoColumns', (words) => ({
        field: words.field(field),
        first: columnName(earlier),
        second: columnName(index),
      }));
    seen.set(field, index);
    columns.push({ index, field, header: header.trim() });
  });
  if (columns.length === 0 || (columns.length === 1 && columns[0]!.field === 'id'))
    throw problem('importNoKnownColumn', (words) => ({
      resource: words.many,
      fields: fields
        .slice(0, 4)
        .map((f) => words.field(f))
        .join(', '),
    }));
  if (!seen.has('id')) {
    const missing = fields.filter((field) => requiredOnCreate(resource.fields[field]!) && !seen.has(field));
    if (missing.length > 0)
      throw problem('importMissingColumns', (words) => ({
        fields: missing.map((f) => words.field(f)).join(', '),
        one: words.one,
      }));
  }
  return { columns, ignored };
}

/** A cell as text, as the person sees it: a date cell as dd/mm/yyyy, text without the export's formula guard. */
export function cellText(cell: ReadCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return restoreText(cell.trim()).trim();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (isDay(cell)) return dayText(cell.day);
  return '';
}

const dayText = (day: string) => day.split('-').reverse().join('/');

/** What a cell gives: the value to write, or why it cannot be read. */
export type CellReading = { value: unknown } | { error: string; said: StoredSentence };

/** A cell that cannot be read: the sentence after its column's label, in English and as its key and values. */
function wrong(label: string, key: StoredKey, values: StoredValues): CellReading {
  const sentence = stored(key, values);
  return { error: `${label}: ${sentence.text}`, said: { key: sentence.key, values: sentence.values } };
}

/** Finds a referenced record by its display value (services/imports.ts loads them). */
export interface ReferenceLookup {
  /** The ids whose display value is `text` (letter case and spaces aside), narrowed by `within` when given. */
  find(field: string, text: string, within?: unknown): Promise<number[]>;
}

/** Whole numbers as offices write them: 125051, 1,25,051, 125,051, ₹1,25,051, Rs. 500, 500.00. */
export function readWholeNumber(text: string): number | undefined {
  let t = text.replace(/\s+/g, '');
  if (t.startsWith('₹')) t = t.slice(1);
  else if (/^rs\.?/i.test(t)) t = t.replace(/^rs\.?/i, '');
  else if (/^inr/i.test(t)) t = t.slice(3);
  const dot = t.indexOf('.');
  if (dot !== -1) {
    if (!/^0+$/.test(t.slice(dot + 1))) return undefined;
    t = t.slice(0, dot);
  }
  const negative = t.startsWith('-');
  if (negative) t = t.slice(1);
  const grouped = /^\d{1,3}(?:,\d{3})+$/.test(t) || /^\d{1,2}(?:,\d{2})*,\d{3}$/.test(t);
  if (!grouped && !/^\d{1,16}$/.test(t)) return undefined;
  const n = Number(t.replaceAll(',', ''));
  return Number.isSafeInteger(n) ? (negative ? -n : n) : undefined;
}

function validDay(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A calendar day from dd/mm/yyyy (or d-m-yyyy, d.m.yyyy) or yyyy-mm-dd. */
export function readDay(text: string): string | undefined {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return validDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return undefined;
}

/** An instant from "27/11/2026 16:05" (the trust's clocks), a day alone (its start), or ISO 8601 with an offset. */
export function readInstant(text: string, timeZone: string): string | undefined {
  const wall = /^(\d{1,2}[/.-]\d{1,2}[/.-]\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (wall) {
    const day = readDay(wall[1]!);
    if (!day) return undefined;
    const [hour, minute, second] = [Number(wall[2] ?? 0), Number(wall[3] ?? 0), Number(wall[4] ?? 0)];
    if (hour > 23 || minute > 59 || second > 59) return undefined;
    return new Date(startOfDay(day, timeZone).getTime() + ((hour * 60 + minute) * 60 + second) * 1000).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  const day = readDay(text);
  return day ? startOfDay(day, timeZone).toISOString() : undefined;
}

const YES = new Set(['yes', 'y', 'true', '1', 'हाँ', 'हां', 'ha', 'haan']);
const NO = new Set(['no', 'n', 'false', '0', 'नहीं', 'नही', 'nahi', 'nahin']);

/** Plain text as the formatted text it becomes: each line a paragraph, every character shown as written. */
function paragraphs(text: string): string {
  const escape = (line: string) =>
    line.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

/**
 * Reads one cell of `field` into the value a write sends. `row` holds the values read so far of the same row (a
 * reference `within` another field needs that field's value).
 */
export async function readCell(
  resource: ResourceDeclaration,
  field: string,
  cell: ReadCell | undefined,
  context: { timeZone: string; references: ReferenceLookup; row: Record<string, unknown> },
): Promise<CellReading> {
  const decl = resource.fields[field]!;
  const text = cellText(cell);
  const label = decl.label;
  if (text === '') return { value: decl.kind === 'image' && decl.multiple ? [] : null };
  switch (decl.kind) {
    case 'integer': {
      const n = typeof cell === 'number' && Number.isSafeInteger(cell) ? cell : readWholeNumber(text);
      return n === undefined ? wrong(label, 'importNotWholeNumber', { text }) : { value: n };
    }
    case 'date': {
      const day = isDay(cell) ? cell.day : readDay(text);
      return day ? { value: day } : wrong(label, 'importNotDate', { text });
    }
    case 'datetime': {
      const instant = isDay(cell)
        ? startOfDay(cell.day, context.timeZone).toISOString()
        : readInstant(text, context.timeZone);
      return instant ? { value: instant } : wrong(label, 'importNotDateTime', { text });
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const key = text.toLowerCase();
      // The field's own words (a user's Active and Inactive) in either language, as an export writes them.
      if (decl.words) {
        const said = (value: boolean) =>
          [resourceWords(resource, 'en'), resourceWords(resource, 'hi')].some(
            (w) => w.flag(field, value).toLowerCase() === key,
          );
        if (said(true)) return { value: true };
        if (said(false)) return { value: false };
      }
      if (YES.has(key)) return { value: true };
      if (NO.has(key)) return { value: false };
      return wrong(label, 'importNotYesNo', { text });
    }
    case 'enum': {
      const key = text.toLowerCase();
      const words = [resourceWords(resource, 'en'), resourceWords(resource, 'hi')];
      const value = decl.values.find(
        (v) => v.toLowerCase() === key || words.some((w) => w.choice(field, v).toLowerCase() === key),
      );
      return value === undefined ? wrong(label, 'importNotOneOf', { text, values: decl.values.join(', ') }) : { value };
    }
    case 'reference': {
      const within = decl.within ? context.row[decl.within.field] : undefined;
      const ids = await context.references.find(field, text, within ?? undefined);
      if (ids.length === 1) return { value: ids[0] };
      if (ids.length === 0) return wrong(label, 'importNoneNamed', { text });
      return wrong(label, 'importManyNamed', { text });
    }
    case 'richText':
      return { value: paragraphs(text) };
    case 'image':
      if (decl.multiple)
        return {
          value: text
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line !== ''),
        };
      return { value: text };
    default:
      return { value: text };
  }
}

/**
 * Whether a cell says what the stored record says: compared as the export shows the stored value (in either
 * language), so that a round trip changes nothing, and then as values.
 */
export function unchanged(
  resource: ResourceDeclaration,
  field: string,
  text: string,
  stored: Record<string, unknown>,
  reading: CellReading,
  context: { timeZone: string; words: readonly ResourceWords[] },
): boolean {
  const decl = resource.fields[field]!;
  const before = stored[field];
  const empty = before === null || before === undefined || before === '' || (Array.isArray(before) && !before.length);
  if (empty) return text === '';
  const shown = shownAs(decl, field, before, stored, context);
  if (shown.includes(text)) return true;
  if (!('value' in reading)) return false;
  const value = reading.value;
  if (decl.kind === 'date') return typeof before === 'string' && before.slice(0, 10) === value;
  if (decl.kind === 'datetime')
    return sheetInstant(before, context.timeZone) === sheetInstant(value as string, context.timeZone);
  if (Array.isArray(before)) return JSON.stringify(before) === JSON.stringify(value);
  return before === value;
}

/** What an export shows of a stored value, in each language. */
function shownAs(
  decl: FieldDeclaration,
  field: string,
  value: unknown,
  row: Record<string, unknown>,
  context: { timeZone: string; words: readonly ResourceWords[] },
): string[] {
  switch (decl.kind) {
    case 'reference': {
      const ref = (row.$ref as Record<string, Record<string, unknown> | null> | undefined)?.[field];
      const shown = ref?.[decl.display];
      return shown === undefined || shown === null ? [] : [String(shown).trim()];
    }
    case 'enum':
      return context.words.map((w) => w.choice(field, String(value)));
    case 'boolean':
      return context.words.map((w) => w.flag(field, value === true));
    case 'date':
      return typeof value === 'string' ? [dayText(value.slice(0, 10))] : [];
    case 'datetime':
      return [sheetInstant(value, context.timeZone)];
    case 'integer':
      return typeof value === 'number' ? [String(value), `₹${value.toLocaleString('en-IN')}`] : [];
    case 'richText':
      return typeof value === 'string' ? [plainText(value)] : [];
    case 'image':
      return Array.isArray(value) ? [value.join('\n')] : [String(value)];
    default:
      return typeof value === 'string' ? [value.trim()] : [String(value)];
  }
}
