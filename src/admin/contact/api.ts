/**
 * The contact messages routes beyond the declared ones (src/server/routes/api/v2/contact-messages.ts), through the same
 * HTTP client as the REST provider: the bearer token, and the server's sentences as HttpError messages.
 */
import type { RaRecord } from 'react-admin';
import type { EmailDelivery } from '../outbox/api.ts';
import { createHttpClient, type HttpClientOptions } from '../providers/http-client.ts';

const at = (id: RaRecord['id'], action: string) =>
  `/api/v2/contact-messages/${encodeURIComponent(String(id))}/${action}`;

export async function markMessage(id: RaRecord['id'], read: boolean, options: HttpClientOptions = {}) {
  const { json } = await createHttpClient(options)(at(id, read ? 'read' : 'unread'), { method: 'POST' });
  return json as RaRecord;
}

/** Keeps and emails a reply; answers the message, with what became of the email (`reply_email`). */
export async function replyToMessage(
  id: RaRecord['id'],
  reply: { subject: string; body: string },
  options: HttpClientOptions = {},
) {
  const { json } = await createHttpClient(options)(at(id, 'reply'), { method: 'POST', body: JSON.stringify(reply) });
  return json as RaRecord & { reply_email?: EmailDelivery };
}
