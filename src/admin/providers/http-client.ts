/**
 * The HTTP client of the server-backed providers: `fetchUtils.fetchJson`'s contract (resolve with
 * `{ status, headers, body, json }`, reject with an `HttpError`), plus the session cookie and, on a request that
 * changes something, the page's XSRF token (auth/token.ts), and the
 * server's error bodies (`{ success: false, message, code, errors?: [{ field, message }] }`) turned into errors
 * react-admin understands: the message is the server's sentence, and field errors take the
 * `{ errors: { field: message, root: { serverError } } }` shape so that forms show them under their fields.
 */
import { fetchUtils, HttpError } from 'react-admin';
import { isUnsafe, XSRF_HEADER, xsrfToken } from '../auth/token.ts';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of any endpoint, as fetchJson gives it
  json: any;
}

export type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<HttpResponse>;

export interface HttpClientOptions {
  /** The fetch to call; the browser's by default (tests inject their own). */
  fetch?: typeof fetch;
  /** Where the XSRF token comes from; the `XSRF-TOKEN` cookie by default (tests inject their own). */
  getXsrfToken?: () => string | undefined;
  /**
   * A bearer token, for a client outside the browser (the server tests drive the providers against the real
   * server this way). The admin app never has one: its session is the HttpOnly cookie.
   */
  getToken?: () => string | null;
}

/** A field error as the server sends it. */
export interface ServerFieldError {
  field: string;
  message: string;
}

/** The error body of every failed API call. */
export interface ServerErrorBody {
  success: false;
  message: string;
  code?: string;
  errors?: ServerFieldError[];
}

/** The body of the HttpError a failed call rejects with: the server's body, field errors keyed by field. */
export interface MappedErrorBody {
  success: false;
  message: string;
  code?: string;
  errors?: Record<string, string | { serverError: string }>;
  /** The HTTP method of the refused request: the auth provider tells a refused read (a page's data) by it. */
  method?: string;
  /** The sentence's key and values when the server said one of src/resources/sentences.ts's (i18n/said.ts). */
  said?: { key: string; values: Record<string, unknown> };
}

export const UNREACHABLE_MESSAGE = 'The server could not be reached. Please check the connection and try again.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function fieldErrorsOf(errors: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (!Array.isArray(errors)) return byField;
  for (const item of errors) {
    if (!isRecord(item) || typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    // An error without a field (an unknown key, a malformed body) belongs to the form, not to an input.
    if (item.field === '' || item.field === 'root' || item.field in byField) continue;
    byField[item.field] = item.message;
  }
  return byField;
}

/** The HttpError of a failed response: the server's sentence, its field errors keyed by field, the method. */
export function toHttpError(status: number, statusText: string, json: unknown, method?: string): HttpError {
  const body = isRecord(json) ? json : {};
  const message =
    typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : statusText || `The request failed (HTTP ${status}).`;
  const fieldErrors = fieldErrorsOf(body.errors);
  const mapped: MappedErrorBody = {
    success: false,
    message,
    ...(typeof body.code === 'string' ? { code: body.code } : {}),
    ...(Object.keys(fieldErrors).length > 0 ? { errors: { ...fieldErrors, root: { serverError: message } } } : {}),
    ...(method ? { method: method.toUpperCase() } : {}),
    ...(isRecord(body.said) && typeof body.said.key === 'string' && isRecord(body.said.values)
      ? { said: { key: body.said.key, values: body.said.values } }
      : {}),
  };
  return new HttpError(message, status, mapped);
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const xsrfOf = options.getXsrfToken ?? xsrfToken;
  return async (url, requestOptions = {}) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers = fetchUtils.createHeadersFromOptions(requestOptions);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    // ra-data-simple-rest labels its body-less DELETE `text/plain`; the server accepts JSON bodies only (415).
    if (requestOptions.body == null) headers.delete('Content-Type');
    // The session is the HttpOnly cookie, sent by the browser; a change repeats the page's XSRF token.
    const xsrf = isUnsafe(requestOptions.method) ? xsrfOf() : undefined;
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    const bearer = options.getToken?.();
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);

    let response: Response;
    try {
      response = await doFetch(url, { ...requestOptions, headers, credentials: 'same-origin' });
    } catch (error) {
      // A cancelled query stays a cancellation; anything else is a network failure.
      if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
      throw new HttpError(UNREACHABLE_MESSAGE, 0, { success: false, message: UNREACHABLE_MESSAGE });
    }
    const body = await response.text();
    let json: unknown;
    try {
      json = body === '' ? undefined : JSON.parse(body);
    } catch {
      json = undefined;
    }
    if (response.status < 200 || response.status >= 300) {
      throw toHttpError(response.status, response.statusText, json, requestOptions.method ?? 'GET');
    }
    return { status: response.status, headers: response.headers, body, json };
  };
}

/**
 * Sends `file` with PUT to `url` as the multipart form's field `field` (a photo, a profile image: the contract's
 * updates are JSON and carry no file); answers the JSON the server sends back.
 */
export async function putFile(
  url: string,
  field: string,
  file: Blob,
  unnamed: string,
  options: HttpClientOptions = {},
): Promise<unknown> {
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : unnamed);
  const { json } = await createHttpClient(options)(url, { method: 'PUT', body: form });
  return json;
}
