/**
 * Rows of the first sheet of an .xlsx workbook, read as a stream: the zip is inflated piece by piece and the sheet's
 * XML parsed as it comes, so a large workbook is never whole in memory. Limits stop what a hostile file tries: a zip
 * whose parts inflate past `maxInflatedBytes` (a zip bomb), more than `maxRows` rows, and any DOCTYPE (entities, the
 * XML external-entity attack: saxes never resolves one, and a workbook has no business declaring any).
 *
 * Formulas are never evaluated: a formula cell gives the value the spreadsheet saved beside it.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ReadCell } from './cells.ts';
import { SheetError } from './errors.ts';

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (1 for the first). */
  number: number;
  cells: ReadCell[];
}

export interface ReadLimits {
  /** Rows with at least one value, the header included. */
  maxRows: number;
  /** Bytes all parts of the zip may inflate to, together. */
  maxInflatedBytes: number;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const SLICE = 64 * 1024;

export function looksLikeZip(data: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, i) => data[i] === byte);
}

/** Whether the zip ends with its end-of-central-directory record, as a whole file does (a cut one does not). */
function hasEnd(data: Uint8Array): boolean {
  const from = Math.max(0, data.length - 22 - 65_535);
  for (let i = data.length - 22; i >= from; i--)
    if (data[i] === 0x50 && data[i + 1] === 0x4b && data[i + 2] === 0x05 && data[i + 3] === 0x06) return true;
  return false;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** A parser that refuses a DOCTYPE and reports its first error. */
function parser(): SaxesParser {
  const xml = new SaxesParser({ position: false });
  xml.on('doctype', () => {
    throw new SheetError('unsafe-xml', 'sheetUnsafeXml');
  });
  return xml;
}

function damaged(): SheetError {
  return new SheetError('damaged', 'sheetDamaged');
}

/**
 * Pushes the zip through fflate a slice at a time (`step`), handing the parts `wanted` says yes to, as text, to
 * `sink`, synchronously. Counts every inflated byte against the budget.
 */
function inflater(
  data: Uint8Array,
  wanted: (name: string) => boolean,
  sink: (name: string, text: string, final: boolean) => void,
  budget: { left: number; limit: number },
): { done: () => boolean; step: () => void } {
  let failure: unknown = null;
  let offset = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    if (!wanted(file.name)) return;
    const decoder = new TextDecoder('utf-8');
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = damaged();
        return;
      }
      budget.left -= chunk.length;
      if (budget.left < 0) {
        failure = new SheetError('too-large', 'sheetTooLarge', {
          limit: Math.round(budget.limit / 1_000_000),
        });
        file.terminate();
        return;
      }
      try {
        sink(file.name, decoder.decode(chunk, { stream: !final }), final);
      } catch (caught) {
        // XML that does not parse is a damaged file, not the server's fault.
        failure = caught instanceof SheetError ? caught : damaged();
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return {
    done: () => offset >= data.length,
    step() {
      const end = offset + SLICE;
      try {
        unzip.push(data.subarray(offset, end), end >= data.length);
      } catch (caught) {
        if (!failure) failure = caught instanceof SheetError ? caught : damaged();
      }
      offset = end;
      if (failure) throw failure;
    },
  };
}

/** Runs an inflater to its end, letting other work in every so often. */
async function inflateAll(feed: ReturnType<typeof inflater>): Promise<void> {
  for (let steps = 1; !feed.done(); steps++) {
    feed.step();
    if (steps % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

interface Workbook {
  sheetPath: string;
  sharedStrings: string[];
  /** For each style index, whether it shows a date. */
  dateStyles: boolean[];
  date1904: boolean;
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Whether a number format shows a date (it has day, month or year parts outside quotes and brackets). */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^[\]]*\]/g, '')
    .replace(/\\./g, '')
    .replace(/_.|\*./g, '');
  if (/general/i.test(bare)) return false;
  return /[dy]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
}

function resolvePath(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The first pass: which part is the first sheet, the shared strings and which styles are dates. */
async function readWorkbook(data: Uint8Array, budget: { left: number; limit: number }): Promise<Workbook> {
  const texts = new Map<string, string>();
  const small = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', '[Content_Types].xml']);
  const sharedStrings: string[] = [];
  let stringsPath = 'xl/sharedStrings.xml';
  // The shared strings are parsed as they inflate (they can be large); the other parts are small.
  const strings = parser();
  let inString = false;
  let inPhonetic = false;
  let inText = false;
  let current = '';
  strings.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') {
      inString = true;
      current = '';
    } else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && inString && !inPhonetic) inText = true;
  });
  strings.on('text', (text) => {
    if (inText) current += text;
  });
  strings.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') {
      sharedStrings.push(current);
      inString = false;
    } else if (name === 'rPh') inPhonetic = false;
    else if (name === 't') inText = false;
  });
  let sawStrings = false;
  const complete = new Set<string>();
  await inflateAll(
    inflater(
      data,
      (name) => small.has(name) || /^xl\/sharedStrings\.xml$/i.test(name),
      (name, text, final) => {
        if (/^xl\/sharedStrings\.xml$/i.test(name)) {
          sawStrings = true;
          strings.write(text);
          if (final) strings.close();
        } else texts.set(name, (texts.get(name) ?? '') + text);
        if (final) complete.add(name);
      },
      budget,
    ),
  );
  const workbookXml = texts.get('xl/workbook.xml');
  // A part that began and never ended: the file was cut short.
  if (workbookXml === undefined || [...texts.keys()].some((name) => !complete.has(name))) throw damaged();
  let firstSheetRel: string | undefined;
  let date1904 = false;
  const workbook = parser();
  workbook.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'sheet' && firstSheetRel === undefined) firstSheetRel = attribute(tag, 'id');
    if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(tag, 'date1904') ?? '');
  });
  workbook.write(workbookXml).close();
  let sheetPath: string | undefined;
  const rels = parser();
  rels.on('opentag', (tag) => {
    if (localName(tag.name) !== 'Relationship') return;
    const target = attribute(tag, 'Target');
    if (!target) return;
    if (attribute(tag, 'Id') === firstSheetRel) sheetPath = resolvePath('xl/workbook.xml', target);
    if (/sharedStrings$/.test(attribute(tag, 'Type') ?? '')) stringsPath = resolvePath('xl/workbook.xml', target);
  });
  rels.write(texts.get('xl/_rels/workbook.xml.rels') ?? '').close();
  if (!sheetPath) throw new SheetError('empty', 'sheetNoSheet');
  if (!sawStrings && stringsPath !== 'xl/sharedStrings.xml') {
    // A shared-strings part under another name: rare; read it now.
    await inflateAll(
      inflater(
        data,
        (name) => name === stringsPath,
        (_name, text, final) => {
          strings.write(text);
          if (final) strings.close();
        },
        budget,
      ),
    );
  }
  const formats = new Map<number, string>();
  const dateStyles: boolean[] = [];
  let inCellXfs = false;
  const styles = parser();
  styles.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'numFmt') formats.set(Number(attribute(tag, 'numFmtId')), attribute(tag, 'formatCode') ?? '');
    else if (name === 'cellXfs') inCellXfs = true;
    else if (name === 'xf' && inCellXfs) {
      const id = Number(attribute(tag, 'numFmtId') ?? 0);
      const code = formats.get(id);
      dateStyles.push(code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id));
    }
  });
  styles.on('closetag', (tag) => {
    if (localName(tag.name) === 'cellXfs') inCellXfs = false;
  });
  const stylesXml = texts.get('xl/styles.xml');
  if (stylesXml) styles.write(stylesXml).close();
  return { sheetPath, sharedStrings, dateStyles, date1904 };
}

/** The column index of a cell reference ("C7" → 2). */
function columnIndex(ref: string): number | undefined {
  const letters = /^([A-Z]+)\d*$/i.exec(ref)?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** A date cell's serial number as a calendar day. */
export function serialToDay(serial: number, date1904 = false): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return undefined;
  // Excel counts a 29 February 1900 that never was (as Lotus 1-2-3 did): serials before it start a day later.
  const base = date1904 ? Date.UTC(1904, 0, 1) : serial < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  return new Date(base + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The rows of the workbook's first sheet with a value, in order, each with its number as the spreadsheet shows it.
 * Throws SheetError for a file that is not a workbook, is damaged, or passes a limit.
 */
export async function* readXlsx(data: Uint8Array, limits: ReadLimits): AsyncGenerator<SheetRow> {
  if (!looksLikeZip(data)) throw new SheetError('not-a-sheet', 'sheetNotXlsx');
  if (!hasEnd(data)) throw damaged();
  const budget = { left: limits.maxInflatedBytes, limit: limits.maxInflatedBytes };
  const book = await readWorkbook(data, budget);
  const ready: SheetRow[] = [];
  let rows = 0;
  let rowNumber = 0;
  let cells: ReadCell[] = [];
  let column = -1;
  let type = '';
  let style = 0;
  let value = '';
  let collecting: 'v' | 't' | null = null;
  let inInline = false;
  let inPhonetic = false;
  let hasValue = false;
  const xml = parser();
  xml.on('opentag', (tag) => {
    switch (localName(tag.name)) {
      case 'row': {
        const r = Number(attribute(tag, 'r'));
        rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
        cells = [];
        column = -1;
        break;
      }
      case 'c': {
        const ref = attribute(tag, 'r');
        const at = ref === undefined ? undefined : columnIndex(ref);
        column = at !== undefined && at > column ? at : column + 1;
        type = attribute(tag, 't') ?? 'n';
        style = Number(attribute(tag, 's') ?? 0);
        value = '';
        hasValue = false;
        break;
      }
      case 'v':
        collecting = 'v';
        hasValue = true;
        break;
      case 'is':
        inInline = true;
        break;
      case 'rPh':
        inPhonetic = true;
        break;
      case 't':
        if (inInline && !inPhonetic) {
          collecting = 't';
          hasValue = true;
        }
        break;
    }
  });
  xml.on('text', (text) => {
    if (collecting) value += text;
  });
  xml.on('closetag', (tag) => {
    switch (localName(tag.name)) {
      case 'v':
      case 't':
        collecting = null;
        break;
      case 'is':
        inInline = false;
        break;
      case 'rPh':
        inPhonetic = false;
        break;
      case 'c': {
        if (!hasValue || column < 0 || column > 16_383) break;
        let cell: ReadCell = null;
        if (type === 's') cell = book.sharedStrings[Number(value)] ?? null;
        else if (type === 'str' || type === 'inlineStr' || type === 'e') cell = value;
        else if (type === 'b') cell = value === '1' || value === 'true';
        else if (type === 'd') cell = /^\d{4}-\d{2}-\d{2}/.test(value) ? { day: value.slice(0, 10) } : value;
        else if (value.trim() !== '') {
          const number = Number(value);
          if (Number.isNaN(number)) cell = value;
          else if (book.dateStyles[style]) {
            const day = serialToDay(number, book.date1904);
            cell = day ? { day } : number;
          } else cell = number;
        }
        cells[column] = cell;
        break;
      }
      case 'row': {
        const filled: ReadCell[] = Array.from(cells, (cell) => (cell === undefined ? null : cell));
        if (filled.some((cell) => cell !== null && cell !== '')) {
          rows += 1;
          if (rows > limits.maxRows)
            throw new SheetError('too-many-rows', 'sheetTooManyRows', { limit: limits.maxRows });
          ready.push({ number: rowNumber, cells: filled });
        }
        break;
      }
    }
  });
  let found = false;
  const feed = inflater(
    data,
    (name) => name === book.sheetPath,
    (_name, text, final) => {
      xml.write(text);
      if (final) {
        xml.close();
        found = true;
      }
    },
    budget,
  );
  // A slice of the zip at a time, and its rows handed out before the next: the reader's pace sets the work's.
  while (!feed.done()) {
    feed.step();
    for (const row of ready.splice(0)) yield row;
  }
  if (!found) throw damaged();
}
