/**
 * What donations need beyond their declared routes (src/resources/donations.ts): cancelling a receipted donation with a
 * reason, the financial year's statement of donations for the income-tax department (Form 10BD, Part B, as CSV), and,
 * before a receipt is issued, whether the trust's registration and approval held on the donation's day.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isFinancialYear } from '../../../../resources/financial-year.ts';
import { donations, trustSettings, SINGLETON_ID } from '../../../../resources/index.ts';
import { registrationLapses, type RegistrationLapse } from '../../../../resources/registration-validity.ts';
import { isCalendarDay } from '../../../../resources/validation.ts';
import { tableOf } from '../../../db/schema.ts';
import { badRequest, conflict, validationFailed } from '../../../errors.ts';
import { forbiddenFor, scopeFor } from '../../../services/access.ts';
import { inTimeZone } from '../../../services/calendar.ts';
import { cancelDonation, taxWordingFor } from '../../../services/receipts.ts';
import { idParam } from '../../shared/params.ts';

const cancelBody = z.object({ reason: z.string().max(500) });

/** Form 10BD's ID codes (Rule 18AB): PAN first, then the other identifiers in the declaration's order. */
export const ID_CODES: Readonly<Record<string, string>> = {
  PAN: 'Permanent Account Number',
  Aadhaar: 'Aadhaar Number',
  'Tax Identification Number': 'Tax Identification Number',
  Passport: 'Passport number',
  "Elector's Photo Identity Card": "Elector's photo identity number",
  'Driving License': 'Driving License number',
  'Ration Card': 'Ration card number',
};

/** The form's words for a donation's type and mode of receipt. */
const DONATION_TYPES: Readonly<Record<string, string>> = {
  Corpus: 'Corpus',
  'Specific Grant': 'Specific grant',
  Others: 'Others',
};
const MODES: Readonly<Record<string, string>> = {
  Cash: 'Cash',
  Kind: 'Kind',
  Electronic: 'Electronic modes including account payee cheque/draft',
  Others: 'Others',
};

export const FORM_10BD_COLUMNS = [
  'Sr. No.',
  'Pre Acknowledgement Number',
  'ID Code',
  'Unique Identification Number',
  'Section Code',
  'Unique Registration Number (URN)',
  'Date of Issuance of Unique Registration Number',
  'Name of donor',
  'Address of donor',
  'Donation Type',
  'Mode of receipt',
  'Amount of donation (Indian rupees)',
] as const;

/** Cash above this many rupees is not deductible, and is not reported as a deductible donation. */
export const CASH_LIMIT = 2000;

/** A CSV cell: quoted when it must be, and never read by a spreadsheet as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `YYYY-MM-DD` as the form writes a date: DD/MM/YYYY. */
const formDate = (day: string | null | undefined) => (day ? day.split('-').reverse().join('/') : '');

/** An instant as the donation form sends its date: a day, a time and a zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** What GET /api/v2/donations/registration-check answers. */
export interface RegistrationCheck {
  /** The donation's day on the trust's calendar. */
  day: string;
  lapses: RegistrationLapse[];
}

export function v2DonationRoutes(app: FastifyInstance): void {
  const { records, database, config } = app.services;
  const edit = { permission: { ...donations.permission, capability: 'Edit' as const } };

  app.get(
    '/api/v2/donations/registration-check',
    {
      config: {
        signedIn: true,
        doc: {
          summary:
            "Before a receipt is issued: the trust's registration (12A/12AB) and approval (80G) from Trust Settings that were not valid on the day of a donation dated `date` (expired, or not yet valid), with their numbers and dates. The admin warns the person issuing the receipt; the receipt itself says it. For those who may add or edit donations.",
          tags: ['Donations'],
          query: [
            {
              name: 'date',
              description: "The donation's date and time, such as 2026-11-26T10:00:00+05:30.",
              required: true,
              schema: { type: 'string', format: 'date-time' },
            },
          ],
        },
      },
    },
    async (request): Promise<RegistrationCheck> => {
      const caller = request.account!;
      if (
        !scopeFor(caller.access, donations.permission, 'Add') &&
        !scopeFor(caller.access, donations.permission, 'Edit')
      )
        throw forbiddenFor(donations.permission, 'Add');
      const date = String((request.query as Record<string, unknown> | undefined)?.date ?? '');
      if (!INSTANT.test(date) || !isCalendarDay(date.slice(0, 10)) || Number.isNaN(Date.parse(date)))
        throw badRequest("Please give the donation's date and time, such as ?date=2026-11-26T10:00:00+05:30.");
      const day = inTimeZone(new Date(date), config.TRUST_TIMEZONE).slice(0, 10);
      const settingsTable = tableOf(trustSettings);
      const [settings = {}] = await database.db
        .select()
        .from(settingsTable)
        .where(eq(settingsTable.id, SINGLETON_ID))
        .limit(1);
      return { day, lapses: registrationLapses(settings, day) };
    },
  );

  app.post(
    '/api/v2/donations/:id/cancel',
    {
      config: {
        ...edit,
        doc: {
          summary:
            'Cancels a donation whose receipt is issued, with the reason (3 to 500 characters): it keeps its receipt number, its receipt says it is cancelled, and it no longer counts as received. 409 for a donation without a receipt or one already cancelled.',
          tags: ['Donations'],
          body: cancelBody,
        },
      },
    },
    async (request) => {
      const id = idParam(request);
      const parsed = cancelBody.safeParse(request.body ?? {});
      if (!parsed.success)
        throw validationFailed([
          { field: 'reason', message: 'Please give the reason for cancelling, 3 to 500 characters.' },
        ]);
      return cancelDonation(records, request.account!, id, parsed.data.reason);
    },
  );

  app.get(
    '/api/v2/donations/form-10bd',
    {
      config: {
        adminOnly: true,
        doc: {
          summary:
            "The financial year's statement of donations (Form 10BD, Part B) as CSV, in the income-tax department's columns: the year's Received donations whose donor gave a PAN or another identifier, except cash above ₹2,000 (not deductible). 409 when the year's tax wording (its deduction section) is not entered. The headers X-Donations-Without-Identifier and X-Cash-Above-Limit count the donations left out.",
          tags: ['Donations'],
          query: [
            {
              name: 'year',
              description: 'The financial year, such as 2026-27.',
              required: true,
              schema: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
            },
          ],
        },
      },
    },
    async (request, reply) => {
      const year = String((request.query as Record<string, unknown> | undefined)?.year ?? '');
      if (!isFinancialYear(year)) throw badRequest('Please give the financial year, such as ?year=2026-27.');
      const table = tableOf(donations);
      const { db } = database;
      const [rows, [settings], wording] = await Promise.all([
        db
          .select()
          .from(table)
          .where(and(eq(table.status, 'Received'), like(table.receipt_no, `${year}/%`)))
          .orderBy(asc(table.receipt_no)),
        db
          .select()
          .from(tableOf(trustSettings))
          .where(eq(tableOf(trustSettings).id, SINGLETON_ID)),
        taxWordingFor(db, year),
      ]);
      if (!wording?.deduction_section)
        throw conflict(
          `The tax wording for ${year} is not entered: Form 10BD names the deduction's section. Enter it under Tax Wording first.`,
        );
      const section = `Section ${String(wording.deduction_section)}`;
      let withoutIdentifier = 0;
      let cashAboveLimit = 0;
      const lines = [FORM_10BD_COLUMNS.map(csvCell).join(',')];
      for (const row of rows as Record<string, unknown>[]) {
        if (row.mode === 'Cash' && Number(row.amount) > CASH_LIMIT) {
          cashAboveLimit++;
          continue;
        }
        const [idType, idNumber] = row.pan
          ? ['PAN', row.pan]
          : row.other_id_type && row.other_id_number
            ? [row.other_id_type as string, row.other_id_number]
            : [undefined, undefined];
        if (!idType) {
          withoutIdentifier++;
          continue;
        }
        lines.push(
          [
            lines.length,
            '',
            ID_CODES[idType] ?? idType,
            idNumber,
            section,
            settings?.approval_number ?? '',
            formDate(settings?.approval_date as string | null),
            row.donor_name,
            row.address ?? '',
            DONATION_TYPES[row.donation_type as string] ?? row.donation_type,
            MODES[row.mode as string] ?? row.mode,
            row.amount,
          ]
            .map(csvCell)
            .join(','),
        );
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="form-10bd-${year}.csv"`)
        .header('X-Donations-Without-Identifier', String(withoutIdentifier))
        .header('X-Cash-Above-Limit', String(cashAboveLimit))
        .header('Cache-Control', 'no-store')
        .send(`\ufeff${lines.join('\r\n')}\r\n`);
    },
  );
}
