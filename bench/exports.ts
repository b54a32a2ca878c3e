/**
 * `npm run bench:exports`: Export's and Import's targets, on the real server (src/server/main.ts in a child process, as `npm
 * start` runs it) over PostgreSQL (a fresh database; PGlite when BENCH_DATABASE_URL's server does not answer) with
 * 100,000 donations (bench/seed.ts): the whole list exported as CSV, as Excel, and the largest PDF (EXPORT_PDF_MAX_ROWS
 * rows), one at a time, while /api/health is asked every 10 ms; then an import of BENCH_IMPORT_ROWS new donations
 * (a CSV), previewed and committed. Reported: rows a second, the server's peak resident memory during each export
 * (the PDF last: its compiler stays in memory once loaded), and health's slowest answer meanwhile; the import's
 * preview and commit times.
 * Targets (docs/performance.md): 20,000 rows/s or more for CSV and Excel, the server's peak under 200 MB, health
 * within 50 ms; a 10,000-row preview in under 10 s, its commit in under 30 s.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_EXPORT_ROWS (100000),
 * BENCH_IMPORT_ROWS (10000).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { running, startChild } from './child.ts';
import { seedDonations } from './seed.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench@example.org', password: 'bench-password-0123' };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const TIME_ZONE = 'Asia/Kolkata';
const MB = 2 ** 20;
const cleanups: (() => Promise<unknown>)[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function memoryOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

/** A fresh database with the donations seeded, and the server's environment for it. */
async function database(): Promise<{ env: Record<string, string>; label: string }> {
  const seedInto = async (db: Database) => {
    const seeded = await seedDonations(db, ROWS, TIME_ZONE);
    await db.close();
    console.log(`seeded ${seeded.rows.toLocaleString('en-IN')} donations in ${seeded.seconds.toFixed(1)} s`);
  };
  const admin = postgres(PG_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-exports-pglite-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await seedInto(await openDatabase({ kind: 'pglite', dataDir }));
    return { env: { DATA_DIR: dataDir }, label: 'PGlite' };
  }
  const name = `bench_exports_${Date.now()}`;
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  });
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  await seedInto(await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 }));
  return { env: { DATABASE_URL: url.toString() }, label: 'PostgreSQL' };
}

async function main(): Promise<void> {
  const db = await database();
  const dir = await mkdtemp(join(tmpdir(), 'bench-exports-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const server = await startChild(
    'server',
    join(ROOT, 'src/server/main.ts'),
    {
      ...db.env,
      UPLOADS_DIR: join(dir, 'uploads'),
      STATIC_DIR: join(ROOT, 'dist/admin'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WORKERS: '1',
      BACKUP_TIME: 'off',
      MALLOC_ARENA_MAX: '2',
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
    },
    '/api/health',
  );
  cleanups.push(() => server.stop());
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { user: { token: string } }).user.token;
  const pid = server.process.pid!;

  const exportOnce = async (query: string) => {
    const res = await fetch(`${server.url}/api/v2/donations/export?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    const reader = res.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
    return { bytes, rows: Number(res.headers.get('x-total-count')) };
  };
  // Warm up the statements; the PDF compiler and its fonts only before the PDF (they stay in memory once loaded).
  await exportOnce('format=csv&filter=' + encodeURIComponent(JSON.stringify({ q: 'nobody-matches-this' })));
  await sleep(500);
  let idle = await memoryOf(pid);

  const lines: string[] = [];
  for (const [label, query] of [
    ['CSV, every donation', 'format=csv'],
    ['Excel, every donation', 'format=xlsx'],
    // Half the rows a PDF holds by default (EXPORT_PDF_MAX_ROWS, 2,000): an id filter takes at most 1,000.
    [
      'PDF, 1,000 donations',
      `format=pdf&filter=${encodeURIComponent(JSON.stringify({ id: Array.from({ length: 1000 }, (_, i) => i + 1) }))}`,
    ],
  ] as const) {
    if (label.startsWith('PDF')) {
      await exportOnce('format=pdf&filter=' + encodeURIComponent(JSON.stringify({ q: 'nobody-matches-this' })));
      await sleep(500);
      idle = await memoryOf(pid);
    }
    let measuring = true;
    const health: number[] = [];
    const prober = (async () => {
      while (measuring) {
        const started = performance.now();
        await fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - started);
        await sleep(10);
      }
    })();
    let peak = idle;
    const sampler = setInterval(() => {
      memoryOf(pid)
        .then((rss) => (peak = Math.max(peak, rss)))
        .catch(() => {});
    }, 20);
    const started = performance.now();
    const { bytes, rows } = await exportOnce(query);
    const seconds = (performance.now() - started) / 1000;
    measuring = false;
    clearInterval(sampler);
    await prober;
    health.sort((a, b) => a - b);
    lines.push(
      `| ${label} | ${rows.toLocaleString('en-IN')} | ${seconds.toFixed(2)} s | ${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s | ${(bytes / MB).toFixed(1)} MB | +${Math.round((peak - idle) / MB)} MB (peak ${Math.round(peak / MB)} MB) | ${health.at(-1)!.toFixed(1)} ms |`,
    );
    await sleep(300);
  }
  console.log(`\nExports on ${db.label}, ${ROWS.toLocaleString('en-IN')} donations\n`);
  console.log('| export | rows | time | rate | file | server memory above idle (peak) | health, slowest |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const line of lines) console.log(line);

  // Import: a CSV of new donations, previewed, then committed in one transaction.
  const csv = [
    'Donor Name,Amount,Date,Status,Payment Method',
    ...Array.from(
      { length: IMPORT_ROWS },
      (_, i) =>
        `Imported donor ${i + 1},"1,${String(i % 100).padStart(2, '0')},000",${String((i % 28) + 1).padStart(2, '0')}/11/2026 10:30,Pending,Bank Transfer`,
    ),
  ].join('\r\n');
  const api = async (method: string, path: string, body?: BodyInit, type = 'application/json') => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      body,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': type } : {}) },
    });
    const json = (await res.json()) as {
      id: number;
      status: string;
      counts: Record<string, number>;
      problem: string | null;
    };
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const until = async (id: number, status: string) => {
    for (;;) {
      const job = await api('GET', `/api/v2/imports/${id}`);
      if (job.status === status) return job;
      if (job.status === 'failed') throw new Error(`the import failed: ${job.problem}`);
      await sleep(100);
    }
  };
  const previewStarted = performance.now();
  const job = await api(
    'POST',
    '/api/v2/donations/imports?name=donations.csv',
    Buffer.from(csv),
    'application/octet-stream',
  );
  const ready = await until(job.id, 'ready');
  const previewSeconds = (performance.now() - previewStarted) / 1000;
  if (ready.counts.create !== IMPORT_ROWS) throw new Error(`the preview counts ${JSON.stringify(ready.counts)}`);
  const commitStarted = performance.now();
  await api('POST', `/api/v2/imports/${job.id}/commit`, JSON.stringify({ mode: 'all' }));
  await until(job.id, 'done');
  const commitSeconds = (performance.now() - commitStarted) / 1000;
  console.log(`\nImport on ${db.label} of ${IMPORT_ROWS.toLocaleString('en-IN')} new donations (CSV)\n`);
  console.log('| step | time | rate |');
  console.log('| --- | --- | --- |');
  console.log(
    `| upload and preview | ${previewSeconds.toFixed(2)} s | ${Math.round(IMPORT_ROWS / previewSeconds).toLocaleString('en-IN')} rows/s |`,
  );
  console.log(
    `| commit (all or nothing) | ${commitSeconds.toFixed(2)} s | ${Math.round(IMPORT_ROWS / commitSeconds).toLocaleString('en-IN')} rows/s |`,
  );
}

async function cleanup(): Promise<void> {
  for (const child of running) await child.stop().catch(() => {});
  for (const step of cleanups.reverse()) await step().catch(() => {});
}

main()
  .then(cleanup)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exitCode = 1;
  });
