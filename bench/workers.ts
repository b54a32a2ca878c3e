/**
 * `node bench/workers.ts`: one server process against one per core on PostgreSQL (docs/performance.md, "Several server
 * processes"), measured in turns so that a machine whose speed drifts (other programs, the CPU's own clock) treats both
 * alike. Seeds 100,000 countries and 100,000 employees (BENCH_ROWS, BENCH_EMPLOYEES) into a fresh database, starts both
 * servers on it and a hello-world, then for BENCH_ROUNDS rounds (default 4) measures each row on the 1-process server,
 * on the N-process server and on hello-world, BENCH_DURATION seconds each (default 5). Prints each round, the medians,
 * and the speed-up of the medians, with the CPU each party used per request (from /proc).
 *
 * Rows: the countries' first page at 10 and 100 connections, and page 1 of the employees at 10 connections
 * (`GET /api/v1/getAllEmployees?page=1&limit=5`), as in bench/run.ts.
 */
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openDatabase } from '../src/server/db/client.ts';
import { running, startChild, type Child } from './child.ts';
import { startCpuMeter, type CpuUse } from './cpu.ts';
import { seedCountries, seedHr } from './seed.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1.`);
  return value;
};
const ROWS = intEnv('BENCH_ROWS', 100_000);
const EMPLOYEES = intEnv('BENCH_EMPLOYEES', 100_000);
const ROUNDS = intEnv('BENCH_ROUNDS', 4);
const DURATION = intEnv('BENCH_DURATION', 5);
const WORKERS = intEnv('BENCH_WORKERS', cpus().length);
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench@example.org', password: 'bench-password-0123' };

const LIST = `/api/v2/countries?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}`;
const ROWS_MEASURED = [
  { name: 'list, first page', path: LIST, connections: 10 },
  { name: 'list, first page', path: LIST, connections: 100 },
  { name: 'employees, page 1', path: '/api/v1/getAllEmployees?page=1&limit=5', connections: 10 },
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Sample {
  rps: number;
  p99: number;
  errors: number;
  cpu: CpuUse | undefined;
}

async function run(url: string, connections: number, token: string | undefined, server: Child): Promise<Sample> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await autocannon({ url, connections, duration: 1, headers });
  const stop = await startCpuMeter({ bench: process.pid, server: server.process.pid, database: databaseName });
  const raw = await autocannon({ url, connections, duration: DURATION, headers });
  const cpu = await stop();
  return { rps: raw.requests.average, p99: raw.latency.p99, errors: raw.errors + raw.timeouts + raw.non2xx, cpu };
}

let databaseName = '';
const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });

async function main(): Promise<void> {
  databaseName = `bench_workers_${Date.now()}`;
  await admin.unsafe(`create database "${databaseName}"`);
  const target = new URL(PG_URL);
  target.pathname = `/${databaseName}`;
  const url = target.toString();
  console.log(`Seeding ${ROWS} countries and ${EMPLOYEES} employees in ${databaseName}…`);
  const database = await openDatabase({ kind: 'postgres', url, max: 1 });
  await seedCountries(database, ROWS, 'north');
  await seedHr(database, { employees: EMPLOYEES, activities: 1_000 }, 'Asia/Kolkata');
  await database.close();

  const env = (workers: number) => ({
    DATABASE_URL: url,
    WORKERS: String(workers),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: '10000',
  });
  const hello = await startChild('hello', join(ROOT, 'bench/hello.ts'), {}, '/');
  const one = await startChild('server×1', join(ROOT, 'src/server/main.ts'), env(1), '/api/health');
  const many = await startChild(`server×${WORKERS}`, join(ROOT, 'src/server/main.ts'), env(WORKERS), '/api/health');
  // Every worker of the second listens for changes once it has started: 1 + WORKERS listeners in all.
  for (let i = 0; i < 1200; i++) {
    const [row] = await admin.unsafe(`select count(*)::int as n from pg_stat_activity
      where application_name = 'trust-school-changes' and datname = '${databaseName}'`);
    if (Number((row as unknown as { n: number }).n) >= 1 + WORKERS) break;
    await sleep(100);
  }
  const login = await fetch(`${one.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { user: { token: string } }).user.token;

  const results = new Map<string, { one: Sample[]; many: Sample[]; hello: Sample[] }>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const row of ROWS_MEASURED) {
      const key = `${row.name}, ${row.connections} connections`;
      const entry = results.get(key) ?? { one: [], many: [], hello: [] };
      results.set(key, entry);
      // The order turns each round, so neither server is always measured first.
      const order = round % 2 ? (['one', 'many'] as const) : (['many', 'one'] as const);
      for (const which of order) {
        const server = which === 'one' ? one : many;
        entry[which].push(await run(`${server.url}${row.path}`, row.connections, token, server));
      }
      entry.hello.push(await run(hello.url, row.connections, undefined, hello));
      const last = (samples: Sample[]) => samples.at(-1)!;
      console.log(
        `round ${round}: ${key}: 1 process ${Math.round(last(entry.one).rps)}, ${WORKERS} processes ` +
          `${Math.round(last(entry.many).rps)}, hello-world ${Math.round(last(entry.hello).rps)} req/s; other programs ` +
          `${last(entry.one).cpu?.other.toFixed(2)} / ${last(entry.many).cpu?.other.toFixed(2)} CPUs`,
      );
    }
  }

  console.log(`\n| Row | 1 process req/s | ${WORKERS} processes req/s | speed-up | hello-world req/s | errors |`);
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [key, entry] of results) {
    const a = median(entry.one.map((s) => s.rps));
    const b = median(entry.many.map((s) => s.rps));
    const errors = [...entry.one, ...entry.many].reduce((sum, s) => sum + s.errors, 0);
    console.log(
      `| ${key} | ${Math.round(a)} | ${Math.round(b)} | ×${(b / a).toFixed(2)} | ` +
        `${Math.round(median(entry.hello.map((s) => s.rps)))} | ${errors} |`,
    );
  }
  console.log('\nCPU per request, µs (medians): autocannon, server (all its processes), PostgreSQL, other programs');
  for (const [key, entry] of results) {
    for (const which of ['one', 'many'] as const) {
      const per = (pick: (cpu: CpuUse) => number) =>
        Math.round(median(entry[which].map((s) => (s.cpu ? (pick(s.cpu) * 1e6) / s.rps : 0))));
      console.log(
        `${key}, ${which === 'one' ? 1 : WORKERS} process(es): ${per((c) => c.bench)}, ${per((c) => c.server)}, ` +
          `${per((c) => c.postgres)}, ${per((c) => c.other)}`,
      );
    }
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const child of [...running]) await child.stop().catch(() => {});
  if (databaseName) await admin.unsafe(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
  await admin.end({ timeout: 2 });
}
