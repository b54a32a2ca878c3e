/**
 * The notifications route beyond the declared ones (src/server/routes/api/v2/notifications.ts), through the same HTTP
 * client as the REST provider: the session, and the server's sentences as HttpError messages.
 */
import { apiPath, notifications } from '../../resources/index.ts';
import { createHttpClient, type HttpClientOptions } from '../providers/http-client.ts';

/** Marks every unread notification of the signed-in account read; answers how many. */
export async function markAllNotificationsRead(options: HttpClientOptions = {}): Promise<number> {
  const { json } = await createHttpClient(options)(`/api/v2/${apiPath(notifications)}/read-all`, { method: 'POST' });
  return Number((json as { marked?: unknown }).marked ?? 0);
}
