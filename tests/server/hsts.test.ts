// engines: pglite — a response header on every kind of answer; no SQL of its own
/**
 * Strict-Transport-Security (docs/operations.md, "The public website behind a CDN or reverse proxy"): when PUBLIC_URL
 * is https, every answer tells the browser to come back over HTTPS only (a year; this host alone, since the trust's
 * other hosts may not all speak HTTPS); over plain http no answer says so (a browser would then refuse the site until
 * it has a certificate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '../../src/server/plugins/app/security-headers.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let https: TestApp;
let http: TestApp;
beforeAll(async () => {
  [https, http] = await Promise.all([
    startTestApp({ env: { PUBLIC_URL: 'https://school.example.org' } }),
    startTestApp({ env: { PUBLIC_URL: 'http://school.example.org' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([https?.close(), http?.close()]);
});

/** Answers of every kind: API, signed-in API, public page, admin page, redirect, 404, 400, 401, a file. */
const REQUESTS: [string, string, { token?: null; raw?: string }?][] = [
  ['GET', '/api/health', { token: null }],
  ['GET', '/api/v2/session'],
  ['GET', '/api/v2/departments', { token: null }],
  ['GET', '/web'],
  ['GET', '/web/'],
  ['GET', '/login', { token: null }],
  ['GET', '/api/no-such-route'],
  ['POST', '/api/v1/login', { token: null, raw: '{' }],
  ['GET', '/web/favicon.svg', { token: null }],
  ['GET', '/robots.txt', { token: null }],
];

describe('Strict-Transport-Security', () => {
  it('is on every answer when PUBLIC_URL is https: a year, this host only', async () => {
    for (const [method, path, options] of REQUESTS) {
      const answer = await https.api(method, path, options);
      expect(answer.headers.get('strict-transport-security'), `${method} ${path} ${answer.status}`).toBe(
        'max-age=31536000',
      );
    }
    expect(HSTS).toBe('max-age=31536000');
  });

  it('is never sent when PUBLIC_URL is plain http', async () => {
    for (const [method, path, options] of REQUESTS) {
      const answer = await http.api(method, path, options);
      expect(answer.headers.get('strict-transport-security'), `${method} ${path}`).toBeNull();
    }
  });
});
