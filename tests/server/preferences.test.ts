// engines: pglite — a language kept on the account through the session routes; no SQL of its own
/**
 * A person's own back-office language, kept on their account: the session reports it (and the trust's time zone,
 * in which every screen shows times), anyone signed in sets their own, and nothing else is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('preferences', () => {
  it('remembers the language per account and reports it with the trust’s time zone', async () => {
    const employee = await t.employee();
    const session = () => t.api('GET', '/api/v2/session', { token: employee.token });
    expect((await session()).body).toMatchObject({ locale: null, timeZone: 'Asia/Kolkata', exportPdfMaxRows: 2000 });

    const set = await t.api('PUT', '/api/v2/session/preferences', { token: employee.token, body: { locale: 'hi' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ locale: 'hi' });
    expect((await session()).body.locale).toBe('hi');
    // Another account's choice is its own.
    expect((await t.api('GET', '/api/v2/session')).body.locale).toBeNull();
  });

  it('refuses what is not a language of the back-office, and changes nothing', async () => {
    const employee = await t.employee();
    const put = (body: unknown) => t.api('PUT', '/api/v2/session/preferences', { token: employee.token, body });
    for (const body of [{ locale: 'fr' }, { locale: 7 }, {}, 'hi', [1]]) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect((await put({ locale: 'fr' })).body.errors).toEqual([
      { field: 'locale', message: 'Language must be one of: en, hi.' },
    ]);
    expect((await t.api('GET', '/api/v2/session', { token: employee.token })).body.locale).toBeNull();
    expect((await t.api('PUT', '/api/v2/session/preferences', { token: null, body: { locale: 'hi' } })).status).toBe(
      401,
    );
  });
});
