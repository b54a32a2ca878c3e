/**
 * The donations routes beyond the declared ones (src/server/routes/v2-donations.ts), through the same HTTP client
 * as the REST provider: the bearer token, and the server's sentences as HttpError messages.
 */
import type { RaRecord } from 'react-admin';
import { createHttpClient, type HttpClientOptions } from '../providers/http-client.ts';

const BASE = '/api/v2/donations';

export async function cancelDonation(id: RaRecord['id'], reason: string, options: HttpClientOptions = {}) {
  const { json } = await createHttpClient(options)(`${BASE}/${encodeURIComponent(String(id))}/cancel`, {
    method: 'POST',
    body: JSON.stringify({ reason }),
  });
  return json as RaRecord;
}

/** The year's Form 10BD as CSV text, with how many donations were left out and why. */
export async function fetchForm10bd(year: string, options: HttpClientOptions = {}) {
  const { body, headers } = await createHttpClient(options)(`${BASE}/form-10bd?year=${encodeURIComponent(year)}`, {
    headers: new Headers({ Accept: 'text/csv' }),
  });
  return {
    csv: body,
    withoutIdentifier: Number(headers.get('X-Donations-Without-Identifier') ?? 0),
    cashAboveLimit: Number(headers.get('X-Cash-Above-Limit') ?? 0),
  };
}

/** What a donation's receipt says (src/server/services/receipt-document.ts): its page and its PDF print it. */
export interface Receipt {
  donationId: number;
  receiptNo: string;
  financialYear: string;
  day: string;
  dateHindi: string;
  cancelled: { reason: string | null; at: string | null } | null;
  donor: {
    name: string;
    address: string | null;
    pan: string | null;
    otherId: { type: string; number: string } | null;
  };
  amount: { rupees: number; figures: string; words: string };
  mode: { value: string; hi: string };
  paymentMethod: { value: string; hi: string };
  donationType: { value: string; hi: string };
  transactionId: string | null;
  purposeHi: string;
  cashNotDeductible: boolean;
  trust: {
    name: string | null;
    nameEn: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
    pan: string | null;
    registration: { number: string | null; date: string | null; validUntil: string | null };
    approval: { number: string | null; date: string | null; validUntil: string | null };
    signatory: string | null;
    logo: string | null;
    seal: string | null;
  };
  tax: { actName: string; registrationSection: string; deductionSection: string; note: string } | null;
  missing: { field: string; en: string; hi: string }[];
}

export async function fetchReceipt(id: RaRecord['id'], options: HttpClientOptions = {}): Promise<Receipt> {
  const { json } = await createHttpClient(options)(`${BASE}/${encodeURIComponent(String(id))}/receipt`);
  return json as Receipt;
}

/** The server's PDF of a receipt; the session cookie goes with the link. */
export const receiptPdfUrl = (id: RaRecord['id']) => `${BASE}/${encodeURIComponent(String(id))}/receipt.pdf`;
