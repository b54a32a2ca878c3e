/**
 * One JSON request to the server: JSON in and out, the session cookie sent by the browser, and the page's XSRF token on
 * a request that changes something. Nothing of react-admin: the sign-in page that comes drawn in its HTML signs in
 * with it before react-admin has loaded (auth/DrawnLogin.tsx).
 */
import { isUnsafe, XSRF_HEADER, xsrfToken } from './token.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The browser's fetch, looked up at call time so that it can be replaced in a test. */
export const browserFetch: FetchLike = (input, init) => fetch(input, init);

export interface JsonResponse {
  status: number;
  ok: boolean;
  /** The parsed body, or undefined when it was not JSON. */
  body: Record<string, unknown> | undefined;
}

/** One request; rejects only when the server could not be reached. */
export async function requestJson(
  fetchImpl: FetchLike,
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const xsrf = isUnsafe(options.method) ? xsrfToken() : undefined;
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  const response = await fetchImpl(path, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = await response.json();
    body = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, ok: response.ok, body };
}

/** The `message` of an error body, when it has one. */
export function messageOf(body: Record<string, unknown> | undefined): string | undefined {
  const message = body?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
