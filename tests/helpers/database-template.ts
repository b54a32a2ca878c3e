/**
 * The server projects' globalSetup: one database migrated once per run, from which every test file's fresh database
 * is made (tests/helpers/app.ts), instead of running every migration for every file. Made from the migrations of
 * the working tree at each run, never kept between runs.
 *
 * - server-pglite: a PGlite database migrated in memory, its data directory dumped to a temporary file, whose path
 *   is provided as `pgliteTemplate`; a file loads it (`loadDataDir`) in a fraction of a migration's time.
 * - server-postgres: a database migrated on the server of TEST_DATABASE_URL as its owner, then closed to connections
 *   and provided as `postgresTemplate`; a file makes its own with `CREATE DATABASE … TEMPLATE`, which PostgreSQL
 *   refuses while anyone is connected to the template (hence no connection may stay open on it). Dropped at the end.
 *
 * Tests about migrations and opening databases (database.test.ts, department-names-migration.test.ts, audit-tamper's
 * scratch database, multi-process.test.ts, scripts.test.ts) open theirs without it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of a dump of a migrated PGlite data directory (server-pglite). */
    pgliteTemplate?: string;
    /** The name of a migrated database on the server of TEST_DATABASE_URL, closed to connections (server-postgres). */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.config.env.TEST_DB === 'postgres' ? postgresTemplate(project) : pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  let dump: Blob;
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // Written to the data files, so that each load starts without replaying the log.
    await client.exec('checkpoint');
    dump = await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
  const dir = await mkdtemp(join(tmpdir(), 'trust-pglite-template-'));
  const file = join(dir, 'pgdata.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL.');
  const name = `test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const asAdmin = async (work: (admin: postgres.Sql) => Promise<void>) => {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await work(admin);
    } finally {
      await admin.end();
    }
  };
  const drop = () =>
    asAdmin(async (admin) => {
      await admin.unsafe(`alter database "${name}" is_template false`).catch(() => {});
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    });
  try {
    await asAdmin(async (admin) => {
      await admin.unsafe(`create database "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      // As the server opens it: the migrations and the change notices of every table (db/client.ts).
      const database = await openDatabase({ kind: 'postgres', url: target.toString(), max: 1 });
      await database.close();
      // Nobody may connect from here on, and the connections just closed must be gone before a file copies it.
      await admin.unsafe(`alter database "${name}" with allow_connections false is_template true`);
      for (let waited = 0; ; waited += 50) {
        const [row] = await admin<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity where datname = ${name}`;
        if (row!.n === 0) break;
        if (waited > 10_000) throw new Error(`The template database ${name} still has ${row!.n} connection(s).`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  project.provide('postgresTemplate', name);
  return drop;
}
