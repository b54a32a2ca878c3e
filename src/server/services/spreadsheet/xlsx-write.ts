/**
 * An .xlsx workbook of one sheet, written as a stream: rows go into the zip as they come, so a list of 100,000 rows
 * never sits in memory. Text cells are inline strings (no shared-string table to hold), days are date cells shown
 * dd/mm/yyyy, rupees are numbers shown with ₹ and Indian grouping, and no cell is ever a formula: there is no `<f>`
 * element in what this writes, and text that looks like one is neutralised too (cells.ts).
 *
 * The choice of writing the format here over a library, with the measurements, is in docs/decisions.md.
 */
import { Readable } from 'node:stream';
import { ZipWriter } from './zip-write.ts';
import { CELL_MAX_CHARS, type Cell, isDay, isRupees, neutralise, xmlSafe } from './cells.ts';

export interface SheetColumn {
  header: string;
  /** Width in characters (default from the header, 10 to 40). */
  width?: number;
}

/** A second, small sheet after the list (an import template's help): its name, columns and rows, all in memory. */
export interface ExtraSheet {
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly (readonly Cell[])[];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Style indexes of styles.xml's cellXfs below. */
const STYLE = { header: 1, day: 2, rupees: 3 } as const;

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>' +
  // Indian grouping: lakhs and crores (₹1,25,051; ₹1,00,00,000).
  '<numFmt numFmtId="165" formatCode="[&gt;=10000000]&quot;₹&quot;##\\,##\\,##\\,##0;[&gt;=100000]&quot;₹&quot;##\\,##\\,##0;&quot;₹&quot;##,##0"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** The column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Days since 30 December 1899: the serial number of a date cell (1900 date system). */
function serial(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? undefined : Math.round((time - Date.UTC(1899, 11, 30)) / 86_400_000);
}

function textCell(ref: string, text: string, style?: number): string {
  const value = escape(xmlSafe(neutralise(text)).slice(0, CELL_MAX_CHARS));
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${value}</t></is></c>`;
}

function cellXml(ref: string, cell: Cell): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'string') return textCell(ref, cell);
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  if (isDay(cell)) {
    const n = serial(cell.day);
    return n === undefined ? textCell(ref, cell.day) : `<c r="${ref}" s="${STYLE.day}"><v>${n}</v></c>`;
  }
  if (isRupees(cell)) return `<c r="${ref}" s="${STYLE.rupees}"><v>${cell.rupees}</v></c>`;
  return '';
}

function rowXml(index: number, cells: readonly Cell[], header = false): string {
  const number = index + 1;
  const body = cells
    .map((cell, column) =>
      header && typeof cell === 'string'
        ? textCell(`${columnName(column)}${number}`, cell, STYLE.header)
        : cellXml(`${columnName(column)}${number}`, cell),
    )
    .join('');
  return `<row r="${number}">${body}</row>`;
}

/** A sheet's name as Excel allows it: at most 31 characters, none of `\ / ? * [ ] :`. */
export function sheetName(name: string): string {
  const cleaned = xmlSafe(name)
    .replace(/[\\/?*[\]:]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned || 'Sheet1';
}

function sheetHead(columns: readonly SheetColumn[]): string {
  const widths = columns
    .map((column, i) => {
      const width = column.width ?? Math.min(40, Math.max(10, column.header.length + 2));
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    (widths ? `<cols>${widths}</cols>` : '') +
    `<sheetData>${rowXml(
      0,
      columns.map((c) => c.header),
      true,
    )}`
  );
}

/**
 * The workbook as a stream of bytes: a header row (bold, frozen, with filter buttons), then every row of `rows`, and
 * an `extra` sheet after it when given. Rows are pulled as the reader of the stream takes bytes, so a slow download
 * slows the query, not memory.
 */
export function xlsxStream(
  name: string,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<readonly Cell[]>,
  extra?: ExtraSheet,
): Readable {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    const zip = new ZipWriter();
    const part = (path: string, text: string) => zip.entry(path).end(text);
    yield await part(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        (extra
          ? '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
          : '') +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    );
    yield await part(
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    yield await part(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escape(sheetName(name))}" sheetId="1" r:id="rId1"/>${
        extra ? `<sheet name="${escape(sheetName(extra.name))}" sheetId="2" r:id="rId3"/>` : ''
      }</sheets>` +
        (columns.length > 0
          ? `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${escape(sheetName(name)).replace(/'/g, "''")}'!$A$1:$${columnName(columns.length - 1)}$1</definedName></definedNames>`
          : '') +
        '</workbook>',
    );
    yield await part(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
        (extra ? `<Relationship Id="rId3" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/>` : '') +
        '</Relationships>',
    );
    yield await part('xl/styles.xml', STYLES);

    const sheet = zip.entry('xl/worksheets/sheet1.xml');
    yield await sheet.write(sheetHead(columns));
    let index = 1;
    let batch = '';
    for await (const row of rows) {
      batch += rowXml(index++, row);
      if (batch.length > 64 * 1024) {
        yield await sheet.write(batch);
        batch = '';
      }
    }
    const filter = columns.length > 0 ? `<autoFilter ref="A1:${columnName(columns.length - 1)}${index}"/>` : '';
    yield await sheet.end(`${batch}</sheetData>${filter}</worksheet>`);
    if (extra)
      yield await part(
        'xl/worksheets/sheet2.xml',
        `${sheetHead(extra.columns)}${extra.rows.map((row, i) => rowXml(i + 1, row)).join('')}</sheetData></worksheet>`,
      );
    yield zip.finish();
  }
  return Readable.from(bytes(), { objectMode: false });
}
