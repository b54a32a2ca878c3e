/**
 * Donation receipts as an auditor expects them (docs/decisions.md, "Receipt numbers are counted in the transaction that
 * issues them"):
 * - when a donation becomes Received it takes the next number of its Indian financial year (`2026-27/000123`),
 *   counted in `receipt_counters` inside the transaction that marks it: the counter's row is locked until that
 *   transaction ends, so concurrent writes queue for it, and a write that rolls back gives its number back. No gap,
 *   no duplicate, across restarts and server processes;
 * - once a receipt is issued, its donor, PAN, amount and date do not change, the donation stays Received and it is
 *   not deleted; it may be cancelled with a reason (`cancel`), keeping its number;
 * - the tax wording's years do not overlap, so a receipt has at most one wording.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { financialYearOf, isFinancialYear } from '../../resources/financial-year.ts';
import { donations, SINGLETON_ID, taxWordings, trustSettings } from '../../resources/index.ts';
import { registrationsOf } from '../../resources/registration-validity.ts';
import { receiptCounters, receiptRegistrations, tableOf } from '../db/schema.ts';
import { conflict, validationFailed } from '../errors.ts';
import type { Caller } from './access.ts';
import { inTimeZone } from './calendar.ts';
import { unprintable } from './font-coverage.ts';
import type { RecordRow, RecordService, ResourceBehaviour, Tx } from './records.ts';

/** What a receipt states about its donation, fixed once it is issued. */
export const RECEIPT_FIELDS = ['donor_name', 'pan', 'amount', 'date'] as const;

/** Receipts a financial year may have: six digits keep a number within 16 characters (`2026-27/000123`). */
export const RECEIPTS_PER_YEAR = 999_999;

/** The receipt number of the `n`th receipt of `year`. */
export function receiptNumber(year: string, n: number): string {
  return `${year}/${String(n).padStart(6, '0')}`;
}

/** The financial year of an instant on the trust's calendar. */
export function financialYearAt(instant: Date, timeZone: string): string {
  return financialYearOf(inTimeZone(instant, timeZone).slice(0, 10));
}

/** Takes the next number of `year` in the transaction `tx`; the counter's row stays locked until `tx` ends. */
async function takeNumber(tx: Tx, year: string): Promise<string> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ financial_year: year, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.financial_year, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  if (row!.last > RECEIPTS_PER_YEAR)
    throw conflict(`The receipt numbers of ${year} are used up (${RECEIPTS_PER_YEAR.toLocaleString('en-IN')}).`);
  return receiptNumber(year, row!.last);
}

const asInstant = (value: unknown): number | undefined =>
  value === null || value === undefined ? undefined : new Date(value as string | Date).getTime();

function sameValue(field: (typeof RECEIPT_FIELDS)[number], a: unknown, b: unknown): boolean {
  if (field === 'date') return asInstant(a) === asInstant(b);
  return (a ?? null) === (b ?? null);
}

/** What a receipt prints of its donation, free text that may hold characters its fonts cannot draw. */
export const PRINTED_FIELDS = [
  'donor_name',
  'address',
  'category',
  'transaction_id',
  'email',
  'contact_number',
] as const;

/** Refuses (400, naming them) characters of printed fields that the receipt's fonts cannot draw. */
function checkPrintable(value: Record<string, unknown>): void {
  const errors = PRINTED_FIELDS.flatMap((field) => {
    const text = value[field];
    const missing = typeof text === 'string' ? unprintable(text) : [];
    return missing.length === 0 ? [] : [{ field, message: unprintableMessage(donations.fields[field].label, missing) }];
  });
  if (errors.length > 0) throw validationFailed(errors);
}

const unprintableMessage = (label: string, missing: string[]) =>
  `${label} has characters the receipt cannot print (${missing.map((c) => `“${c}”`).join(' ')}): please write it in Hindi or English letters.`;

/**
 * The fields and values a newly Received donation takes: its number and when it was issued. The trust's registration
 * and approval as they stand are kept with the number (receipt_registrations): what the receipt prints of them.
 */
async function issue(tx: Tx, value: Record<string, unknown>, timeZone: string): Promise<Record<string, unknown>> {
  const year = financialYearAt(new Date(value.date as string | Date), timeZone);
  const receiptNo = await takeNumber(tx, year);
  const settingsTable = tableOf(trustSettings);
  const [settings = {}] = await tx.select().from(settingsTable).where(eq(settingsTable.id, SINGLETON_ID)).limit(1);
  await tx.insert(receiptRegistrations).values({ receipt_no: receiptNo, registrations: registrationsOf(settings) });
  return { receipt_no: receiptNo, receipt_issued_at: new Date() };
}

const CANCELLED_FINAL = 'This donation is cancelled: it can no longer be changed.';

/** The donations' rules of receipts, on every write whatever API it came through. */
export function receiptBehaviour(timeZone: string): ResourceBehaviour {
  return {
    create: () => ({
      async prepare(tx, value) {
        if (value.status === 'Cancelled')
          throw validationFailed([
            { field: 'status', message: 'A new donation is Received or Pending; only a receipted one is cancelled.' },
          ]);
        if (value.status === 'Received') {
          checkPrintable(value);
          return issue(tx, value, timeZone);
        }
      },
    }),
    update: () => ({
      async prepare(tx, value, before) {
        if (!before) return;
        if (before.status === 'Cancelled') throw conflict(CANCELLED_FINAL);
        if (value.status === 'Cancelled')
          throw validationFailed([
            { field: 'status', message: 'To cancel a donation, use Cancel Donation and give the reason.' },
          ]);
        if (before.receipt_no) {
          if (value.status !== 'Received')
            throw validationFailed([
              {
                field: 'status',
                message: `Receipt ${String(before.receipt_no)} is issued: the donation stays Received. Cancel it with a reason instead.`,
              },
            ]);
          const changed = RECEIPT_FIELDS.filter((field) => !sameValue(field, value[field], before[field]));
          if (changed.length > 0) {
            const labels = changed.map((field) => donations.fields[field].label).join(', ');
            throw conflict(
              `Receipt ${String(before.receipt_no)} is issued: its ${labels} cannot change. Cancel it with a reason and record the donation again.`,
            );
          }
          checkPrintable(value);
          return;
        }
        if (value.status === 'Received') {
          checkPrintable(value);
          return issue(tx, value, timeZone);
        }
      },
    }),
  };
}

/** Cancels a receipted donation with a reason, keeping its number (Edit on donations; audited as an update). */
export async function cancelDonation(
  records: RecordService,
  actor: Caller,
  id: number,
  reason: string,
): Promise<RecordRow> {
  const text = reason.trim();
  if (text.length < 3 || text.length > 500)
    throw validationFailed([
      { field: 'reason', message: 'Please give the reason for cancelling, 3 to 500 characters.' },
    ]);
  const row = await records.get(actor, donations, id);
  if (row.status === 'Cancelled') throw conflict('This donation is already cancelled.');
  if (!row.receipt_no)
    throw conflict('Only a donation with a receipt is cancelled; a Pending donation can be corrected or deleted.');
  // The update's own checks run again under the row's lock: a cancel that raced another is refused there.
  return records.update(
    actor,
    donations,
    id,
    {},
    { status: 'Cancelled', cancel_reason: text, cancelled_at: new Date() },
  );
}

/** What an open end of a tax wording's years compares as (financial years compare as text). */
const EARLIEST = '0000-01';
const LATEST = '9999-00';

/** Tax wording's years: real financial years, the first not after the last, no two entries covering one year. */
export function taxWordingBehaviour(): ResourceBehaviour {
  const table = tableOf(taxWordings);
  const check = async (tx: Tx, value: Record<string, unknown>, before?: RecordRow) => {
    for (const field of ['from_year', 'until_year'] as const) {
      const year = value[field];
      if (typeof year === 'string' && !isFinancialYear(year))
        throw validationFailed([
          { field, message: `${taxWordings.fields[field].label} must be a year and the next, such as 2026-27.` },
        ]);
    }
    // One writer of tax wording at a time, so that two overlapping entries cannot both pass this check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tax_wordings'))`);
    const others = (await tx
      .select({ from_year: table.from_year, until_year: table.until_year })
      .from(table)
      .where(before ? ne(table.id, before.id) : undefined)) as {
      from_year: string | null;
      until_year: string | null;
    }[];
    const from = (value.from_year as string | null) ?? EARLIEST;
    const until = (value.until_year as string | null) ?? LATEST;
    const clash = others.find((o) => (o.from_year ?? EARLIEST) <= until && from <= (o.until_year ?? LATEST));
    if (clash) {
      const span = `${clash.from_year ?? 'the earliest year'} to ${clash.until_year ?? 'open-ended'}`;
      throw conflict(`These years overlap the tax wording for ${span}: a year has one wording.`);
    }
  };
  return {
    create: () => ({ prepare: (tx, value) => check(tx, value) }),
    update: () => ({ prepare: (tx, value, before) => check(tx, value, before) }),
  };
}

/** The tax wording of a financial year, or undefined when the trust has not entered one. */
export async function taxWordingFor(tx: Pick<Tx, 'select'>, year: string): Promise<RecordRow | undefined> {
  const table = tableOf(taxWordings);
  const rows = (await tx
    .select()
    .from(table)
    .where(
      and(
        sql`coalesce(${table.from_year}, ${EARLIEST}) <= ${year}`,
        sql`coalesce(${table.until_year}, ${LATEST}) >= ${year}`,
      ),
    )
    .limit(1)) as RecordRow[];
  return rows[0];
}
