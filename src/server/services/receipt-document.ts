/**
 * What a donation's receipt says (its shape: src/resources/receipt.ts), gathered once for the PDF
 * (services/receipt-pdf.ts), the admin's printable page and the donor's email, so that all three say the same thing:
 * the donation, the trust's settings (the singleton `trust_settings`), the tax law's wording of the receipt's financial
 * year (`tax_wordings`), and, in plain words, what the trust has not filled in yet. Nothing here invents a number: what
 * is missing is named.
 *
 * Only a donation with a receipt number has a receipt (the number is issued when it becomes Received,
 * services/receipts.ts); a cancelled one keeps its receipt, marked cancelled with its reason.
 */
import { eq } from 'drizzle-orm';
import { financialYearOf } from '../../resources/financial-year.ts';
import { donations, SINGLETON_ID, trustSettings } from '../../resources/index.ts';
import { amountInHindiWords, formatRupees } from '../../resources/indian-numbers.ts';
import type { MissingItem, ReceiptDocument, ReceiptLapse } from '../../resources/receipt.ts';
import { REGISTRATIONS, registrationLapses, type RegistrationLapse } from '../../resources/registration-validity.ts';

export type { MissingItem, ReceiptDocument, ReceiptLapse };
import { receiptRegistrations, tableOf } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { inTimeZone } from './calendar.ts';
import type { ReadFor, RecordRow, RecordService } from './records.ts';
import { taxWordingFor } from './receipts.ts';

/** Cash above this many rupees is not deductible (the receipt says so). */
export const CASH_DEDUCTIBLE_LIMIT = 2000;

/** The PDF's file name: `receipt-2026-27-000123.pdf` (a receipt number's slash is no file name's). */
export const receiptFileName = (receiptNo: string) => `receipt-${receiptNo.replace(/[^0-9A-Za-z-]/g, '-')}.pdf`;

export const NO_RECEIPT_YET = 'This donation has no receipt yet: it is issued when the donation is marked Received.';

/**
 * Hindi month names, as CLDR's Hindi calendar data writes them (January … December), in Unicode NFC (फ़ is फ
 * followed by the nukta sign, never the precomposed code point, as in indian-numbers.ts).
 */
export const HINDI_MONTHS = [
  'जनवरी',
  'फ़रवरी',
  'मार्च',
  'अप्रैल',
  'मई',
  'जून',
  'जुलाई',
  'अगस्त',
  'सितंबर',
  'अक्तूबर',
  'नवंबर',
  'दिसंबर',
] as const;

/**
 * A calendar day (`YYYY-MM-DD`) as the receipt writes it: `24 नवंबर 2026`. The month is in Hindi, the digits are
 * the international form of Indian numerals, as the Constitution (Article 343(1)) makes them for the Union's
 * official purposes and as the rest of the receipt writes them (₹1,50,000, the receipt number, PANs): a reader
 * and a search find the same digits everywhere on the page.
 */
export function hindiDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) throw new Error(`Not a calendar day: "${day}".`);
  return `${Number(match[3])} ${HINDI_MONTHS[Number(match[2]) - 1]} ${match[1]}`;
}

/** The receipt's words for a donation's mode of receipt, payment method and type. */
const MODE_HI: Readonly<Record<string, string>> = {
  Electronic: 'इलेक्ट्रॉनिक',
  Cash: 'नकद',
  Kind: 'वस्तु के रूप में',
  Others: 'अन्य',
};
const METHOD_HI: Readonly<Record<string, string>> = {
  'Online Payment': 'ऑनलाइन भुगतान',
  'Bank Transfer': 'बैंक अंतरण',
};
const TYPE_HI: Readonly<Record<string, string>> = {
  Corpus: 'कॉर्पस (स्थायी निधि)',
  'Specific Grant': 'विशिष्ट अनुदान',
  Others: 'अन्य',
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A date field's value (`YYYY-MM-DD`, stored as text or a Date) as `YYYY-MM-DD`, or null. */
function dayOf(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const t = text(value);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : null;
}

/** A date field as the receipt prints it, or null. */
function printedDay(value: unknown): string | null {
  const day = dayOf(value);
  return day === null ? null : hindiDate(day);
}

const instant = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/**
 * The receipt's sentence for a registration that did not hold on the donation's day (`day`, `YYYY-MM-DD`), naming it
 * by its section where the year's wording gives one, its number, and its dates: "न्यास का पंजीकरण (धारा 12A/12AB),
 * संख्या AAATS1234QE20214, 31 मार्च 2026 तक वैध था: दान की तिथि 26 नवंबर 2026 को यह वैध नहीं था।"
 */
export function lapseSentence(lapse: RegistrationLapse, day: string, section: string | null): string {
  const what = lapse.which === 'registration' ? 'न्यास का पंजीकरण' : 'न्यास का अनुमोदन';
  const named = `${what}${section ? ` (धारा ${section})` : ''}${lapse.number ? `, संख्या ${lapse.number},` : ''}`;
  return lapse.standing === 'expired'
    ? `${named} ${hindiDate(lapse.until!)} तक वैध था: दान की तिथि ${hindiDate(day)} को यह वैध नहीं था।`
    : `${named} ${hindiDate(lapse.from!)} से वैध है: दान की तिथि ${hindiDate(day)} को यह अभी वैध नहीं था।`;
}

/** The trust settings' fields a receipt needs, with what to say when one is empty. */
const REQUIRED_SETTINGS: readonly { field: string; en: string; hi: string }[] = [
  { field: 'name_hi', en: "the trust's name in Hindi", hi: 'न्यास का नाम (हिंदी में)' },
  { field: 'address', en: "the trust's address", hi: 'न्यास का पता' },
  { field: 'pan', en: "the trust's PAN", hi: 'न्यास का पैन' },
  { field: 'registration_number', en: 'the registration number (12A/12AB)', hi: 'पंजीकरण संख्या' },
  { field: 'registration_date', en: 'the registration date', hi: 'पंजीकरण की तिथि' },
  { field: 'registration_valid_until', en: "the registration's validity", hi: 'पंजीकरण की वैधता' },
  { field: 'approval_number', en: 'the approval number (80G)', hi: 'अनुमोदन संख्या' },
  { field: 'approval_date', en: 'the approval date', hi: 'अनुमोदन की तिथि' },
  { field: 'approval_valid_until', en: "the approval's validity", hi: 'अनुमोदन की वैधता' },
  { field: 'signatory', en: "the receipt's signatory", hi: 'हस्ताक्षरकर्ता का नाम' },
];

/**
 * The receipt of donation `id`, as `caller` may read it (View on Donations; 404 for a donation it may not see or
 * that does not exist; 409 for one without a receipt number). `timeZone` is the trust's (config.TRUST_TIMEZONE).
 */
export async function receiptDocument(
  records: RecordService,
  caller: ReadFor,
  id: number,
  timeZone: string,
): Promise<ReceiptDocument> {
  const donation = await records.get(caller, donations, id);
  const receiptNo = text(donation.receipt_no);
  if (!receiptNo) throw conflict(NO_RECEIPT_YET);
  const db = records.database.db;
  const settingsTable = tableOf(trustSettings);
  const [settings = {} as Record<string, unknown>] = (await db
    .select()
    .from(settingsTable)
    .where(eq(settingsTable.id, SINGLETON_ID))
    .limit(1)) as RecordRow[];

  // What the receipt printed of the registration and approval when it was issued, over today's settings (a receipt
  // issued before receipt_registrations existed prints today's).
  const [kept] = await db
    .select({ registrations: receiptRegistrations.registrations })
    .from(receiptRegistrations)
    .where(eq(receiptRegistrations.receipt_no, receiptNo))
    .limit(1);
  if (kept) {
    for (const which of REGISTRATIONS) {
      const dates = kept.registrations[which];
      settings[`${which}_number`] = dates?.number ?? null;
      settings[`${which}_date`] = dates?.from ?? null;
      settings[`${which}_valid_until`] = dates?.until ?? null;
    }
  }

  const day = inTimeZone(new Date(donation.date as string | Date), timeZone).slice(0, 10);
  // The year the receipt was numbered in (its number's first part) decides its wording.
  const financialYear = receiptNo.split('/')[0] ?? financialYearOf(day);
  const wording = await taxWordingFor(db, financialYear);

  const missing: MissingItem[] = REQUIRED_SETTINGS.filter(
    ({ field }) => text(settings[field]) === null && dayOf(settings[field]) === null,
  ).map(({ field, en, hi }) => ({ field: `trust_settings.${field}`, en, hi }));
  if (!wording) {
    missing.push({
      field: 'tax_wordings',
      en: `the tax wording of the financial year ${financialYear}`,
      hi: `वित्तीय वर्ष ${financialYear} के लिए कर संबंधी विवरण`,
    });
  }

  const sectionOf = (lapse: RegistrationLapse) =>
    wording ? String(wording[lapse.which === 'registration' ? 'registration_section' : 'deduction_section']) : null;
  const lapses: ReceiptLapse[] = registrationLapses(settings, day).map((lapse) => ({
    ...lapse,
    hi: lapseSentence(lapse, day, sectionOf(lapse)),
  }));

  const amount = Number(donation.amount);
  const mode = String(donation.mode ?? 'Others');
  const method = String(donation.payment_method ?? '');
  const type = String(donation.donation_type ?? 'Others');
  const purpose = text(donation.category) ?? 'General Fund';
  const otherType = text(donation.other_id_type);
  const otherNumber = text(donation.other_id_number);
  return {
    donationId: donation.id,
    receiptNo,
    financialYear,
    day,
    dateHindi: hindiDate(day),
    issuedAt: instant(donation.receipt_issued_at),
    cancelled:
      donation.status === 'Cancelled'
        ? { reason: text(donation.cancel_reason), at: instant(donation.cancelled_at) }
        : null,
    donor: {
      name: String(donation.donor_name),
      address: text(donation.address),
      pan: text(donation.pan),
      otherId: otherType && otherNumber ? { type: otherType, number: otherNumber } : null,
      email: text(donation.email),
      phone: text(donation.contact_number),
    },
    amount: { rupees: amount, figures: formatRupees(amount), words: amountInHindiWords(amount) },
    mode: { value: mode, hi: MODE_HI[mode] ?? mode },
    paymentMethod: { value: method, hi: METHOD_HI[method] ?? method },
    donationType: { value: type, hi: TYPE_HI[type] ?? type },
    transactionId: text(donation.transaction_id),
    reference: text(donation.reference),
    purpose,
    purposeHi: purpose === 'General Fund' ? 'सामान्य कोष (General Fund)' : purpose,
    cashNotDeductible: mode === 'Cash' && amount > CASH_DEDUCTIBLE_LIMIT,
    trust: {
      name: text(settings.name_hi) ?? text(settings.name_en),
      nameEn: text(settings.name_en),
      address: text(settings.address),
      phone: text(settings.phone),
      email: text(settings.email),
      pan: text(settings.pan),
      registration: {
        number: text(settings.registration_number),
        date: printedDay(settings.registration_date),
        validUntil: printedDay(settings.registration_valid_until),
      },
      approval: {
        number: text(settings.approval_number),
        date: printedDay(settings.approval_date),
        validUntil: printedDay(settings.approval_valid_until),
      },
      signatory: text(settings.signatory),
      logo: text(settings.logo),
      seal: text(settings.seal),
    },
    tax: wording
      ? {
          actName: String(wording.act_name),
          registrationSection: String(wording.registration_section),
          deductionSection: String(wording.deduction_section),
          certificateForm: String(wording.certificate_form),
          note: String(wording.receipt_note),
        }
      : null,
    missing,
    lapses,
  };
}
