/**
 * The Indian financial year, 1 April to 31 March, named as receipts and tax forms name it: `2026-27`.
 * Isomorphic: receipts on the server, the admin's screens and tests read it alike.
 */

/** `YYYY-YY`: the year it begins and the last two digits of the year it ends. */
export const FINANCIAL_YEAR_PATTERN = /^(\d{4})-(\d{2})$/;

/** The financial year of a calendar day (`YYYY-MM-DD`, on the trust's calendar). */
export function financialYearOf(day: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}/.exec(day);
  if (!match) throw new Error(`Not a calendar day: "${day}".`);
  const year = Number(match[1]);
  const start = Number(match[2]) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Whether `text` names a financial year correctly (`2026-27`, not `2026-28`). */
export function isFinancialYear(text: string): boolean {
  const match = FINANCIAL_YEAR_PATTERN.exec(text);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** The first and last day of a financial year: `2026-27` → 2026-04-01 and 2027-03-31. */
export function financialYearDays(year: string): { first: string; last: string } {
  if (!isFinancialYear(year)) throw new Error(`Not a financial year: "${year}".`);
  const start = Number(year.slice(0, 4));
  return { first: `${start}-04-01`, last: `${start + 1}-03-31` };
}
