/**
 * The outbox routes (src/server/routes/api/v2/outbox.ts, Admins only), through the same HTTP client as the REST
 * provider: the bearer token, and the server's sentences as HttpError messages. The demo mode has no outbox.
 * `fetchRecordEmails`: what became of the emails about one record, for whoever may view it.
 */
import { apiPath, type ResourceDeclaration } from '../../resources/index.ts';
import { createHttpClient, type HttpClientOptions } from '../providers/http-client.ts';

export const OUTBOX_STATUSES = ['Pending', 'Sent', 'Failed', 'Discarded'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxSummary {
  id: number;
  to_address: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  /** While a server process is sending it: until when. */
  claimed_until?: string | null;
}

export interface OutboxEmail extends OutboxSummary {
  body_text: string;
  body_html: string | null;
}

export interface OutboxListParams {
  page: number;
  perPage: number;
  status?: OutboxStatus | undefined;
  q?: string | undefined;
}

const BASE = '/api/v2/outbox';

/** The total of a Content-Range header such as `outbox 0-24/317` (the number after the slash). */
export function totalOf(contentRange: string | null): number | undefined {
  const match = /\/(\d+)\s*$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : undefined;
}

export async function fetchOutbox(
  params: OutboxListParams,
  options: HttpClientOptions = {},
): Promise<{ rows: OutboxSummary[]; total: number }> {
  const start = (params.page - 1) * params.perPage;
  const filter: Record<string, string> = {};
  if (params.status) filter.status = params.status;
  if (params.q?.trim()) filter.q = params.q.trim();
  const query = new URLSearchParams({
    sort: JSON.stringify(['created_at', 'DESC']),
    range: JSON.stringify([start, start + params.perPage - 1]),
    filter: JSON.stringify(filter),
  });
  const { json, headers } = await createHttpClient(options)(`${BASE}?${query.toString()}`);
  const rows = json as OutboxSummary[];
  return { rows, total: totalOf(headers.get('Content-Range')) ?? rows.length };
}

export async function fetchEmail(id: number | string, options: HttpClientOptions = {}): Promise<OutboxEmail> {
  const { json } = await createHttpClient(options)(`${BASE}/${encodeURIComponent(String(id))}`);
  return json as OutboxEmail;
}

/** Whether the server sends email (SMTP_URL), and how it retries. */
export interface MailServer {
  configured: boolean;
  maxAttempts: number;
  retrySeconds: number;
}

export async function fetchMailServer(options: HttpClientOptions = {}): Promise<MailServer> {
  const { json } = await createHttpClient(options)(`${BASE}/mail-server`);
  return json as MailServer;
}

/** Sends a Pending or Failed email again, now (the server needs SMTP_URL); answers the email, Pending. */
export async function resendEmail(id: number | string, options: HttpClientOptions = {}): Promise<OutboxSummary> {
  const { json } = await createHttpClient(options)(`${BASE}/${encodeURIComponent(String(id))}/resend`, {
    method: 'POST',
  });
  return json as OutboxSummary;
}

/** Discards a Pending or Failed email: it is never sent. Answers the email, Discarded. */
export async function discardEmail(id: number | string, options: HttpClientOptions = {}): Promise<OutboxSummary> {
  const { json } = await createHttpClient(options)(`${BASE}/${encodeURIComponent(String(id))}/discard`, {
    method: 'POST',
  });
  return json as OutboxSummary;
}

/** What a record's screen shows of an email about it (services/mail.ts, EmailDelivery): never its bodies. */
export interface EmailDelivery extends Pick<
  OutboxSummary,
  'id' | 'to_address' | 'status' | 'attempts' | 'last_error' | 'next_attempt_at' | 'sent_at' | 'created_at'
> {
  /** Whether the server sends email at all: a Pending email without it waits for a mail server. */
  mail_server: boolean;
}

/** The emails about one record, newest first (`GET /api/v2/<resource>/:id/emails`). */
export async function fetchRecordEmails(
  resource: ResourceDeclaration,
  id: number | string,
  options: HttpClientOptions = {},
): Promise<EmailDelivery[]> {
  const { json } = await createHttpClient(options)(
    `/api/v2/${apiPath(resource)}/${encodeURIComponent(String(id))}/emails`,
  );
  return json as EmailDelivery[];
}
