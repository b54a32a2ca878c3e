// engines: pglite, postgres — opens PGlite directories itself (skipped on PostgreSQL), and PostgreSQL's statements
/**
 * The PGlite data directory: a lock against a second process, a first initialisation that cannot be left half
 * done, data that survives a restart, and a clean shutdown on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { DataDirLockedError } from '../../src/server/db/lock.ts';
import { sql } from 'drizzle-orm';
import { countries } from '../../src/server/db/schema.ts';
import { openTestDatabase } from '../helpers/app.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'trust-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function runServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'a@example.org',
      ADMIN_PASSWORD: 'a-long-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = async () => {
    // Up to 100 s of the tests' 120: a first start initialises and migrates a new PGlite directory, which took over
    // 30 s on a CI machine loaded by the other test files (docs/performance.md, CI).
    for (let i = 0; i < 1000 && !output.includes('Serving the admin'); i++)
      await new Promise((r) => setTimeout(r, 100));
    if (!output.includes('Serving the admin')) throw new Error(`The server did not start:\n${output}`);
  };
  return { child, exited, listening, output: () => output };
}

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL statements', () => {
  it('are prepared inside a transaction too: parsed once per connection, run in one round trip', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const named = await database.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) await tx.select().from(countries).limit(1);
        const [row] = (await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like '%from "countries"%'`,
        )) as unknown as { n: number }[];
        return row!.n;
      });
      expect(named).toBe(1);
    } finally {
      await drop();
    }
  });
});

// Each test initialises a new directory (PGlite's initdb and every migration), some in a server of its own: 20-30 s
// each while the rest of the suite shares the two cores.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite data directory', { timeout: 120_000 }, () => {
  it('keeps data across a restart', async () => {
    const dataDir = await tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.insert(countries).values({ name: 'India', code: 'IN' });
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await second.db.select().from(countries);
    await second.close();
    expect(rows.map((r) => r.name)).toEqual(['India']);
  });

  it('refuses a second opening of the same directory, in this process and in another', async () => {
    const dataDir = await tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      const other = runServer(dataDir, 0);
      expect(await other.exited).toBe(1);
      expect(other.output()).toContain(`The database in ${dataDir} is in use by another process (pid ${process.pid}).`);
    } finally {
      await first.close();
    }
    // Once closed, the directory opens again.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = await tempDir();
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'server.lock'), '999999\n');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it('recovers from a first start killed during initialisation', async () => {
    const dataDir = await tempDir();
    const server = runServer(dataDir, 0);
    // Kill it while PGlite is still initialising the new directory.
    for (
      let i = 0;
      i < 100 && !(await readdir(dataDir).catch(() => [])).some((f) => f.startsWith('pgdata.init-'));
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.db.insert(countries).values({ name: 'Nepal', code: 'NP' });
    await database.close();
    expect((await readdir(dataDir)).filter((f) => f.startsWith('pgdata'))).toEqual(['pgdata']);
  });

  it('closes the database and releases the lock on SIGTERM', async () => {
    const dataDir = await tempDir();
    const server = runServer(dataDir, 0);
    await server.listening();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  });
});
