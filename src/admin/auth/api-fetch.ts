/**
 * The admin's few hand-made HTTP calls (sign-in, password reset, dashboard): request.ts's JSON requests, and an
 * authenticated GET that fails with react-admin's HttpError. The resource screens go through the data provider.
 */
import { HttpError } from 'react-admin';
import { messageOf, requestJson, browserFetch, type FetchLike } from './request.ts';

export { browserFetch, messageOf, requestJson, type FetchLike, type JsonResponse } from './request.ts';

/**
 * An authenticated GET of a JSON API route. Failures reject with react-admin's HttpError (status and body); the
 * caller hands it to `useLogoutIfAccessDenied`, whose auth provider turns a 401 into a sign-out.
 */
export async function apiGet<T>(path: string, fetchImpl: FetchLike = browserFetch): Promise<T> {
  const { status, ok, body } = await requestJson(fetchImpl, path);
  if (!ok) throw new HttpError(messageOf(body) ?? `The server answered ${status}.`, status, body);
  return body as T;
}
