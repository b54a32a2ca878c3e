/**
 * `npm run bench:backup` (and the end of `npm run bench`): Backups' targets, on PostgreSQL (BENCH_DATABASE_URL; two
 * fresh databases, dropped at the end).
 *
 * 1. Seeds BENCH_BACKUP_ROWS donations (bench/seed.ts) and BENCH_BACKUP_UPLOAD_MB of uploaded videos as the product
 *    records them: files of 1–4 MB (an MP4 header, then random bytes: as incompressible as real videos) under
 *    `files/<32 hex>.mp4` in UPLOADS_DIR, each an `uploads` row attached to the `video` field of a video album that
 *    names it (services/uploads.ts), which is how a backup finds the files it carries (services/backup.ts).
 * 2. Starts the real server (src/server/main.ts, as `npm start` runs it, its daily backup off) and measures the
 *    donations list, `GET /api/v2/donations?range=[0,24]` signed in, asked by one client again BENCH_BACKUP_LIST_PAUSE_MS
 *    (20) after each answer, for BENCH_BACKUP_BASELINE_SECONDS (10): its usual p50 and p99.
 * 3. Runs `npm run backup` (scripts/backup.ts) with the server's environment while the list is asked the same way:
 *    the backup's time, the peak resident memory of its Node process (VmHWM and VmRSS of /proc, every 20 ms) and of
 *    its process tree (npm, sh and node), its CPU time, the archive's size, and the list's p50 and p99 meanwhile.
 * 4. An Admin's backup started from the dashboard (`POST /api/v2/backups`, the server's own backup, which it has the
 *    backup command write in a process of its own: services/backup-child.ts), the list asked the same way: the
 *    backup's time and the list's p50 and p99 meanwhile. With BENCH_BACKUP_BEFORE (a checkout of another build, its
 *    node_modules installed) that build's server is measured the same way on the same database, one after the other.
 * 5. Stops the server and runs `npm run restore -- <archive>` (scripts/restore.ts) into the second database and an
 *    empty uploads directory: time and peak memory as above; then checks that the restored database holds every
 *    donation and upload row seeded, and the restored directory every file, of the same size.
 * 6. Prints a markdown table; a run at the default sizes (or BENCH_WRITE_DOCS=1) writes it into docs/performance.md
 *    between its markers.
 * Targets (docs/performance.md, Backups): the peak under 300 MB for the backup and for the restore; the list's p99
 * during the backup close to its usual p99.
 *
 * Other programs on the machine are waited for (up to 2 minutes, BENCH_NOISE CPUs, default 0.3) before each phase,
 * and the CPU they used meanwhile is reported (bench/cpu.ts).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_BACKUP_ROWS
 * (1000000), BENCH_BACKUP_UPLOAD_MB (1024), BENCH_BACKUP_BASELINE_SECONDS (10), BENCH_BACKUP_LIST_PAUSE_MS (20),
 * BENCH_NOISE (0.3), BENCH_WRITE_DOCS (1 or 0). A quick try: BENCH_BACKUP_ROWS=20000 BENCH_BACKUP_UPLOAD_MB=50.
 */
import { spawn } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import * as prettier from 'prettier';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client.ts';
import { BACKUP_NAME } from '../src/server/services/backup.ts';
import { running, startChild } from './child.ts';
import { startCpuMeter, waitForQuiet, type CpuUse, type Parties } from './cpu.ts';
import { seedDonations } from './seed.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(ROOT, 'docs/performance.md');
const START_MARKER = '<!-- bench-backup:start -->';
const END_MARKER = '<!-- bench-backup:end -->';
const ADMIN = { email: 'bench@example.org', password: 'bench-password-0123' };
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TIME_ZONE = 'Asia/Kolkata';
const MB = 2 ** 20;

function numberEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}; got "${raw}".`);
  return value;
}

const ROWS = numberEnv('BENCH_BACKUP_ROWS', 1_000_000, 1);
const UPLOAD_MB = numberEnv('BENCH_BACKUP_UPLOAD_MB', 1024, 1);
const BASELINE_SECONDS = numberEnv('BENCH_BACKUP_BASELINE_SECONDS', 10, 1);
const LIST_PAUSE_MS = numberEnv('BENCH_BACKUP_LIST_PAUSE_MS', 20, 0);
const NOISE = numberEnv('BENCH_NOISE', 0.3, 0);
const FULL = ROWS === 1_000_000 && UPLOAD_MB === 1024;
const PEAK_TARGET = 300 * MB;
const LIST_PATH = '/api/v2/donations?range=[0,24]';
const BEFORE = process.env.BENCH_BACKUP_BEFORE ? resolve(process.env.BENCH_BACKUP_BEFORE) : undefined;

const cleanups: (() => Promise<unknown>)[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${Math.round(bytes / MB).toLocaleString('en-IN')} MB`;
const count = (n: number) => n.toLocaleString('en-IN');

// ---------------------------------------------------------------------------------------------------------------
// Seeding

/** A file box of MP4 (`ftyp`, brand mp42), which the upload pipeline's sniffing recognises (services/file-checks.ts). */
const MP4_HEADER = Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex');

interface SeededFiles {
  /** Size by storage key (`files/<id>.mp4`). */
  sizes: Map<string, number>;
  bytes: number;
  seconds: number;
}

/**
 * `megabytes` of uploaded videos, 1–4 MB each (sizes and ids from md5('bench-upload-' || i), deterministic), each
 * written to `uploadsDir` and recorded as the upload pipeline records a video (services/uploads.ts): an `uploads`
 * row attached to the `video` field of a video album whose `video` names it (src/resources/gallery.ts).
 */
async function seedUploads(database: Database, uploadsDir: string, megabytes: number): Promise<SeededFiles> {
  const started = performance.now();
  await mkdir(join(uploadsDir, 'files'), { recursive: true });
  const buffer = Buffer.alloc(4 * MB);
  const sizes = new Map<string, number>();
  const items: { n: number; id: string; bytes: number }[] = [];
  let left = Math.round(megabytes * MB);
  for (let n = 1; left > 0; n++) {
    const digest = createHash('md5').update(`bench-upload-${n}`).digest();
    const id = digest.toString('hex');
    const size = Math.min(left, MB + (digest.readUInt32BE(0) % (3 * MB)));
    randomFillSync(buffer, 0, size);
    MP4_HEADER.copy(buffer);
    await writeFile(join(uploadsDir, 'files', `${id}.mp4`), buffer.subarray(0, size));
    sizes.set(`files/${id}.mp4`, size);
    items.push({ n, id, bytes: size });
    left -= size;
  }
  await database.db.execute(sql`
    with items as (select * from json_to_recordset(${JSON.stringify(items)}::json) as x(n int, id text, bytes bigint)),
    albums as (
      insert into video_albums (title, description, date, thumbnail, video)
      select 'Annual day, part ' || n, 'The annual day''s recording, part ' || n || '.', current_date - n,
        'https://img.example.org/thumbnails/' || n || '.jpg', '/uploads/files/' || id || '.mp4'
      from items order by n
      returning id, video
    )
    insert into uploads (id, kind, extension, content_type, bytes, resource, record_id, field)
    select i.id, 'file', 'mp4', 'video/mp4', i.bytes, 'video_albums', a.id, 'video'
    from items i join albums a on a.video = '/uploads/files/' || i.id || '.mp4'`);
  const [recorded] = rowsOf(await database.db.execute(sql`select count(*)::int as n from uploads`));
  if (Number(recorded?.n) !== items.length) throw new Error(`${recorded?.n} uploads recorded of ${items.length}.`);
  let bytes = 0;
  for (const size of sizes.values()) bytes += size;
  return { sizes, bytes, seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

/**
 * The list's client, in a worker thread of its own: the memory sampler of `npmRun` runs on the bench's main thread
 * every 20 ms, and on one event loop with the client it added its own delays to the answer times measured (the p99
 * during a backup about doubled, with the same server).
 */
const LIST_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, pauseMs } = workerData;
let asking = true;
const times = [];
parentPort.once('message', () => (asking = false));
(async () => {
  while (asking) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: 'Bearer ' + token } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error('the list answered ' + res.status + ': ' + Buffer.from(body).toString());
    times.push(performance.now() - started);
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  parentPort.postMessage(times);
})();
`;

/** Answer times of the list, asked by one client until stopped. */
function askList(url: string, token: string): { stop(): Promise<number[]> } {
  const worker = new Worker(LIST_CLIENT, {
    eval: true,
    workerData: { url: `${url}${LIST_PATH}`, token, pauseMs: LIST_PAUSE_MS },
  });
  const times = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  times.catch(() => {});
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await times;
      } finally {
        await worker.terminate();
      }
    },
  };
}

interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

function latencyOf(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

const kb = (status: string, name: string) =>
  Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;

/** The children of a process (those its main thread started: npm's, sh's and node's are). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text
    .split(' ')
    .filter((p) => p.trim() !== '')
    .map(Number);
}

interface Command {
  seconds: number;
  output: string[];
  /** Peak resident memory (VmHWM) of the Node process that runs `script`. */
  peak: number;
  /** Peak of the tree's resident memory summed (npm, sh, node), sampled every 20 ms. */
  treePeak: number;
  /** CPU seconds of the tree (user and system), as last sampled. */
  cpuSeconds: number;
  /** CPU seconds of the PostgreSQL backend serving the command's connection, as last sampled. */
  databaseCpuSeconds: number;
}

/** CPU ticks (user and system) of a process: the 14th and 15th fields of its stat, after its name (which may hold spaces). */
async function ticksOf(pid: number): Promise<number | undefined> {
  const line = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (!line) return undefined;
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Runs `npm run <args>` in its own environment, sampling its process tree's memory and CPU every 20 ms, and the CPU of
 * the PostgreSQL backend of its connection (found by its application_name, services/backup.ts and
 * services/backup-restore.ts).
 */
async function npmRun(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  backend: { admin: postgres.Sql; application: string },
): Promise<Command> {
  const started = performance.now();
  const child = spawn('npm', ['run', ...args], {
    cwd: ROOT,
    env: {
      // The Node of the bench (node_modules' Node 24) first, for npm itself and for the script.
      PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      HOME: process.env.HOME ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (line.trim() === '') return;
      output.push(line);
      process.stderr.write(`  [${name}] ${line}\n`);
    });
  }
  const exit = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

  const seen = new Map<number, { script: boolean; hwm: number; ticks: number }>();
  let treePeak = 0;
  let sampling = false;
  const sample = async () => {
    const pids: number[] = [];
    for (let next = [child.pid!]; next.length > 0;) {
      pids.push(...next);
      next = (await Promise.all(next.map(childrenOf))).flat();
    }
    let sum = 0;
    for (const pid of pids) {
      const [status, ticks] = await Promise.all([
        readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''),
        ticksOf(pid),
      ]);
      if (!status || ticks === undefined) continue;
      let entry = seen.get(pid);
      if (!entry) {
        const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        // Node's own arguments name the script alone; sh's one argument is the whole command line.
        entry = { script: cmdline.split('\0').includes(script), hwm: 0, ticks: 0 };
        seen.set(pid, entry);
      }
      const rss = kb(status, 'VmRSS');
      entry.hwm = Math.max(entry.hwm, kb(status, 'VmHWM'), rss);
      entry.ticks = ticks;
      sum += rss;
    }
    treePeak = Math.max(treePeak, sum);
  };
  const sampler = setInterval(() => {
    if (sampling) return;
    sampling = true;
    sample()
      .catch(() => {})
      .finally(() => (sampling = false));
  }, 20);
  let backendPid: number | undefined;
  let backendTicks = 0;
  let ended = false;
  const watcher = (async () => {
    while (!ended) {
      if (backendPid === undefined) {
        const [row] = await backend.admin<{ pid: number }[]>`
          select pid from pg_stat_activity where application_name = ${backend.application}`;
        backendPid = row?.pid;
      }
      if (backendPid !== undefined) backendTicks = (await ticksOf(backendPid)) ?? backendTicks;
      await sleep(backendPid === undefined ? 50 : 20);
    }
  })();
  const [code, signal] = await exit;
  ended = true;
  await watcher;
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`npm run ${args.join(' ')} ended with ${signal ?? `code ${code}`}.`);
  const node = [...seen.values()].find((entry) => entry.script);
  if (!node) throw new Error(`The Node process of ${script} was never sampled: it ended within 20 ms?`);
  let ticks = 0;
  for (const entry of seen.values()) ticks += entry.ticks;
  return { seconds, output, peak: node.hwm, treePeak, cpuSeconds: ticks / 100, databaseCpuSeconds: backendTicks / 100 };
}

// ---------------------------------------------------------------------------------------------------------------
// The run

/**
 * Other programs' CPU use during a command: bench/cpu.ts counts the command's processes (npm, sh, node) among them,
 * and its PostgreSQL backend too (gone by the end, it is not among the database's backends then): both taken out.
 */
function otherThan(use: CpuUse | undefined, command: Command): number | undefined {
  if (!use) return undefined;
  return Math.max(0, use.other - (command.cpuSeconds + command.databaseCpuSeconds) / command.seconds);
}

async function createDatabase(admin: postgres.Sql, name: string): Promise<string> {
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(() => admin.unsafe(`drop database if exists "${name}" with (force)`));
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { user: { token: string } }).user.token;
}

/** An Admin's backup from the dashboard, the list asked meanwhile: its time and the list's answers. */
async function adminBackup(url: string, token: string): Promise<{ seconds: number; during: Latency; file: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const load = askList(url, token);
  const started = performance.now();
  const response = await fetch(`${url}/api/v2/backups`, { method: 'POST', headers });
  if (response.status !== 202)
    throw new Error(`The Admin's backup was refused: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  for (;;) {
    await sleep(250);
    const status = (await (await fetch(`${url}/api/v2/backups/status`, { headers })).json()) as {
      last: { id: number; status: string; file: string | null; error: string | null };
    };
    if (status.last.id !== id || status.last.status === 'Running') continue;
    const seconds = (performance.now() - started) / 1000;
    const during = latencyOf(await load.stop());
    if (status.last.status !== 'Succeeded') throw new Error(`The Admin's backup failed: ${status.last.error}`);
    return { seconds, during, file: status.last.file! };
  }
}

async function main(): Promise<void> {
  const admin = postgres(PG_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });
  cleanups.push(() => admin.end({ timeout: 5 }));
  try {
    await admin`select 1`;
  } catch (error) {
    throw new Error(`The backup bench needs PostgreSQL at ${PG_URL} (BENCH_DATABASE_URL): ${(error as Error).message}`);
  }
  const stamp = Date.now();
  const sourceName = `bench_backup_${stamp}`;
  const sourceUrl = await createDatabase(admin, sourceName);
  const targetName = `bench_backup_${stamp}_restored`;
  const targetUrl = await createDatabase(admin, targetName);
  const dir = await mkdtemp(join(tmpdir(), 'bench-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const uploadsDir = join(dir, 'uploads');
  const backupDir = join(dir, 'backups');
  const restoredDir = join(dir, 'restored-uploads');

  console.log(`Seeding ${count(ROWS)} donations and ${count(UPLOAD_MB)} MB of uploaded videos in ${dir}…`);
  const seeding = await openDatabase({ kind: 'postgres', url: sourceUrl, max: 1 });
  const donations = await seedDonations(seeding, ROWS, TIME_ZONE);
  const files = await seedUploads(seeding, uploadsDir, UPLOAD_MB);
  // Analysed now, so that autovacuum does not analyse the million new rows during a phase measured below.
  await seeding.db.execute(sql.raw('vacuum analyze donations, video_albums, uploads'));
  await seeding.close();
  console.log(
    `  ${count(donations.rows)} donations in ${donations.seconds.toFixed(1)} s; ${count(files.sizes.size)} files ` +
      `(${mb(files.bytes)}) in ${files.seconds.toFixed(1)} s`,
  );

  const env: Record<string, string> = {
    DATABASE_URL: sourceUrl,
    DATA_DIR: join(dir, 'data'),
    UPLOADS_DIR: uploadsDir,
    STATIC_DIR: join(ROOT, 'dist/admin'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_TIMEZONE: TIME_ZONE,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    WORKERS: '1',
    // The server would otherwise take the day's backup as it starts (services/backup-schedule.ts).
    BACKUP_TIME: 'off',
    // As `npm start` runs it (package.json).
    MALLOC_ARENA_MAX: '2',
    GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
  };
  const server = await startChild('server', join(ROOT, 'src/server/main.ts'), env, '/api/health');
  cleanups.push(() => server.stop());
  const token = await signIn(server.url);
  const parties: Parties = { bench: process.pid, server: server.process.pid, database: sourceName };

  // Warm up the list's statements, then its usual answer times.
  const warm = askList(server.url, token);
  await sleep(2000);
  await warm.stop();
  await waitForQuiet(parties, NOISE, 120_000);
  const baselineCpu = await startCpuMeter(parties);
  const baselineLoad = askList(server.url, token);
  await sleep(BASELINE_SECONDS * 1000);
  const before = latencyOf(await baselineLoad.stop());
  const baselineOther = (await baselineCpu())?.other;
  console.log(`list before: p50 ${before.p50.toFixed(1)} ms, p99 ${before.p99.toFixed(1)} ms (${before.count} asked)`);

  // The backup, while the list is asked.
  await waitForQuiet(parties, NOISE, 120_000);
  const backupCpu = await startCpuMeter(parties);
  const duringLoad = askList(server.url, token);
  const backup = await npmRun(
    'backup',
    'scripts/backup.ts',
    ['backup'],
    { ...env, BACKUP_DIR: backupDir },
    { admin, application: 'trust-school-backup' },
  );
  const during = latencyOf(await duringLoad.stop());
  const backupUse = await backupCpu();
  const backupOther = otherThan(backupUse, backup);
  const archives = (await readdir(backupDir)).filter((name) => BACKUP_NAME.test(name));
  if (archives.length !== 1) throw new Error(`The backup directory holds ${archives.length} archives, not one.`);
  const archive = join(backupDir, archives[0]!);
  const archiveBytes = (await stat(archive)).size;

  // The server's own backup, an Admin's from the dashboard: this build's, then the build before's.
  const admins: { build: string; seconds: number; before: Latency; during: Latency }[] = [];
  for (const [build, root] of [['this build', ROOT], ...(BEFORE ? [['the build before', BEFORE]] : [])] as const) {
    const own =
      root === ROOT ? server : await startChild('before', join(root, 'src/server/main.ts'), env, '/api/health');
    const ownToken = root === ROOT ? token : await signIn(own.url);
    const parties: Parties = { bench: process.pid, server: own.process.pid, database: sourceName };
    await waitForQuiet(parties, NOISE, 120_000);
    const usual = askList(own.url, ownToken);
    await sleep(BASELINE_SECONDS * 1000);
    const before = latencyOf(await usual.stop());
    await waitForQuiet(parties, NOISE, 120_000);
    const result = await adminBackup(own.url, ownToken);
    console.log(
      `an Admin's backup (${build}): ${result.seconds.toFixed(1)} s; list p99 ${before.p99.toFixed(1)} → ` +
        `${result.during.p99.toFixed(1)} ms`,
    );
    admins.push({ build, seconds: result.seconds, before, during: result.during });
    await own.stop();
  }

  // The restore, into the second database and an empty uploads directory, the server stopped.
  const restoreParties: Parties = { bench: process.pid, database: targetName };
  await waitForQuiet(restoreParties, NOISE, 120_000);
  const restoreCpu = await startCpuMeter(restoreParties);
  const restore = await npmRun(
    'restore',
    'scripts/restore.ts',
    ['restore', '--', archive],
    { ...env, DATABASE_URL: targetUrl, DATA_DIR: join(dir, 'restored-data'), UPLOADS_DIR: restoredDir },
    { admin, application: 'trust-school-restore' },
  );
  const restoreOther = otherThan(await restoreCpu(), restore);

  // What the restore brought back: every donation and upload row, every file of the same size.
  const target = postgres(targetUrl, { max: 1, onnotice: () => {} });
  const [restored] = await target<{ donations: number; uploads: number; albums: number }[]>`
    select (select count(*) from donations)::int as donations, (select count(*) from uploads)::int as uploads,
      (select count(*) from video_albums)::int as albums`;
  await target.end({ timeout: 5 });
  const restoredSizes = new Map<string, number>();
  for (const name of await readdir(join(restoredDir, 'files')).catch(() => [] as string[])) {
    restoredSizes.set(`files/${name}`, (await stat(join(restoredDir, 'files', name))).size);
  }
  const wrongFiles = [...files.sizes].filter(([key, size]) => restoredSizes.get(key) !== size).length;
  const problems = [
    restored!.donations !== donations.rows ? `${count(restored!.donations)} donations of ${count(donations.rows)}` : '',
    restored!.uploads !== files.sizes.size ? `${restored!.uploads} upload rows of ${files.sizes.size}` : '',
    restored!.albums !== files.sizes.size ? `${restored!.albums} video albums of ${files.sizes.size}` : '',
    restoredSizes.size !== files.sizes.size ? `${restoredSizes.size} files of ${files.sizes.size}` : '',
    wrongFiles > 0 ? `${wrongFiles} files missing or of another size` : '',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`The restore did not bring everything back: ${problems.join('; ')}.`);

  const met = (ok: boolean) => (ok ? '(met)' : '(missed)');
  const cpuOf = (command: Command) =>
    `${command.cpuSeconds.toFixed(1)} s (${Math.round((command.cpuSeconds / command.seconds) * 100)} % of one core); ` +
    `its PostgreSQL backend ${command.databaseCpuSeconds.toFixed(1)} s`;
  const other = (value: number | undefined) => (value === undefined ? 'not measured' : `${value.toFixed(2)} CPUs`);
  const p99Ratio = before.p99 > 0 ? during.p99 / before.p99 : Infinity;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    `Measured ${date} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ` +
      `PostgreSQL; ${count(donations.rows)} donations and ${count(files.sizes.size)} uploaded videos of 1–4 MB ` +
      `(${mb(files.bytes)}, random bytes: incompressible, and in the page cache, written just before). Load average ` +
      `at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ', ',
        )}. The list: \`GET ${LIST_PATH}\` signed in, one client, again ${LIST_PAUSE_MS} ms after each answer.`,
    '',
    '| measure | value | target |',
    '| --- | --- | --- |',
    `| backup (\`npm run backup\`, npm's start included, while the server runs): time | ${backup.seconds.toFixed(1)} s | |`,
    `| backup: peak resident memory of node scripts/backup.ts | ${mb(backup.peak)} | < 300 MB ${met(backup.peak < PEAK_TARGET)} |`,
    `| backup: peak of npm, sh and node together | ${mb(backup.treePeak)} | |`,
    `| backup: CPU time | ${cpuOf(backup)} | |`,
    `| archive (gzip, not encrypted) | ${mb(archiveBytes)} | |`,
    `| the list before: p50 / p99 / slowest (${count(before.count)} asked in ${BASELINE_SECONDS} s) | ${before.p50.toFixed(1)} / ${before.p99.toFixed(1)} / ${before.max.toFixed(1)} ms | |`,
    `| the list during the backup: p50 / p99 / slowest (${count(during.count)} asked) | ${during.p50.toFixed(1)} / ${during.p99.toFixed(1)} / ${during.max.toFixed(1)} ms | p99 close to before: ${p99Ratio.toFixed(1)} × |`,
    ...admins.map(
      (run) =>
        `| an Admin's backup from the dashboard (${run.build}): time; the list's p99 before → during | ` +
        `${run.seconds.toFixed(1)} s; ${run.before.p99.toFixed(1)} → ${run.during.p99.toFixed(1)} ms (${count(run.during.count)} asked) | ` +
        `p99 close to before: ${(run.during.p99 / run.before.p99).toFixed(1)} × |`,
    ),
    `| restore (\`npm run restore\`, npm's start included, into an empty database and directory): time | ${restore.seconds.toFixed(1)} s | |`,
    `| restore: peak resident memory of node scripts/restore.ts | ${mb(restore.peak)} | < 300 MB ${met(restore.peak < PEAK_TARGET)} |`,
    `| restore: peak of npm, sh and node together | ${mb(restore.treePeak)} | |`,
    `| restore: CPU time | ${cpuOf(restore)} | |`,
    `| restored and checked | ${count(restored!.donations)} donations, ${count(restoredSizes.size)} files of the same sizes | all |`,
    `| other programs' CPU use: before / during the backup / during the restore | ${other(baselineOther)} / ${other(backupOther)} / ${other(restoreOther)} | |`,
  ].join('\n');
  console.log(`\n${section}\n`);

  const write = process.env.BENCH_WRITE_DOCS === undefined ? FULL : process.env.BENCH_WRITE_DOCS === '1';
  if (write) {
    const doc = await readFile(DOC, 'utf8');
    const start = doc.indexOf(START_MARKER);
    const end = doc.indexOf(END_MARKER);
    const body = `${START_MARKER}\n\n${section}\n\n${END_MARKER}`;
    const next =
      start >= 0 && end > start
        ? doc.slice(0, start) + body + doc.slice(end + END_MARKER.length)
        : `${doc.trimEnd()}\n\n## Backups\n\n${body}\n`;
    await writeFile(DOC, await prettier.format(next, { filepath: DOC, ...(await prettier.resolveConfig(DOC)) }));
  }
}

try {
  await main();
} finally {
  for (const child of [...running]) await child.stop().catch(() => {});
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
}
