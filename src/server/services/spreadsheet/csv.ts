/**
 * CSV out and in. Out: UTF-8 with a byte-order mark (so that Excel shows Hindi), CRLF line ends, fields quoted where
 * they must be, formula-like text neutralised (cells.ts). In: what offices really send — UTF-8 with or without a
 * byte-order mark, UTF-16 as Excel's "Unicode text" saves it, Windows-1252 from an older Excel; commas, semicolons
 * or tabs between fields; quoted fields over several lines.
 */
import { Readable } from 'node:stream';
import { type Cell, isDay, isRupees, neutralise } from './cells.ts';
import { SheetError } from './errors.ts';
import type { SheetRow } from './xlsx-read.ts';

const BOM = '\uFEFF';

function field(text: string): string {
  const safe = neutralise(text);
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** How a cell reads in a CSV file: days as dd/mm/yyyy and rupees with Indian grouping, as the office writes them. */
export function csvText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (isDay(cell)) {
    const [y, m, d] = cell.day.split('-');
    return d && m && y ? `${d}/${m}/${y}` : cell.day;
  }
  if (isRupees(cell)) return `₹${cell.rupees.toLocaleString('en-IN')}`;
  return '';
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map((cell) => field(csvText(cell))).join(',')}\r\n`;
}

/** The file as a stream: the byte-order mark and the header, then the rows as they are pulled. */
export function csvStream(headers: readonly string[], rows: AsyncIterable<readonly Cell[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    let batch = BOM + csvLine(headers);
    for await (const row of rows) {
      batch += csvLine(row);
      if (batch.length > 64 * 1024) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  return Readable.from(lines(), { objectMode: false });
}

function decode(data: Uint8Array): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf)
    return new TextDecoder('utf-8').decode(data.subarray(3));
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  // UTF-16 without its mark: every other byte of Latin text is zero, and only those.
  const sample = data.subarray(0, 512);
  let zerosOdd = 0;
  let zerosEven = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) zerosOdd++;
    else zerosEven++;
  }
  if (sample.length >= 4 && zerosOdd > sample.length / 4 && zerosEven === 0)
    return new TextDecoder('utf-16le').decode(data);
  if (sample.length >= 4 && zerosEven > sample.length / 4 && zerosOdd === 0)
    return new TextDecoder('utf-16be').decode(data);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The text of a CSV file, whatever of the encodings offices use it came in; binary data is refused. */
export function decodeCsv(data: Uint8Array): string {
  const text = decode(data);
  if (text.includes('\u0000')) throw new SheetError('not-a-sheet', 'sheetBinaryCsv');
  return text;
}

/** The separator the header line uses most (outside quotes): comma, semicolon or tab. */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [char, count] of counts) if (count > counts.get(best)!) best = char;
  return best;
}

/**
 * The rows of a CSV text with a value, each with its number as a spreadsheet that opened the file shows it (a
 * record over several lines is one row; an empty line is a row too). Refuses more than `maxRows` rows.
 */
export function* readCsv(text: string, maxRows: number): Generator<SheetRow> {
  const separator = separatorOf(text);
  let rows = 0;
  let record = 1;
  let cells: string[] = [];
  let value = '';
  let quoted = false;
  let i = 0;
  const finishRow = (): SheetRow | undefined => {
    cells.push(value);
    const row = cells;
    cells = [];
    value = '';
    if (!row.some((cell) => cell.trim() !== '')) return undefined;
    rows += 1;
    if (rows > maxRows) throw new SheetError('too-many-rows', 'sheetTooManyRows', { limit: maxRows });
    return { number: record, cells: row.map((cell) => (cell === '' ? null : cell)) };
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          value += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else value += char;
      i += 1;
      continue;
    }
    if (char === '"' && value === '') quoted = true;
    else if (char === separator) {
      cells.push(value);
      value = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      const row = finishRow();
      if (row) yield row;
      record += 1;
    } else value += char;
    i += 1;
  }
  if (value !== '' || cells.length > 0) {
    const row = finishRow();
    if (row) yield row;
  }
}
