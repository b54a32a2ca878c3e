// engines: pglite, postgres — a failed statement's error, which each driver carries its own way
/**
 * What the server's log says when things fail: a failed statement is logged without its values (an email, a
 * password hash), and neither a wrong sign-in, a reset request nor a 500 puts a secret in a line. The app is
 * built with the server's own logger options, writing to memory, on the engine under test (each driver's error
 * carries the statement's values in its own way).
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { loggerOptions, redactUrl, serializeError } from '../../src/server/log.ts';
import { AuthService, hashPassword } from '../../src/server/services/auth.ts';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '../helpers/app.ts';

const ADMIN = { email: 'log-admin@example.org', password: 'log-admin-password-1' };
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
let drop: (() => Promise<void>) | undefined;
let hash: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // debug: a line per request, with its URL (what an operator turns on to look into a problem).
  const config = loadConfig({ LOG_LEVEL: 'debug', STATIC_DIR: './dist/admin', LOGIN_RATE_LIMIT: '1000' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp({ config, database, logger: { ...(loggerOptions('debug') as object), stream } as never });
  hash = await hashPassword('the-users-real-password');
  // A route that runs a statement carrying secrets as values, and fails: what a bug in any route could do.
  app.get('/api/test-failing-statement', { config: { public: true } }, async () => {
    await database.db.execute(sql`select ${ADMIN.email}::int, ${hash}::int`);
    return {};
  });
  await new AuthService(database, 1).bootstrapAdmin(ADMIN);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

const logged = () => lines.join('\n');

describe('the log', () => {
  it('logs a failed statement with an error id, its text cut short, and none of its values', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-failing-statement' });
    expect(res.statusCode).toBe(500);
    const { errorId } = res.json();
    expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((l) => l.includes(errorId));
    expect(line).toBeDefined();
    expect(line).toContain('Failed query: select');
    expect(line).not.toContain(ADMIN.email);
    expect(line).not.toContain(hash);
    expect(logged()).not.toContain('$argon2');
  });

  it('logs nothing secret for a wrong sign-in, a sign-in, a reset request and a session', async () => {
    await app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: ADMIN.email, password: 'wrong-one' } });
    const ok = await app.inject({ method: 'POST', url: '/api/v1/login', payload: ADMIN });
    const token = ok.json().user.token as string;
    await app.inject({
      method: 'GET',
      url: '/api/v2/session',
      headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` },
    });
    await app.inject({ method: 'POST', url: '/api/v1/forgotPassword', payload: { email: ADMIN.email } });
    await app.services.passwordReset.idle();
    const text = logged();
    for (const secret of [token, ADMIN.password, 'wrong-one', '$argon2', 'reset-password?token=']) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs request URLs at debug without the secrets in their query', async () => {
    const token = 'resetTokenValue0123456789abcdefghijklmnopq';
    await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    await app.inject({ method: 'GET', url: `/confirm-email?lang=hi&Token=${token}1` });
    await app.inject({ method: 'GET', url: `/api/health?access_token=${token}2&password=${token}3&q=kept-term` });
    await app.inject({ method: 'GET', url: `/web/contact?sent=1&draft=${token}4` });
    await app.inject({ method: 'GET', url: `/reset-password?%74oken=${token}5` });
    const text = logged();
    expect(text).toContain('/reset-password?token=[redacted]');
    expect(text).toContain('/confirm-email?lang=hi&Token=[redacted]');
    expect(text).toContain('q=kept-term');
    expect(text).toContain('sent=1');
    expect(text).not.toContain(token);
  });

  it('redacts query parameters named like secrets, and keeps the rest as it came', () => {
    expect(redactUrl('/a?token=x&page=2')).toBe('/a?token=[redacted]&page=2');
    expect(redactUrl('/a?reset_token=x&api_key=y&sessionId=z&signature=s&code=c')).toBe(
      '/a?reset_token=[redacted]&api_key=[redacted]&sessionId=[redacted]&signature=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/a?pass%77ord=x&q=a%20b')).toBe('/a?pass%77ord=[redacted]&q=a%20b');
    expect(redactUrl('/a?token')).toBe('/a?token=[redacted]');
    expect(redactUrl('/a?%E0%A4=1&x=%')).toBe('/a?%E0%A4=1&x=%');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });

  it('serialises an error and its causes without values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: `Key (email)=(${ADMIN.email}) already exists.`,
      parameters: [ADMIN.email, hash],
    });
    const error = Object.assign(
      new Error(`Failed query: insert into accounts values ($1, $2)\nparams: ${ADMIN.email},${hash}`),
      {
        query: 'insert into accounts values ($1, $2)',
        params: [ADMIN.email, hash],
        cause,
      },
    );
    const shown = JSON.stringify(serializeError(error));
    expect(shown).toContain('23505');
    expect(shown).toContain('Failed query: insert into accounts');
    expect(shown).not.toContain(ADMIN.email);
    expect(shown).not.toContain(hash);
  });
});
