/**
 * Boots the real server on a real database for a test file: PGlite in memory by default, or a fresh PostgreSQL
 * database (created on the server of TEST_DATABASE_URL, dropped at the end) when TEST_DB=postgres. Either is a copy
 * of the run's migrated template (tests/helpers/database-template.ts), opened as the server opens its database. The
 * app listens on a free port and tests call it over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { AuthService } from '../../src/server/services/auth.ts';

export const ADMIN = { email: 'admin@example.org', password: 'correct-horse-battery' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** PostgreSQL only: the URL of the test's database as its owner (the server of TEST_DATABASE_URL's role). */
  ownerUrl?: string;
  /** A bearer token of the Admin. */
  token: string;
  api: (
    method: string,
    path: string,
    options?: { body?: unknown; token?: string | null; raw?: string; headers?: Record<string, string> },
  ) => Promise<ApiResponse>;
  /**
   * Creates an employee (in a department and designation of its own) with the given personal permission matrix,
   * signs it in and answers its token: an account that is not an Admin, for tests of access control.
   */
  employee: (options?: {
    permissions?: unknown;
    role?: 'admin' | 'user' | 'supervisor';
    password?: string;
  }) => Promise<{
    token: string;
    accountId: number;
    employeeId: number;
    email: string;
    password: string;
    departmentId: number;
    designationId: number;
  }>;
  close: () => Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  text: string;
}

/** The run's migrated PGlite data directory (database-template.ts), read once per test file. */
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh database of the engine under test (TEST_DB), migrated, for one test file: a copy of the run's template
 * when the project provides one, otherwise migrated here. `drop` removes it (and its role).
 */
export async function openTestDatabase(
  limitedRole = false,
): Promise<{ database: Database; ownerUrl?: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL.');
    const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const template = inject('postgresTemplate');
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const ownerUrl = target.toString();
    // The server's own role, as DATABASE_URL with DATABASE_OWNER_URL set: created here, dropped with the database.
    const role = limitedRole ? `${name}_app` : undefined;
    let serverUrl = ownerUrl;
    if (role) {
      const password = randomBytes(12).toString('hex');
      await admin.unsafe(`create role "${role}" login password '${password}'`);
      const asRole = new URL(ownerUrl);
      asRole.username = role;
      asRole.password = password;
      serverUrl = asRole.toString();
    }
    const drop = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      if (role) await admin.unsafe(`drop role if exists "${role}"`);
      await admin.end();
    };
    const database = await openDatabase({
      kind: 'postgres',
      url: serverUrl,
      ...(role ? { ownerUrl } : {}),
      max: 5,
    }).catch(async (error: unknown) => {
      await drop();
      throw error;
    });
    return { database, ownerUrl, drop };
  }
  const blob = templateBlob();
  const database = await openDatabase({ kind: 'pglite-memory', ...(blob ? { loadDataDir: await blob } : {}) });
  return { database, drop: async () => {} };
}

/** The run's template as a Blob, read once per worker. */
function templateBlob(): Promise<Blob> | undefined {
  const template = inject('pgliteTemplate');
  if (template) pgliteTemplate ??= readFile(template).then((bytes) => new Blob([bytes]));
  return template ? pgliteTemplate : undefined;
}

/**
 * A PGlite database at `dir` (a data directory's `pgdata`, say), a copy of the run's migrated template: what a first
 * start leaves, without PGlite's initdb and the migrations (1 s against 4 s on a quiet machine). For the tests of
 * commands and restores whose subject is not the making of a new database (database.test.ts tests that).
 */
export async function pgliteFromTemplate(dir: string): Promise<PGlite> {
  const blob = templateBlob();
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(blob ? { loadDataDir: await blob } : {}) });
}

/** A new PGlite data directory (DATA_DIR) as the server leaves one after its first start: migrated, closed. */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  await (await pgliteFromTemplate(join(dataDir, 'pgdata'))).close();
  return dataDir;
}

/**
 * An empty database of the engine under test, not migrated and without the template, for the tests of migrations
 * themselves: PGlite in memory, or a database created on the server of TEST_DATABASE_URL (dropped by `close`).
 */
export async function openEmptyDatabase(): Promise<{
  db: Db;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  if (process.env.TEST_DB !== 'postgres') {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      db: db as unknown as Db,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL.');
  const name = `test_empty_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = postgres(target.toString(), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client);
  return {
    db: db as unknown as Db,
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export async function startTestApp(
  options: {
    countCacheTtlMs?: number;
    staticDir?: string;
    /** UPLOADS_DIR; by default a fresh temporary directory, removed on close. */
    uploadsDir?: string;
    /** Configuration that differs from the tests' defaults (environment variable → value). */
    env?: Record<string, string>;
    /**
     * PostgreSQL only (no effect on PGlite, which has no roles): the server connects as a login role created for
     * the test file (dropped on close), the owner migrates (nothing left to do on the template's copy) and gives it
     * its rights, as with DATABASE_OWNER_URL.
     */
    limitedRole?: boolean;
  } = {},
): Promise<TestApp> {
  const { database, ownerUrl, drop } = await openTestDatabase(options.limitedRole);
  const ownUploadsDir = options.uploadsDir === undefined;
  const uploadsDir = options.uploadsDir ?? (await mkdtemp(join(tmpdir(), 'trust-uploads-')));
  // Archives an Admin takes from the dashboard go here, not into the project's ./data/backups.
  const backupDir = await mkdtemp(join(tmpdir(), 'trust-backups-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    STATIC_DIR: options.staticDir ?? './dist/admin',
    UPLOADS_DIR: uploadsDir,
    BACKUP_DIR: backupDir,
    SESSION_TTL_HOURS: '1',
    // Test files sign in many accounts from one address; the limit itself is tested with its default.
    LOGIN_RATE_LIMIT: '10000',
    SIGN_IN_FREE_FAILURES_PER_ADDRESS: '10000',
    ...options.env,
  });
  const app = await buildApp({ config, database, countCacheTtlMs: options.countCacheTtlMs });
  await new AuthService(database, 1).bootstrapAdmin(ADMIN);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const api: TestApp['api'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? testApp.token : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  let employees = 0;
  const employee: TestApp['employee'] = async (opts = {}) => {
    employees += 1;
    const tag = `${Date.now().toString(36)}${employees}${randomBytes(2).toString('hex')}`;
    const department = await api('POST', '/api/v2/departments', {
      body: { department_name: `Dept ${tag}`, description: 'For a test account.' },
    });
    const designation = await api('POST', '/api/v2/designations', {
      body: { designation: `Desig ${tag}`, description: 'For a test account.', department_id: department.body.id },
    });
    const email = `employee-${tag}@example.org`;
    const password = opts.password ?? 'employee-password-1';
    const created = await api('POST', '/api/v2/employees', {
      body: {
        full_name: `Employee ${tag}`,
        email,
        password,
        mobile: '9876543210',
        gender: 'Female',
        dob: '1990-01-01',
        hire_date: '2024-01-01',
        salary: 50000,
        contract_start_date: '2024-01-01',
        contract_last_date: '2027-01-01',
        role: opts.role ?? 'user',
        permissions: opts.permissions ?? {},
        department_id: department.body.id,
        designation_id: designation.body.id,
      },
    });
    if (created.status !== 201) throw new Error(`Test employee not created: ${created.text}`);
    const login = await api('POST', '/api/v1/login', { body: { email, password }, token: null });
    if (login.status !== 200) throw new Error(`Test employee sign-in failed: ${login.text}`);
    return {
      token: login.body.user.token,
      accountId: login.body.user.id,
      employeeId: created.body.id,
      email,
      password,
      departmentId: department.body.id,
      designationId: designation.body.id,
    };
  };

  const testApp: TestApp = {
    app,
    database,
    url,
    ownerUrl,
    token: '',
    api,
    employee,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      if (ownUploadsDir) await rm(uploadsDir, { recursive: true, force: true });
      await rm(backupDir, { recursive: true, force: true });
    },
  };
  const login = await api('POST', '/api/v1/login', { body: ADMIN, token: null });
  if (login.status !== 200) throw new Error(`Test sign-in failed: ${login.text}`);
  testApp.token = login.body.user.token;
  return testApp;
}
