/**
 * What a donation's receipt says, as the server gathers it (src/server/services/receipt-document.ts) and
 * both the admin's printable page and the PDF print it: one shape for both sides.
 */
import type { RegistrationLapse } from './registration-validity.ts';

/** A registration or approval that did not hold on the donation's day, with the receipt's Hindi sentence for it. */
export interface ReceiptLapse extends RegistrationLapse {
  hi: string;
}

/** Something the receipt needs that is not filled in: which setting, in English for staff and in Hindi for print. */
export interface MissingItem {
  /** `trust_settings.<field>` or `tax_wordings`. */
  field: string;
  en: string;
  hi: string;
}

export interface ReceiptDocument {
  donationId: number;
  receiptNo: string;
  financialYear: string;
  /** The donation's day on the trust's calendar, `YYYY-MM-DD`, and as printed. */
  day: string;
  dateHindi: string;
  issuedAt: string | null;
  cancelled: { reason: string | null; at: string | null } | null;
  donor: {
    name: string;
    address: string | null;
    pan: string | null;
    otherId: { type: string; number: string } | null;
    email: string | null;
    phone: string | null;
  };
  amount: { rupees: number; figures: string; words: string };
  mode: { value: string; hi: string };
  paymentMethod: { value: string; hi: string };
  donationType: { value: string; hi: string };
  transactionId: string | null;
  reference: string | null;
  purpose: string;
  /** The purpose as printed: the default 'General Fund' in Hindi, anything else as staff wrote it. */
  purposeHi: string;
  /** Cash above ₹2,000: the receipt says it is not deductible. */
  cashNotDeductible: boolean;
  trust: {
    name: string | null;
    nameEn: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
    pan: string | null;
    /** Dates as printed (`24 नवंबर 2026`), or null when not filled in. */
    registration: { number: string | null; date: string | null; validUntil: string | null };
    approval: { number: string | null; date: string | null; validUntil: string | null };
    signatory: string | null;
    logo: string | null;
    seal: string | null;
  };
  /** The tax law's words of the receipt's financial year, or null when the trust has not entered them. */
  tax: {
    actName: string;
    registrationSection: string;
    deductionSection: string;
    certificateForm: string;
    note: string;
  } | null;
  missing: MissingItem[];
  /**
   * The registrations and approvals printed on it that were not valid on the donation's day (expired, or not yet
   * valid): the receipt says so in words, the issuing person was warned (src/resources/registration-validity.ts).
   */
  lapses: ReceiptLapse[];
}
