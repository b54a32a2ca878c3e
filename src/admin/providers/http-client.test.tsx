import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createHttpClient, UNREACHABLE_MESSAGE } from './http-client.ts';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that records its calls and answers with the given response. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('The call was expected to fail.');
}

describe('the REST HTTP client', () => {
  it("sends the session cookie and, on a change, the page's XSRF token; never a bearer token of its own", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { id: 1 }));
    const client = createHttpClient({ fetch, getXsrfToken: () => 'xsrf-123' });
    const response = await client('/api/v2/countries/1');
    expect(response.json).toEqual({ id: 1 });
    const read = new Headers(calls[0]?.init.headers);
    expect(read.has('Authorization')).toBe(false);
    expect(read.has('X-XSRF-TOKEN')).toBe(false);
    expect(read.get('Accept')).toBe('application/json');
    expect(calls[0]?.init.credentials).toBe('same-origin');

    for (const method of ['POST', 'PUT', 'DELETE']) {
      await client('/api/v2/countries/1', { method, body: method === 'DELETE' ? undefined : '{}' });
      expect(new Headers(calls.at(-1)?.init.headers).get('X-XSRF-TOKEN'), method).toBe('xsrf-123');
    }
  });

  it('reads the XSRF token from the XSRF-TOKEN cookie by default', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { id: 1 }));
    document.cookie = 'XSRF-TOKEN=from-cookie';
    try {
      await createHttpClient({ fetch })('/api/v2/countries', { method: 'POST', body: '{}' });
      expect(new Headers(calls[0]?.init.headers).get('X-XSRF-TOKEN')).toBe('from-cookie');
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it("sends a multipart upload (a photo) with the page's XSRF token and the browser's own content type", async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { id: 1 }));
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await createHttpClient({ fetch, getXsrfToken: () => 'xsrf-123' })('/api/v1/employee/1', {
      method: 'PUT',
      body: form,
    });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');
    expect(headers.has('Content-Type')).toBe(false);
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.credentials).toBe('same-origin');
  });

  it("turns a 400's field errors into react-admin's { errors: { field: message } } shape", async () => {
    const { fetch } = fakeFetch(() =>
      json(400, {
        success: false,
        message: 'Country Name is required.',
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'name', message: 'Country Name is required.' },
          { field: 'code', message: 'Country Code is required.' },
          { field: '', message: 'Unknown field: colour.' },
        ],
      }),
    );
    const error = await failureOf(createHttpClient({ fetch, getToken: () => 't' })('/api/v2/countries'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Country Name is required.');
    expect(error.body).toEqual({
      success: false,
      message: 'Country Name is required.',
      code: 'VALIDATION_FAILED',
      errors: {
        name: 'Country Name is required.',
        code: 'Country Code is required.',
        root: { serverError: 'Country Name is required.' },
      },
      method: 'GET',
    });
  });

  it("keeps the server's sentence of a 409 without field errors, with no form errors", async () => {
    const sentence = 'This country is connected to states. Please remove them first.';
    const { fetch } = fakeFetch(() => json(409, { success: false, message: sentence, code: 'CONFLICT' }));
    const error = await failureOf(createHttpClient({ fetch })('/api/v2/countries/1', { method: 'DELETE' }));
    expect(error.status).toBe(409);
    expect(error.message).toBe(sentence);
    expect(error.body.errors).toBeUndefined();
  });

  it('passes a 401 on with its status, for the auth provider to sign out', async () => {
    const { fetch } = fakeFetch(() =>
      json(401, { success: false, message: 'Please sign in to continue.', code: 'UNAUTHORIZED' }),
    );
    const error = await failureOf(createHttpClient({ fetch })('/api/v2/countries'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Please sign in to continue.');
  });

  it("passes a 403 on with its status, the server's sentence and the method, for the access-denied page", async () => {
    const sentence =
      'You do not have permission to view Employees (Company › Employees › View). Ask an administrator for access.';
    const { fetch } = fakeFetch(() => json(403, { success: false, message: sentence, code: 'FORBIDDEN' }));
    const read = await failureOf(createHttpClient({ fetch })('/api/v2/employees'));
    expect(read.status).toBe(403);
    expect(read.message).toBe(sentence);
    expect(read.body).toMatchObject({ code: 'FORBIDDEN', method: 'GET' });
    const removal = await failureOf(createHttpClient({ fetch })('/api/v2/employees/1', { method: 'delete' }));
    expect(removal.body).toMatchObject({ code: 'FORBIDDEN', method: 'DELETE' });
  });

  it('falls back to the status text when the body is not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>proxy</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failureOf(createHttpClient({ fetch })('/api/v2/countries'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad Gateway');
  });

  it('says so when the server cannot be reached, but lets a cancellation through', async () => {
    const unreachable = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await failureOf(createHttpClient({ fetch: unreachable.fetch })('/api/v2/countries'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(UNREACHABLE_MESSAGE);

    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const cancelled = fakeFetch(() => Promise.reject(abort));
    await expect(createHttpClient({ fetch: cancelled.fetch })('/api/v2/countries')).rejects.toBe(abort);
  });
});
