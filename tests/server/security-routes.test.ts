// engines: pglite — authentication of every route under hostile spellings, headers; no SQL of its own
/**
 * The security suite's route part: every registered route, called without a token, with a forged one and under
 * other spellings of its path (percent-encoded letters, doubled and dotted slashes, a different case), is refused;
 * no spelling of any route answers 500. Requests are sent raw (node:http), as an attacker would: fetch() would
 * normalise some of these spellings before sending them.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../src/server/plugins/app/auth.ts';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with the path exactly as given (no normalisation of any kind). */
function raw(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...(options.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    // Node's HTTP parser closes the connection on a request line it cannot read (a backslash): status 0.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve({ status: 0, headers: {}, text: '' }) : reject(error),
    );
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** A path of the route table with its parameters filled in. */
const pathOf = (route: ApiRoute) => route.url.replace(/:[A-Za-z]+/g, '1');

/** Every other way of writing a path that an attacker might try; the router decodes some of them to the route. */
function spellings(path: string): string[] {
  const rest = path.slice('/api'.length);
  const percentAll = [...path].map((c) => (c === '/' ? c : `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('');
  return [
    path,
    `/%61pi${rest}`,
    `/ap%69${rest}`,
    `/%41PI${rest}`,
    `/API${rest}`,
    percentAll,
    `//api${rest}`,
    `/api/${rest}`,
    `/api${rest.replace(/\//g, '//')}`,
    `/api/.${rest}`,
    `/./api${rest}`,
    `/api/v9/..${rest}`,
    `/api%2F${rest.slice(1)}`,
    `/api${rest}/`,
    `/api${rest};x=1`,
    `/api${rest}%00`,
    `/api${rest}%ZZ`,
    `\\api${rest}`,
  ];
}

/**
 * What a refusal of an unauthenticated caller may be: not signed in, not found, a redirect to the canonical path,
 * or a connection closed by Node's HTTP parser (0).
 */
const REFUSED = [0, 400, 401, 403, 404, 405, 308];

describe('the critical hole: a percent-encoded /api path skipped sign-in', () => {
  it('refuses GET /%61pi/v2/outbox and /ap%69/v2/outbox without a token', async () => {
    for (const path of ['/%61pi/v2/outbox', '/ap%69/v2/outbox', '/%61%70%69/v2/outbox']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(401);
      expect(JSON.parse(res.text).success).toBe(false);
    }
  });

  it('cannot be chained into taking over the Admin: the reset link is never readable without signing in', async () => {
    const asked = await raw('POST', '/api/v1/forgotPassword', { body: JSON.stringify({ email: ADMIN.email }) });
    expect(asked.status).toBe(200);
    await t.app.services.passwordReset.idle();
    for (const path of ['/%61pi/v2/outbox', '/%61pi/v2/outbox/1', '/ap%69/v2/outbox?range=%5B0%2C9%5D']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.text).not.toMatch(/reset-password\?token=/);
    }
  });
});

describe('every registered route', () => {
  // Thousands of requests: 23 s in a busy CI run.
  it('refuses every spelling of every route that is not public, without a token and with a forged one', async () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(60);
    const problems: string[] = [];
    const forged = { authorization: `Bearer ${'A'.repeat(43)}` };
    for (const route of routes) {
      for (const path of spellings(pathOf(route))) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
        for (const headers of [{}, forged]) {
          const res = await raw(route.method, path, { body, headers });
          const label = `${route.method} ${path}${headers === forged ? ' (forged token)' : ''} → ${res.status}`;
          // A path that is not the API's is the admin app's page (or, unbuilt, a 503 saying so): no data.
          const adminPage = /^text\/(html|plain)/.test(String(res.headers['content-type'] ?? ''));
          if (res.status >= 500 && !(adminPage && res.status === 503)) {
            problems.push(`${label}: ${res.text.slice(0, 120)}`);
          } else if (route.access !== 'public' && !REFUSED.includes(res.status) && !adminPage) {
            problems.push(`${label}: not refused`);
          } else if (route.access !== 'public' && res.status >= 200 && res.status < 300 && !adminPage) {
            problems.push(`${label}: answered`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers the routes that matched an encoded spelling with 401, as their plain spelling', async () => {
    const problems: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const path = pathOf(route);
      for (const spelling of [`/%61pi${path.slice(4)}`, `/ap%69${path.slice(4)}`]) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
        const res = await raw(route.method, spelling, { body });
        if (res.status !== 401) problems.push(`${route.method} ${spelling} → ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a route that says nothing about who may call it: at start under /api, at request time elsewhere', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAuthentication, publicRoutes } = await import('../../src/server/plugins/app/auth.ts');
    const { registerErrorHandler } = await import('../../src/server/plugins/app/errors.ts');
    const undecided = Fastify({ logger: false });
    registerErrorHandler(undecided);
    registerAuthentication(undecided);
    undecided.get('/elsewhere', async () => ({ secret: true }));
    await publicRoutes(undecided, async (scope) => {
      scope.get('/open', async () => ({ open: true }));
    });
    await undecided.ready();
    const refused = await undecided.inject({ method: 'GET', url: '/elsewhere' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('secret');
    expect((await undecided.inject({ method: 'GET', url: '/open' })).statusCode).toBe(200);
    await undecided.close();

    const api = Fastify({ logger: false });
    registerAuthentication(api);
    api.get('/%61pi-is-not-api', { config: { public: true } }, async () => ({}));
    api.get('/api/v2/undecided', async () => ({}));
    await expect(api.ready()).rejects.toThrow(/must say who may call it/);
  });
});

describe('text that is not text', () => {
  it('answers 400 for a NUL character in a sign-in without a token, and signs nobody in', async () => {
    const res = await raw('POST', '/api/v1/login', {
      body: JSON.stringify({ email: `a\u0000b@example.org`, password: ADMIN.password }),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message).toMatch(/email/);
    const password = await raw('POST', '/api/v1/login', {
      body: JSON.stringify({ email: ADMIN.email, password: `x\u0000y` }),
    });
    expect(password.status).toBe(400);
  });

  it('answers 400 for a NUL character in a body and changes nothing', async () => {
    const before = await t.api('GET', '/api/v2/departments?range=[0,0]');
    const res = await t.api('POST', '/api/v2/departments', {
      raw: '{"department_name":"a\\u0000b","description":"x"}',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('department_name');
    expect(res.body.errors[0].field).toBe('department_name');
    const v1 = await t.api('POST', '/api/v1/addDepartment', { raw: '{"departmentName":"a\\u0000b"}' });
    expect(v1.status).toBe(400);
    const after = await t.api('GET', '/api/v2/departments?range=[0,0]');
    expect(after.headers.get('content-range')).toBe(before.headers.get('content-range'));
  });

  it('answers 400 for a NUL character in a query or a path parameter', async () => {
    for (const path of [
      '/api/v1/getAllDepartment?search=%00',
      '/api/v2/departments?filter=%7B%22q%22%3A%22a%00%22%7D',
      '/api/v2/departments/%00',
      '/api/v2/audit-logs?filter=%7B%22q%22%3A%22%00%22%7D',
    ]) {
      const res = await raw('GET', path, { headers: { authorization: `Bearer ${t.token}` } });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.text).success, path).toBe(false);
    }
  });

  it('answers 400 for a lone surrogate, in a value or a field name', async () => {
    const entry = await t.api('GET', '/api/v2/audit-logs?range=[0,0]');
    expect(entry.status).toBe(200);
    for (const [path, body] of [
      [`/api/v2/audit-logs/${entry.body[0]?.id ?? 1}/notes`, '{"note":"a\\ud800b"}'],
      ['/api/v2/departments', '{"department_name":"a\\udc00","description":"x"}'],
      ['/api/v2/departments', '{"department_name":"ok","description":"x","\\ud800":1}'],
      ['/api/v1/login', '{"email":"\\ud83dx@example.org","password":"x"}'],
    ] as const) {
      const res = await t.api('POST', path, { raw: body });
      expect(res.status, `${path} ${body}`).toBe(400);
      expect(res.body.message, body).toMatch(/not text/);
    }
  });

  it('still takes Hindi, emoji and other real text', async () => {
    const res = await t.api('POST', '/api/v2/departments', {
      body: { department_name: 'संस्कृत विभाग 📚', description: 'वेद, व्याकरण और ज्योतिष' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.department_name).toBe('संस्कृत विभाग 📚');
  });
});

describe('security headers', () => {
  it('sends a strict policy, no caching of API answers and no powerful features', async () => {
    const res = await t.api('GET', '/api/v2/session');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    for (const path of ['/api/v1/login', '/api/v2/nothing-here']) {
      const other = await t.api('POST', path, { body: {}, token: null });
      expect(other.headers.get('cache-control'), path).toBe('no-store');
      expect(other.headers.get('content-security-policy'), path).toBeTruthy();
    }
  });

  it('publishes the API description to anyone, under the same policy', async () => {
    const doc = await t.api('GET', '/api/docs/json', { token: null });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const ui = await t.api('GET', '/api/docs', { token: null });
    expect([200, 302]).toContain(ui.status);
  });
});
