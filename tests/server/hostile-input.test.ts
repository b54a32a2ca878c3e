// engines: pglite — input refused before it reaches the database; no SQL of its own
/**
 * Input built to cost the server time or to slip past the text check (docs/performance.md, "Hostile input").
 *
 * - Text that is not text (a NUL, half a surrogate pair) written as a JSON escape inside a query parameter that the
 *   server decodes as JSON (`filter={"q":"\u0000"}`, `sort`, `range`, `fields`) answers 400 with the usual sentence,
 *   on every list that takes such parameters, as it does when it arrives raw.
 * - A long value is refused by its length before any pattern runs; a body larger than a route can take is refused
 *   413 with a sentence; neither holds the event loop (health answers meanwhile).
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INPUT_TEXT_MESSAGES } from '../../src/server/plugins/app/input-text.ts';
import { EMAIL } from '../../src/resources/patterns.ts';
import {
  ACCOUNT_REQUEST_MESSAGES,
  ACCOUNT_REQUESTS_PATH,
  accountRequestBody,
} from '../../src/server/routes/api/v2/account-requests.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { operations, type Operation } from '../helpers/operations.ts';

let t: TestApp;
let ops: Operation[];
beforeAll(async () => {
  t = await startTestApp();
  ops = await operations(t);
});
afterAll(async () => {
  await t?.close();
});

/** JSON text as a client writes it in a query: the character as a `\uXXXX` escape, the whole percent-encoded. */
const param = (name: string, json: string) => `${name}=${encodeURIComponent(json)}`;

const MB = 1024 * 1024;
const NOT_TEXT = ['\\u0000', '\\ud800', '\\udfff', 'a\\u0000b'];

describe('text that is not text inside a JSON query parameter', () => {
  it('answers 400 with the usual sentence on every list that decodes JSON parameters', async () => {
    const lists = ops.filter((op) => op.method === 'GET' && op.query.includes('filter'));
    expect(lists.length).toBeGreaterThan(30);
    expect(lists.filter((op) => op.query.includes('sort')).length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const op of lists) {
      const queries = NOT_TEXT.flatMap((escape) => [
        param('filter', `{"q":"${escape}"}`),
        // Each parameter the route documents (an import's rows take range and filter, no sort).
        ...(op.query.includes('sort') ? [param('sort', `["${escape}","ASC"]`)] : []),
        param('range', `[0,"${escape}"]`),
        param('filter', `{"${escape}":1}`),
        ...(op.query.includes('fields') ? [param('fields', `["id","${escape}"]`)] : []),
      ]);
      for (const query of queries) {
        const res = await t.api('GET', `${op.path}?${query}`);
        const said = typeof res.body?.message === 'string' ? res.body.message : res.text.slice(0, 80);
        if (res.status !== 400 || !said.includes('a character that is not text'))
          problems.push(`${op.path}?${decodeURIComponent(query)} → ${res.status} ${said}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the parameter the character is in', async () => {
    const res = await t.api('GET', `/api/v2/countries?${param('filter', '{"q":"\\u0000"}')}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INPUT_TEXT_MESSAGES.field('filter.q'));
    const sort = await t.api('GET', `/api/v2/countries?${param('sort', '["\\ud800","ASC"]')}`);
    expect(sort.body.message).toBe(INPUT_TEXT_MESSAGES.field('sort[0]'));
  });

  it('answers 400 on the /api/v1 lists as well (their text parameters arrive raw)', async () => {
    const lists = ops.filter((op) => op.method === 'GET' && op.path.startsWith('/api/v1/') && op.query.length > 0);
    expect(lists.length).toBeGreaterThan(3);
    for (const op of lists) {
      for (const name of op.query.filter((q) => q !== 'page' && q !== 'limit')) {
        for (const value of ['a%00b', '%ED%A0%80', encodeURIComponent('{"q":"\u0000"}')]) {
          const res = await t.api('GET', `${op.path.replace(/:[A-Za-z_]+/g, '1')}?${name}=${value}`);
          expect(res.status, `${op.path}?${name}=${value}: ${res.text}`).toBeLessThan(500);
        }
      }
    }
  });
});

/** The time `send` takes, while health is asked every 10 ms: the longest wait of health, and the answer. */
async function timed<T>(send: () => Promise<T>): Promise<{ ms: number; healthMs: number; result: T }> {
  let healthMs = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await t.api('GET', '/api/health', { token: null });
      healthMs = Math.max(healthMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const result = await send();
  const ms = performance.now() - started;
  done = true;
  await poll;
  return { ms, healthMs, result };
}

/**
 * The bound of a refusal: a multiple of the same request with a short value, measured in the same run, and never
 * under a second (the machine is shared: this catches seconds of backtracking, not milliseconds).
 */
const bound = (baselineMs: number) => Math.max(1000, 20 * baselineMs);

describe('long values and big bodies', () => {
  const EMAIL_ATTACK = `a@${'.'.repeat(100_000)}@`;

  it('refuses a 100,000-character email of an account request at once, health answering meanwhile', async () => {
    const staff = await t.employee({ permissions: {} });
    const send = (email: string) =>
      t.api('POST', ACCOUNT_REQUESTS_PATH, { token: staff.token, body: { name: 'Ravi', email } });
    const baseline = await timed(() => send('a@ .'));
    expect(baseline.result.status).toBe(400);
    const attack = await timed(() => send(EMAIL_ATTACK));
    expect(attack.result.status).toBeGreaterThanOrEqual(400);
    expect(attack.result.status).toBeLessThan(500);
    expect(attack.result.body.message).toEqual(expect.any(String));
    expect(attack.ms).toBeLessThan(bound(baseline.ms));
    expect(attack.healthMs).toBeLessThan(bound(baseline.ms));
  });

  it.each([
    ['/api/public/contact', { name: 'Ravi', message: 'Hello.' }],
    ['/api/public/donations', { name: 'Ravi', amount: 100, payment_method: 'bank' }],
  ])('refuses a 60,000-character email of %s at once, as JSON and as a form post', async (path, fields) => {
    const json = (email: string) => t.api('POST', path, { token: null, body: { ...fields, email } });
    const form = (email: string) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...(fields as Record<string, string>), amount: '100', email }).toString(),
        redirect: 'manual',
      });
    const baseline = await timed(() => json('a@ .'));
    expect(baseline.result.status).toBe(400);
    const attack = `a@${'.'.repeat(60_000)}@`;
    const sends = [async () => (await json(attack)).status, async () => (await form(attack)).status];
    for (const send of sends) {
      const { ms, healthMs, result: status } = await timed(send);
      // Refused (413: larger than the form takes), or for a form post sent back to its page (303).
      expect([303, 400, 413]).toContain(status);
      expect(ms).toBeLessThan(bound(baseline.ms));
      expect(healthMs).toBeLessThan(bound(baseline.ms));
    }
  });

  it('checks the length of an account request’s email before its pattern', () => {
    const lengths: number[] = [];
    const test = RegExp.prototype.test;
    RegExp.prototype.test = function (this: RegExp, value: string) {
      if (this.source === EMAIL.source) lengths.push(value.length);
      return test.call(this, value);
    };
    try {
      const result = accountRequestBody.safeParse({ name: 'Ravi', email: EMAIL_ATTACK });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([ACCOUNT_REQUEST_MESSAGES.email]);
    } finally {
      RegExp.prototype.test = test;
    }
    expect(lengths).toEqual([]);
  });

  it('answers 413 with the route’s own limit to a body larger than what the route takes', async () => {
    const staff = await t.employee({ permissions: {} });
    const cases: { method: string; path: string; token: string | null; body: unknown }[] = [
      { method: 'POST', path: '/api/v1/login', token: null, body: { email: 'a@b.org', password: 'x'.repeat(100_000) } },
      { method: 'POST', path: '/api/v1/forgotPassword', token: null, body: { email: `${'a'.repeat(100_000)}@b.org` } },
      {
        method: 'POST',
        path: ACCOUNT_REQUESTS_PATH,
        token: staff.token,
        body: { name: 'R', note: 'x'.repeat(100_000) },
      },
      { method: 'POST', path: '/api/public/contact', token: null, body: { name: 'R', message: 'x'.repeat(100_000) } },
      { method: 'POST', path: '/api/v2/countries', token: t.token, body: { name: 'x'.repeat(100_000) } },
    ];
    for (const { method, path, token, body } of cases) {
      const res = await t.api(method, path, { token, body });
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(413);
      expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
      expect(res.body.message).toMatch(/^The request body is too large \(at most [0-9,]+ KB\)\.$/);
    }
  });

  it('reads a refused body of a megabyte to its end, so that a client still sending gets the 413, not a reset', async () => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const body = JSON.stringify({ name: 'x'.repeat(MB) });
    const head = (length: number) =>
      `POST /api/v2/countries HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${t.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    // The headers and a first part: the server answers from the Content-Length before the rest is sent.
    socket.write(head(Buffer.byteLength(body)) + body.slice(0, 1000));
    await vi.waitFor(() => expect(received).toContain('PAYLOAD_TOO_LARGE'), { timeout: 5000 });
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(received.toLowerCase()).not.toContain('connection: close');
    // The rest of the body, then a second request on the same connection, answered.
    received = '';
    socket.write(body.slice(1000));
    socket.write(head(2) + '{}');
    await vi.waitFor(() => expect(received).toMatch(/^HTTP\/1\.1 400/), { timeout: 5000 });
    socket.destroy();
  });

  it('still takes the largest body a route accepts: every field at its limit, every character escaped', async () => {
    // Devanagari written as \uXXXX escapes: six bytes a character, the most a JSON text can spend on one.
    const hindi = (n: number) => '\\u0915'.repeat(n);
    const contact = `{"name":"${hindi(100)}","email":"a@example.org","phone":"+91 98765 43210","subject":"${hindi(200)}","message":"${hindi(5000)}","website":"","redirect":"/web/contact"}`;
    const res = await t.api('POST', '/api/public/contact', { token: null, raw: contact });
    expect(res.status, res.text.slice(0, 200)).toBe(201);
    const country = `{"name":"${hindi(100)}","code":"IN"}`;
    const created = await t.api('POST', '/api/v2/countries', { raw: country });
    expect(created.status, created.text.slice(0, 200)).not.toBe(413);
  });
});
