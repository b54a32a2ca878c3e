/**
 * What a cell of an exported or imported sheet may hold, and the rules every format shares: text that a
 * spreadsheet would run as a formula is neutralised on the way out and restored on the way in (OWASP, CSV
 * injection), and characters that XML cannot carry are dropped.
 */

/** A calendar day (`YYYY-MM-DD`), written as a date that spreadsheets sort and show as dd/mm/yyyy. */
export interface DayCell {
  day: string;
}
/** Whole rupees, written as a number shown with the rupee sign and Indian grouping (₹1,25,051). */
export interface RupeesCell {
  rupees: number;
}
export type Cell = string | number | boolean | null | DayCell | RupeesCell;

/** A value read from a sheet: text, a number, a boolean, a calendar day from a date cell, or nothing. */
export type ReadCell = string | number | boolean | DayCell | null;

export function isDay(cell: unknown): cell is DayCell {
  return typeof cell === 'object' && cell !== null && 'day' in cell;
}
export function isRupees(cell: unknown): cell is RupeesCell {
  return typeof cell === 'object' && cell !== null && 'rupees' in cell;
}

/** The first characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number is not a formula ("-500"), and stays as it is. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Text a spreadsheet could take for a formula, behind an apostrophe: `=HYPERLINK(…)` is written `'=HYPERLINK(…)`,
 * shown and kept as text. `restoreText` takes the apostrophe off again when the file comes back.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text as it was before `neutralise`. */
export function restoreText(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Characters that XML 1.0 cannot hold (control characters but tab, line feed, carriage return; lone surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are the characters it is about
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/** The most characters a spreadsheet cell holds (Excel's limit); longer text is cut there. */
export const CELL_MAX_CHARS = 32_767;
