/**
 * The spreadsheet module on real files: what it writes reads back the same, what Excel writes (shared strings, date
 * styles, the 1904 calendar, rich text) reads as the person saw it, and hostile files are refused with the sentence
 * that says why: a DOCTYPE, a zip bomb, too many rows, a file that claims to be a workbook and is not.
 */
import { buffer } from 'node:stream/consumers';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type Cell, readSheet, restoreText, SheetError, writeSheet, type SheetRow } from './index.ts';
import { neutralise } from './cells.ts';
import { decodeCsv } from './csv.ts';
import { isDateFormat, serialToDay } from './xlsx-read.ts';

const LIMITS = { maxRows: 1000, maxInflatedBytes: 20_000_000 };

async function* from(rows: readonly (readonly Cell[])[]): AsyncGenerator<readonly Cell[]> {
  for (const row of rows) yield row;
}

async function rowsOf(data: Uint8Array, name: string, limits = LIMITS): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheet(data, name, limits)) rows.push(row);
  return rows;
}

async function refusal(data: Uint8Array, name: string, limits = LIMITS): Promise<SheetError> {
  try {
    await rowsOf(data, name, limits);
  } catch (error) {
    if (error instanceof SheetError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

const COLUMNS = [{ header: 'क्रम' }, { header: 'नाम' }, { header: 'Amount' }, { header: 'Date' }, { header: 'Note' }];
const ROWS: Cell[][] = [
  [1, 'राम कुमार शर्मा', { rupees: 125051 }, { day: '2026-11-27' }, '=HYPERLINK("http://evil","x")'],
  [2, 'Asha, "Didi"', { rupees: 10000000 }, { day: '1999-01-01' }, '-2+3'],
  [3, 'line one\nline two', -500, null, '@SUM(A1)'],
  [4, 'tab\tand bell\u0007', 0, { day: '2026-02-28' }, true],
];

function workbook(parts: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, strToU8(text)])));
}

/** A workbook as Excel writes one: shared strings with rich runs and phonetic text, a date style, a formula cell. */
function excelLike(options: { date1904?: boolean; sheet?: string; doctype?: string } = {}): Uint8Array {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return workbook({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<?xml version="1.0"?>${options.doctype ?? ''}<workbook xmlns="${main}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Data" sheetId="3" r:id="rId7"/><sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet9.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${main}" count="4" uniqueCount="4"><si><t>नाम</t></si><si><t>Date</t></si><si><r><t>सीता </t></r><r><rPr><b/></rPr><t>देवी</t></r><rPh sb="0" eb="1"><t>IGNORED</t></rPh></si><si><t xml:space="preserve"> spaced </t></si></sst>`,
    'xl/styles.xml': `<?xml version="1.0"?><styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="170" formatCode="dd\\/mm\\/yyyy;@"/><numFmt numFmtId="171" formatCode="&quot;₹&quot;#,##0"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="170"/><xf numFmtId="14"/><xf numFmtId="171"/></cellXfs></styleSheet>`,
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
    'xl/worksheets/sheet9.xml':
      options.sheet ??
      `<?xml version="1.0"?><x:worksheet xmlns:x="${main}"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row>` +
        '<x:row r="2"><x:c r="A2" t="s"><x:v>2</x:v></x:c><x:c r="B2"><x:v>100000</x:v></x:c><x:c r="C2" s="1"><x:v>46353</x:v></x:c></x:row>' +
        '<x:row r="3"/><x:row r="5"><x:c r="A5" t="s"><x:v>3</x:v></x:c><x:c r="B5" s="3"><x:f>B2*2</x:f><x:v>200000</x:v></x:c><x:c r="C5" s="2"><x:v>1</x:v></x:c><x:c r="D5" t="b"><x:v>1</x:v></x:c><x:c r="E5" t="str"><x:f>"a"&amp;"b"</x:f><x:v>ab</x:v></x:c></x:row>' +
        '<x:row r="6"><x:c r="A6"/><x:c r="B6" t="s"/></x:row></x:sheetData></x:worksheet>',
  });
}

describe('Excel out and back', () => {
  it('reads back what it wrote: Hindi, numbers, days, rupees, booleans, neutralised formulas', async () => {
    const file = new Uint8Array(await buffer(writeSheet('xlsx', 'दान / Donations', COLUMNS, from(ROWS))));
    const rows = await rowsOf(file, 'donations.xlsx');
    expect(rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]!.cells).toEqual(['क्रम', 'नाम', 'Amount', 'Date', 'Note']);
    expect(rows[1]!.cells).toEqual([
      1,
      'राम कुमार शर्मा',
      125051,
      { day: '2026-11-27' },
      `'=HYPERLINK("http://evil","x")`,
    ]);
    expect(rows[2]!.cells).toEqual([2, 'Asha, "Didi"', 10000000, { day: '1999-01-01' }, "'-2+3"]);
    expect(rows[3]!.cells).toEqual([3, 'line one\nline two', -500, null, "'@SUM(A1)"]);
    expect(rows[4]!.cells).toEqual([4, 'tab\tand bell', 0, { day: '2026-02-28' }, true]);
    expect(restoreText(rows[1]!.cells[4] as string)).toBe('=HYPERLINK("http://evil","x")');
  });

  it('never writes a formula, keeps the header frozen with filters, and shows days and rupees as the office does', async () => {
    const file = new Uint8Array(await buffer(writeSheet('xlsx', 'Donations', COLUMNS, from(ROWS))));
    const parts = unzipSync(file);
    const sheet = new TextDecoder().decode(parts['xl/worksheets/sheet1.xml']);
    expect(sheet).not.toMatch(/<f[ >]/);
    expect(sheet).toContain('state="frozen"');
    expect(sheet).toContain('<autoFilter ref="A1:E5"/>');
    const styles = new TextDecoder().decode(parts['xl/styles.xml']);
    expect(styles).toContain('formatCode="dd/mm/yyyy"');
    expect(styles).toContain('##\\,##\\,##0');
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('streams: a large list is written while it is read, not gathered first', async () => {
    let produced = 0;
    async function* many(): AsyncGenerator<Cell[]> {
      for (let i = 0; i < 20_000; i++) {
        produced += 1;
        yield [i, `Row ${i}`];
      }
    }
    const stream = writeSheet('xlsx', 'Many', [{ header: 'n' }, { header: 'text' }], many());
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.length).toBeGreaterThan(0);
    expect(produced).toBeLessThan(20_000);
    stream.destroy();
  });
});

describe('Excel in, as Excel writes it', () => {
  it('reads the first sheet by its relationship, shared strings, rich text, dates, formulas’ saved values', async () => {
    const rows = await rowsOf(excelLike(), 'book.xlsx');
    expect(rows).toEqual([
      { number: 1, cells: ['नाम', null, 'Date'] },
      { number: 2, cells: ['सीता देवी', 100000, { day: '2026-11-27' }] },
      { number: 5, cells: [' spaced ', 200000, { day: '1900-01-01' }, true, 'ab'] },
    ]);
  });

  it('reads dates of the 1904 calendar', async () => {
    const rows = await rowsOf(excelLike({ date1904: true }), 'mac.xlsx');
    expect(rows[1]!.cells[2]).toEqual({ day: '2030-11-28' });
  });

  it('knows date formats from other number formats', () => {
    for (const code of ['dd/mm/yyyy', 'd-mmm-yy', 'mm/dd/yy;@', '[$-409]d mmmm yyyy', 'yyyy"年"m"月"'])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of ['General', '0.00', '"₹"#,##0', '#,##0;[Red]-#,##0', 'h:mm:ss', '"day"0'])
      expect(isDateFormat(code), code).toBe(false);
    expect(serialToDay(46353)).toBe('2026-11-27');
    expect(serialToDay(-1)).toBeUndefined();
  });
});

describe('hostile and wrong files are refused, with a sentence', () => {
  it('refuses a DOCTYPE (external entities)', async () => {
    const xxe = excelLike({ doctype: '<!DOCTYPE workbook [<!ENTITY x SYSTEM "file:///etc/passwd">]>' });
    const error = await refusal(xxe, 'xxe.xlsx');
    expect(error.problem).toBe('unsafe-xml');
    expect(error.statusCode).toBe(422);
  });

  it('refuses a zip bomb before it is unpacked', async () => {
    const huge = `<worksheet><sheetData>${' '.repeat(30_000_000)}</sheetData></worksheet>`;
    const bomb = excelLike({ sheet: huge });
    expect(bomb.length).toBeLessThan(200_000);
    const error = await refusal(bomb, 'bomb.xlsx', { maxRows: 1000, maxInflatedBytes: 10_000_000 });
    expect(error.problem).toBe('too-large');
    expect(error.statusCode).toBe(413);
    expect(error.values.limit).toBe('10');
    expect(error.message).toBe('The workbook unpacks to more than 10 MB.');
  });

  it('refuses one row more than the limit, in Excel and in CSV', async () => {
    const rows = Array.from({ length: 11 }, (_, i) => [i]);
    const xlsx = new Uint8Array(await buffer(writeSheet('xlsx', 'x', [{ header: 'n' }], from(rows))));
    expect((await refusal(xlsx, 'x.xlsx', { maxRows: 11, maxInflatedBytes: 1e7 })).problem).toBe('too-many-rows');
    expect(await rowsOf(xlsx, 'x.xlsx', { maxRows: 12, maxInflatedBytes: 1e7 })).toHaveLength(12);
    const csv = new Uint8Array(await buffer(writeSheet('csv', 'x', [{ header: 'n' }], from(rows))));
    expect((await refusal(csv, 'x.csv', { maxRows: 11, maxInflatedBytes: 1e7 })).problem).toBe('too-many-rows');
  });

  it('refuses a file that claims to be a workbook and is not, and a damaged one', async () => {
    const fake = await refusal(strToU8('name,email\nA,a@b.c\n'), 'fake.xlsx');
    expect([fake.problem, fake.statusCode]).toEqual(['not-a-sheet', 415]);
    const good = new Uint8Array(await buffer(writeSheet('xlsx', 'x', [{ header: 'n' }], from([[1]]))));
    const cut = await refusal(good.subarray(0, Math.floor(good.length * 0.6)), 'cut.xlsx');
    expect(cut.problem).toBe('damaged');
    const binary = await refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0, 0]), 'photo.csv');
    expect(binary.problem).toBe('not-a-sheet');
  });
});

describe('CSV out and in', () => {
  it('starts with a byte-order mark, quotes where it must, neutralises formulas, writes days and rupees as the office does', async () => {
    const text = (await buffer(writeSheet('csv', 'x', COLUMNS, from(ROWS)))).toString('utf8');
    expect(text.startsWith('\uFEFFक्रम,नाम,Amount,Date,Note\r\n')).toBe(true);
    expect(text).toContain(`1,राम कुमार शर्मा,"₹1,25,051",27/11/2026,"'=HYPERLINK(""http://evil"",""x"")"\r\n`);
    expect(text).toContain(`2,"Asha, ""Didi""","₹1,00,00,000",01/01/1999,'-2+3\r\n`);
    expect(text).toContain(`3,"line one\nline two",-500,,'@SUM(A1)\r\n`);
  });

  it('reads back what it wrote, with each record’s line number', async () => {
    const file = new Uint8Array(await buffer(writeSheet('csv', 'x', COLUMNS, from(ROWS))));
    const rows = await rowsOf(file, 'x.csv');
    // A record over two lines is one row, as a spreadsheet that opens the file shows it.
    expect(rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[3]!.cells).toEqual(['3', 'line one\nline two', '-500', null, "'@SUM(A1)"]);
  });

  it('reads UTF-16 tab-separated text as Excel saves it, Windows-1252, semicolons, and skips empty lines', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('नाम\tराशि\r\nसीता\t1,00,000\r\n\r\n', 'utf16le'),
    ]);
    expect((await rowsOf(utf16, 'unicode.txt')).map((r) => r.cells)).toEqual([
      ['नाम', 'राशि'],
      ['सीता', '1,00,000'],
    ]);
    const latin = Buffer.from([
      0x43, 0x61, 0x66, 0xe9, 0x3b, 0x80, 0x0d, 0x0a, 0x61, 0x3b, 0x62, 0x0d, 0x0a, 0x3b, 0x0d, 0x0a,
    ]);
    expect(decodeCsv(latin)).toBe('Café;€\r\na;b\r\n;\r\n');
    expect((await rowsOf(latin, 'old.csv')).map((r) => r.cells)).toEqual([
      ['Café', '€'],
      ['a', 'b'],
    ]);
  });

  it('leaves plain numbers alone and neutralises what a spreadsheet would run', () => {
    expect(['-500', '12.5', 'Asha', '']).toEqual(['-500', '12.5', 'Asha', ''].map(neutralise));
    expect(['=1+1', '+91 98', '-x', '@a', '\tx', '\rx'].map(neutralise)).toEqual([
      "'=1+1",
      "'+91 98",
      "'-x",
      "'@a",
      "'\tx",
      "'\rx",
    ]);
    expect(["'=1+1", "'plain", "'"].map(restoreText)).toEqual(['=1+1', "'plain", "'"]);
  });
});
