/**
 * Donations made on the public website (routes/api/public/forms.ts takes them; routes/web/site.ts shows one after a
 * form post): their reference, how the visitor pays them (a UPI payment link and its QR code, or the trust's bank
 * details, from the trust's settings), and what anyone holding a reference may read of one. Nothing personal is
 * ever answered by reference.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { donations, SINGLETON_ID, trustSettings } from '../../resources/index.ts';
import type { WebsiteDonation } from '../../resources/website-donation.ts';
import type { Database } from '../db/client.ts';
import { tableOf } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { INTERNAL, type RecordService } from './records.ts';

export const WEBSITE_DONATION_MESSAGES = {
  noUpi:
    'Online payment is not available yet: the trust has not entered its UPI ID. Please choose bank transfer, or contact the trust.',
  noBank:
    'Bank transfer is not available yet: the trust has not entered its bank account. Please choose online payment, or contact the trust.',
} as const;

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or typed from a receipt is not mistaken. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A donation's reference: `DN` and ten base-32 characters (50 random bits), 12 characters in all. */
export function newDonationReference(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += BASE32[byte & 31];
  return `DN${code}`;
}

/**
 * Stores a donation from the website (validated by its declaration, audited as "Public website") under a new
 * reference, and answers the reference. Two references alike in 2^50 are told by the unique constraint: another is
 * taken, three times at most.
 */
export async function createWebsiteDonation(records: RecordService, input: Record<string, unknown>): Promise<string> {
  let reference = newDonationReference();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await records.createForVisitor(donations, input, { source: 'Website', reference });
      return reference;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'CONFLICT' || attempt >= 3) throw error;
      reference = newDonationReference();
    }
  }
}

/**
 * A value of a UPI link's query: percent-encoded as encodeURIComponent does (spaces as %20, never +), except `@`,
 * which a query may hold as it is (RFC 3986) and which UPI apps expect to read as such in `pa`.
 */
export const upiValue = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/** The UPI deep link (NPCI's `upi://pay`) of a payment of `amount` whole rupees to the trust, under `reference`. */
export function upiLink(
  payee: { upiId: string; name?: string | undefined },
  amount: number,
  reference: string,
): string {
  const params: [string, string][] = [['pa', payee.upiId]];
  if (payee.name) params.push(['pn', payee.name]);
  params.push(['am', `${amount}.00`], ['cu', 'INR'], ['tn', reference], ['tr', reference]);
  return `upi://pay?${params.map(([key, value]) => `${key}=${upiValue(value)}`).join('&')}`;
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * What the visitor needs to pay, from the trust's settings: checked before anything is stored (a 503 when the trust
 * has not entered its UPI ID or bank account yet, so no donation is left that nobody can pay), made once the
 * reference is known.
 */
export async function paymentOf(
  method: 'online' | 'bank',
  settings: Record<string, unknown>,
  amount: number,
): Promise<(reference: string) => Promise<Pick<WebsiteDonation, 'upi' | 'bank'>>> {
  const value = (field: string) => (filled(settings[field]) ? (settings[field] as string).trim() : undefined);
  if (method === 'online') {
    const upiId = value('upi_id');
    if (!upiId) throw new AppError('SERVICE_UNAVAILABLE', WEBSITE_DONATION_MESSAGES.noUpi);
    const name = value('name_en') ?? value('name_hi');
    return async (reference) => {
      const link = upiLink({ upiId, name }, amount, reference);
      const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
      const [svg, png] = await Promise.all([
        QRCode.toString(link, { ...options, type: 'svg' }),
        QRCode.toDataURL(link, { ...options, type: 'image/png', scale: 6 }),
      ]);
      return { upi: { link, qr_svg: svg, qr_png: png } };
    };
  }
  const account = {
    account_name: value('bank_account_name'),
    account_number: value('bank_account_number'),
    ifsc: value('bank_ifsc'),
    bank_name: value('bank_name'),
    branch: value('bank_branch'),
  };
  const { account_name, account_number, ifsc } = account;
  if (!account_name || !account_number || !ifsc)
    throw new AppError('SERVICE_UNAVAILABLE', WEBSITE_DONATION_MESSAGES.noBank);
  return async (reference) => ({ bank: { ...account, account_name, account_number, ifsc, remarks: reference } });
}

/**
 * A donation from the website by its reference: amount, method, status and, while it is Pending, how to pay it; no
 * donor's details. Undefined for an unknown reference. `GET /api/public/donations/:reference` and the donate page
 * (?donation=) answer it.
 */
export async function websiteDonation(
  { database, records }: { database: Database; records: RecordService },
  reference: string,
): Promise<WebsiteDonation | undefined> {
  if (!/^DN[0-9A-HJKMNP-TV-Z]{10}$/.test(reference)) return undefined;
  const table = tableOf(donations);
  const [row] = await database.db
    .select({
      amount: table.amount,
      payment_method: table.payment_method,
      status: table.status,
      source: table.source,
    })
    .from(table)
    .where(eq(table.reference, reference))
    .limit(1);
  if (!row || row.source !== 'Website') return undefined;
  const method = row.payment_method === 'Bank Transfer' ? 'bank' : 'online';
  const amount = Number(row.amount);
  const found: WebsiteDonation = { reference, amount, payment_method: method, status: row.status as string };
  if (row.status !== 'Pending') return found;
  const settings = await records.get(INTERNAL, trustSettings, SINGLETON_ID);
  return { ...found, ...(await (await paymentOf(method, settings, amount))(reference)) };
}
