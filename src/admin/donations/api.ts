/**
 * The donations routes beyond the declared ones (src/server/routes/api/v2/donations.ts), through the same HTTP client
 * as the REST provider: the bearer token, and the server's sentences as HttpError messages.
 */
import type { RaRecord } from 'react-admin';
import type { ReceiptDocument } from '../../resources/receipt.ts';
import type { RegistrationLapse } from '../../resources/registration-validity.ts';
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

/** What a donation's receipt says: its page and its PDF print it. */
export type Receipt = ReceiptDocument;

export async function fetchReceipt(id: RaRecord['id'], options: HttpClientOptions = {}): Promise<Receipt> {
  const { json } = await createHttpClient(options)(`${BASE}/${encodeURIComponent(String(id))}/receipt`);
  return json as Receipt;
}

/** The server's PDF of a receipt; the session cookie goes with the link. */
export const receiptPdfUrl = (id: RaRecord['id']) => `${BASE}/${encodeURIComponent(String(id))}/receipt.pdf`;

/** What the trust's registration and approval were on a donation's day (before its receipt is issued). */
export interface RegistrationCheck {
  day: string;
  lapses: RegistrationLapse[];
}

export async function checkRegistrations(date: string, options: HttpClientOptions = {}): Promise<RegistrationCheck> {
  const { json } = await createHttpClient(options)(`${BASE}/registration-check?date=${encodeURIComponent(date)}`);
  return json as RegistrationCheck;
}
