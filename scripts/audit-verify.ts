/**
 * `npm run audit:verify [-- --expect <seq>:<hash> …]`: checks the audit trail's hash chain in the configured database
 * (src/server/db/audit-chain.ts) and prints "Audit trail intact: N entries, head <seq> <hash>" (exit 0) or the first
 * break found (exit 1); it exits 2 when it cannot check at all. Record the printed head outside the database (the
 * backup log) and pass it later with --expect: a head that is no longer in the chain shows a chain rewritten whole.
 * On PostgreSQL it reads as DATABASE_OWNER_URL when that is set (the server's own role may not read the chain's
 * head), without migrating; on PGlite stop the server first: its data directory admits one process at a time.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { loadConfig } from '../src/server/config.ts';
import { parseHead, verifyAuditChain, type ChainHead, type ChainReport } from '../src/server/db/audit-chain.ts';
import { openDatabase, type Db } from '../src/server/db/client.ts';

const USAGE = 'Usage: npm run audit:verify [-- --expect <seq>:<hash> ...]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const expect: ChainHead[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  const value = arg === '--expect' ? args[++i] : arg.startsWith('--expect=') ? arg.slice('--expect='.length) : null;
  if (value === null) fail(arg === '--help' || arg === '-h' ? USAGE : `Unknown argument ${arg}. ${USAGE}`);
  const head = value === undefined ? undefined : parseHead(value);
  if (!head)
    fail(`--expect takes a head as printed before, <seq>:<hash> (64 hex digits), such as 42:${'0'.repeat(64)}.`);
  expect.push(head);
}

/** The database's own sentence (Drizzle wraps it as the cause of its error), with the way out of a missing right. */
function reason(error: unknown): string {
  const failure = error as Error & { cause?: { message?: string; code?: string } };
  const message = failure.cause?.message ?? failure.message;
  return failure.cause?.code === '42501'
    ? `${message} (set DATABASE_OWNER_URL: the server's own role may not read the chain's head).`
    : message;
}

async function check(): Promise<ChainReport> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  const url = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
  if (url) {
    const client = postgres(url, {
      max: 1,
      onnotice: () => {},
      connection: { application_name: 'trust-school-audit' },
    });
    try {
      return await verifyAuditChain(drizzle(client) as unknown as Db, { expect });
    } finally {
      await client.end({ timeout: 5 });
    }
  }
  if (!existsSync(join(config.DATA_DIR, 'pgdata'))) fail(`There is no database in ${config.DATA_DIR} (DATA_DIR).`);
  const database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    return await verifyAuditChain(database.db, { expect });
  } finally {
    await database.close();
  }
}

const report = await check().catch((error: unknown) => fail(`The audit trail could not be checked: ${reason(error)}`));
if (report.intact) {
  console.log(`Audit trail intact: ${report.entries} entries, head ${report.head.seq} ${report.head.hash}`);
  process.exit(0);
}
console.log(`Audit trail broken: ${report.problem}`);
process.exit(1);
