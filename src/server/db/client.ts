/**
 * Opens the database: PGlite in DATA_DIR by default, PostgreSQL when a URL is given. Both are driven through
 * Drizzle with the same schema and the same migrations (drizzle/), applied here at open.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { ConfigError, type Config } from '../config.ts';
import { listenForChanges, localChanges, UNWATCHED_TABLES, type ChangeFeed, type ChangeLog } from './changes.ts';
import { acquireLock, type Lock } from './lock.ts';
import { prepareStatements } from './pglite-statements.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Statements sent since open and the latest ones: the tests hold list requests to their budget and plan. */
  stats: Stats;
  /**
   * Runs a statement already built (its text and parameters) and answers its rows as arrays of the driver's
   * values, instants as PostgreSQL's text: the list path builds its statements once per shape (records.ts).
   */
  rows(text: string, params: unknown[]): Promise<unknown[][]>;
  /**
   * What other server processes changed (db/changes.ts): on PostgreSQL, heard through LISTEN; on PGlite, whose
   * directory is this process's alone, nothing, and always live.
   */
  changes: ChangeFeed;
  /** PGlite only: its one client (a backup's snapshot reads through it: services/backup.ts). */
  pglite?: PGlite;
  /** PostgreSQL only: the URL a backup's snapshot connects with (the tables' owner's when there is one). */
  backupUrl?: string;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  | {
      kind: 'postgres';
      /** What the server connects as. */
      url: string;
      /**
       * The owner of the tables (DATABASE_OWNER_URL): migrations run as it, and then the role of `url` is given
       * exactly the rights the server needs (serverRoleGrants). Unset, `url` migrates and owns everything.
       */
      ownerUrl?: string;
      max?: number;
      /** Where the change feed says that it stopped or came back. */
      log?: ChangeLog;
    };

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. */
export function databaseOptionsOf(
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'DATA_DIR'>,
): DatabaseOptions {
  if (!config.DATABASE_URL) return { kind: 'pglite', dataDir: config.DATA_DIR };
  return {
    kind: 'postgres',
    url: config.DATABASE_URL,
    ...(config.DATABASE_OWNER_URL ? { ownerUrl: config.DATABASE_OWNER_URL } : {}),
  };
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

const PGDATA = 'pgdata';

/** Rows as arrays, with dates and instants as PostgreSQL's text (as drizzle's own PGlite driver asks). */
const keepText = (value: string) => value;
const RAW_ROWS = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMPTZ]: keepText, [types.TIMESTAMP]: keepText, [types.DATE]: keepText },
} as const;

/** Statements sent since open; `recent` holds the texts of the last RECENT_STATEMENTS. */
export interface Stats {
  statements: number;
  last?: string;
  recent: string[];
}
const RECENT_STATEMENTS = 20;

function countingLogger(stats: Stats): Logger {
  return {
    logQuery(query) {
      stats.statements += 1;
      stats.last = query;
      stats.recent.push(query);
      if (stats.recent.length > RECENT_STATEMENTS) stats.recent.shift();
      if (process.env.DEBUG_SQL) console.log('SQL', query.slice(0, 160));
    },
  };
}

/**
 * Opens PGlite in `dataDir/pgdata`. A brand-new directory is initialised under a temporary name and renamed
 * into place only when complete, so a start interrupted during the first initialisation leaves nothing that
 * later fails to open.
 */
async function openPgliteDir(dataDir: string): Promise<{ client: PGlite; lock: Lock }> {
  await mkdir(dataDir, { recursive: true });
  const lock = await acquireLock(dataDir);
  try {
    const target = join(dataDir, PGDATA);
    for (const entry of await readdir(dataDir)) {
      if (entry.startsWith(`${PGDATA}.init-`)) await rm(join(dataDir, entry), { recursive: true, force: true });
    }
    if (!existsSync(target)) {
      const staging = join(dataDir, `${PGDATA}.init-${process.pid}`);
      const fresh = await PGlite.create(staging, { extensions: { pg_trgm } });
      await fresh.close();
      await rename(staging, target);
    }
    const client = await PGlite.create(target, { extensions: { pg_trgm } });
    return { client, lock };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * The postgres.js client with every query of drizzle's run as a named prepared statement. drizzle prepares only
 * the queries given a name, and postgres.js sends an unprepared query with parameters in two round trips
 * (describe, then execute), parsed and planned each time; a prepared one is parsed once per connection and runs
 * in one round trip. postgres.js keeps the statements per connection, keyed by their text; the shapes of this
 * server's queries are few. Not usable behind a pooler in transaction mode (see docs/operations.md).
 */
function preparing<S extends postgres.Sql | postgres.TransactionSql>(client: S): S {
  const unsafe = client.unsafe.bind(client);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe')
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          unsafe(query, params, { ...options, prepare: true });
      // A transaction's queries (and a savepoint's) are prepared too: drizzle runs them on the connection postgres.js
      // hands to the callback of begin or savepoint (an import's commit: 30,000 statements in one transaction).
      if (property === 'begin' || property === 'savepoint') {
        const start = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) =>
          start.apply(
            target,
            args.map((arg) =>
              typeof arg === 'function'
                ? (inner: postgres.TransactionSql) =>
                    (arg as (sql: postgres.TransactionSql) => unknown)(preparing(inner))
                : arg,
            ),
          );
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const stats: Stats = { statements: 0, recent: [] };
  const logger = countingLogger(stats);

  if (options.kind === 'postgres') {
    const client = postgres(options.url, {
      max: options.max ?? 10,
      onnotice: () => {},
      // Prepared statements (below) with a plan made for each execution's own values: PostgreSQL would otherwise
      // switch a statement to a generic plan after five runs, which for a search can be a poor one.
      // Instants come out as UTC text, which the list path turns into ISO text without a Date (records.ts).
      connection: { application_name: 'trust-school', plan_cache_mode: 'force_custom_plan', TimeZone: 'UTC' },
    });
    const db = drizzlePostgres(preparing(client), { logger });
    // Two servers starting at once must not both migrate: serialise on an advisory lock held by a connection
    // of its own while the migrations run on the pool (or, with an owner, on that connection, as the owner).
    const lockClient = postgres(options.ownerUrl ?? options.url, { max: 1, onnotice: () => {} });
    try {
      await lockClient`select pg_advisory_lock(7203114)`;
      if (options.ownerUrl) {
        await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder: MIGRATIONS_FOLDER });
        await limitServerRole(client, lockClient);
      } else {
        await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
      }
      // Every table a cache depends on says when it changes, those of later migrations included (db/changes.ts).
      await lockClient`select public.ensure_change_notices(${[...UNWATCHED_TABLES]}::text[])`;
      await lockClient`select pg_advisory_unlock(7203114)`;
    } catch (error) {
      await client.end({ timeout: 5 });
      throw error;
    } finally {
      await lockClient.end({ timeout: 5 });
    }
    stats.statements = 0;
    const changes = await listenForChanges(options.url, options.log);
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      backupUrl: options.ownerUrl ?? options.url,
      stats,
      rows(text, params) {
        logger.logQuery(text, params);
        return client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }).values();
      },
      changes,
      close: async () => {
        await changes.close();
        await client.end({ timeout: 5 });
      },
    };
  }

  let client: PGlite;
  let lock: Lock | undefined;
  if (options.kind === 'pglite') {
    ({ client, lock } = await openPgliteDir(options.dataDir));
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  try {
    const db = drizzlePglite(client, { logger });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    // From here on, statements outside transactions are named and parsed once (after the migrations, whose
    // statements run once each).
    prepareStatements(client);
    stats.statements = 0;
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      stats,
      async rows(text, params) {
        logger.logQuery(text, params);
        return (await client.query<unknown[]>(text, params, RAW_ROWS)).rows;
      },
      changes: localChanges(),
      pglite: client,
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The rights of the server's role when the tables have an owner of their own (DATABASE_OWNER_URL), given from the
 * owner's connection after every migration so that new tables are covered: read and write every table, but only
 * read and append the audit trail, nothing on its chain head (the chaining trigger runs as the owner), and owning
 * nothing, so that it can neither TRUNCATE nor ALTER TABLE … DISABLE TRIGGER. Sequences may be read, advanced and
 * set (`npm run seed:demo` sets them after rows of fixed ids), except the audit trail's, which it may only advance.
 */
export function serverRoleGrants(role: string, auditSequence: string): string[] {
  const to = quoteIdentifier(role);
  return [
    `grant usage on schema public to ${to}`,
    `revoke all on all tables in schema public from ${to}`,
    `grant select, insert, update, delete on all tables in schema public to ${to}`,
    `revoke all on public.audit_logs, public.audit_chain from ${to}, public`,
    `grant select, insert on public.audit_logs to ${to}`,
    `revoke all on all sequences in schema public from ${to}`,
    `grant usage, select, update on all sequences in schema public to ${to}`,
    `revoke update on sequence ${auditSequence} from ${to}`,
  ];
}

/**
 * Refuses a server role that would defeat the owner's separation: a superuser, or the owner (or a member of the
 * owner) of anything in the schema, the schema itself included (its owner may drop any table in it; the database's
 * owner is one, through pg_database_owner). Then gives it its rights (serverRoleGrants).
 */
async function limitServerRole(server: postgres.Sql, owner: postgres.Sql): Promise<void> {
  const [role] = await server<{ name: string; superuser: boolean; owns: string[] }[]>`
    select current_user as name,
      (select rolsuper from pg_roles where rolname = current_user) as superuser,
      array(
        select what from (
          select 'the schema public' as what, 0 as rank from pg_namespace
            where nspname = 'public' and pg_has_role(current_user, nspowner, 'MEMBER')
          union all
          select relname, 1 from pg_class where relnamespace = 'public'::regnamespace
            and relkind in ('r', 'p', 'v', 'm', 'S', 'f') and pg_has_role(current_user, relowner, 'MEMBER')
          union all
          select proname || '()', 2 from pg_proc where pronamespace = 'public'::regnamespace
            and pg_has_role(current_user, proowner, 'MEMBER')
        ) owned order by rank, what
      ) as owns`;
  const owns = role!.owns;
  const what = role!.superuser
    ? 'a superuser'
    : owns.length > 0
      ? `the owner of ${owns.slice(0, 3).join(', ')}${owns.length > 3 ? ` and ${owns.length - 3} more` : ''}`
      : undefined;
  if (what) {
    throw new ConfigError(
      `Configuration error: DATABASE_URL connects as "${role!.name}", ${what}; with DATABASE_OWNER_URL set it must ` +
        'connect as a role of its own that owns nothing and is not a superuser (docs/operations.md).',
    );
  }
  const [sequence] = await owner<{ name: string }[]>`
    select pg_get_serial_sequence('public.audit_logs', 'id') as name`;
  await owner.begin(async (tx) => {
    for (const statement of serverRoleGrants(role!.name, sequence!.name)) await tx.unsafe(statement);
  });
}

/** The rows of `db.execute(sql…)`: drizzle answers an array on postgres.js and `{ rows }` on PGlite. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** Checks the connection answers; used by the health route. */
export async function ping(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
