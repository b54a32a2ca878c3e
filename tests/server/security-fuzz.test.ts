// engines: pglite, postgres — hostile values reaching list queries and writes
/**
 * The security suite's fuzz: every documented operation (the OpenAPI description's paths, and every registered
 * route besides) is called as an Admin, who reaches the most code, with malformed JSON, bodies of the wrong
 * shape, wrong types, control characters, lone surrogates, huge strings, odd ids and odd query parameters. The
 * fuzz is bounded and seeded, so a failure repeats. No answer may be a 500, and every refusal says why in JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/random.ts';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';
import { operations } from '../helpers/operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const ODD_IDS = ['0', '-1', '1.5', '1e3', '99999999999999999999', 'abc', '%00', '%ZZ', '%F0%9F%98%80', '%201', '0x1'];

const ODD_VALUES: unknown[] = [
  null,
  123,
  -1,
  1.5,
  true,
  [],
  {},
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0001\u0007\u001b[31m\u001f\u007f',
  'a\u0000b',
  'a\ud800b',
  '\udfff',
  '2026-13-45',
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  "' or 1=1 --",
  1e308,
  -1e308,
  2 ** 53 + 2,
  ['a', 1, null],
  { nested: { deeper: ['x'] } },
  'संस्कृत',
];

/** Whole bodies, as text: malformed JSON, bodies of the wrong shape, a prototype key, deep nesting. */
const ODD_BODIES = [
  '{',
  '{"a":',
  '[',
  'null',
  '42',
  '"text"',
  '[]',
  '[{}]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`,
  JSON.stringify({ text: 'y'.repeat(900_000) }),
  '\u0000',
  '{"a":"\\ud800"}',
];

const ODD_QUERIES = [
  'page=-1',
  'page=0&limit=0',
  'limit=1e9',
  'page=1&page=2',
  'search[]=a',
  'search=%00',
  'search=%ED%A0%80',
  `search=${'z'.repeat(5000)}`,
  'range=x',
  'range=[0,1e9]',
  'range=[5,1]',
  'range=[-1,2]',
  'sort=["__proto__","ASC"]',
  'sort=["id","SIDEWAYS"]',
  'sort=x',
  'filter={"q":{"a":1}}',
  'filter=[]',
  'filter={"id":["a",null]}',
  'filter={"created_at_gte":"not a date"}',
  'filter={"nope":1}',
  'filter=%7B',
  'status=Nothing',
  'designationId=abc',
  'designationId=-5',
];

/** Answers that end the Admin's own session are fuzzed with a session of their own. */
const ENDS_SESSION = new Set(['POST /api/v1/logout', 'PUT /api/v2/session/password']);

describe('a bounded fuzz of every documented operation', () => {
  // Thousands of requests, more with each route: 10–15 s on a quiet machine, over 30 s on a busy one.
  it('never answers 500, and explains every refusal', { timeout: 180_000 }, async () => {
    const next = seededRandom(SEED);
    const pick = <T>(items: readonly T[], n: number): T[] =>
      [...items].sort(() => next() - 0.5).slice(0, Math.min(n, items.length));
    const problems: string[] = [];
    let sent = 0;
    const ops = await operations(t);
    expect(ops.length).toBeGreaterThan(60);

    const check = async (method: string, path: string, body: string | undefined, note: string, token: string) => {
      sent += 1;
      const res = await t.api(method, path, { raw: body, token });
      const label = `${method} ${path.slice(0, 120)} ${note}`.slice(0, 240);
      if (res.status >= 500) problems.push(`${label} → ${res.status} ${res.text.slice(0, 160)}`);
      else if (res.status >= 400 && (res.body?.success !== false || typeof res.body?.message !== 'string')) {
        problems.push(`${label} → ${res.status} without a JSON message: ${res.text.slice(0, 120)}`);
      }
      return res;
    };

    for (const op of ops) {
      const own = ENDS_SESSION.has(`${op.method} ${op.path}`);
      const signIn = async () =>
        own ? (await t.api('POST', '/api/v1/login', { body: ADMIN, token: null })).body.user.token : t.token;
      let token = await signIn();
      const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
      const params = op.path.match(/:[A-Za-z_]+/g) ?? [];
      const plain = op.path.replace(/:[A-Za-z_]+/g, '1');

      // Odd ids in every path parameter.
      for (const id of params.length > 0 ? pick(ODD_IDS, 6) : []) {
        await check(op.method, op.path.replace(/:[A-Za-z_]+/g, id), takesBody ? '{}' : undefined, `id=${id}`, token);
      }
      // Odd query parameters.
      for (const query of op.method === 'GET' ? pick(ODD_QUERIES, 8) : pick(ODD_QUERIES, 2)) {
        await check(op.method, `${plain}?${encodeURI(query)}`, takesBody ? '{}' : undefined, query, token);
      }
      if (!takesBody) continue;
      // Malformed and oddly shaped bodies.
      for (const body of pick(ODD_BODIES, 8)) {
        await check(op.method, plain, body, `body=${body.slice(0, 40)}`, token);
        if (own) token = await signIn();
      }
      // Each documented field, alone, with odd values of every kind.
      for (const field of op.properties) {
        for (const value of pick(ODD_VALUES, 4)) {
          const res = await check(
            op.method,
            plain,
            JSON.stringify({ [field]: value }),
            `${field}=${JSON.stringify(value)?.slice(0, 40)}`,
            token,
          );
          if (own && res.status === 200) token = await signIn();
        }
      }
    }
    expect(problems).toEqual([]);
    console.log(`fuzz: ${sent} requests over ${ops.length} operations`);
    expect(sent).toBeGreaterThan(500);
    // The Admin's own session survived the fuzz of everything else.
    expect((await t.api('GET', '/api/v2/session')).status).toBe(200);
  });
});
