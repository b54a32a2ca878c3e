/**
 * `npm run bench:uploads` (and the end of `npm run bench`): the upload row. The real server (src/server/main.ts) in a
 * child process on a fresh PostgreSQL database (PGlite when PostgreSQL is unreachable); a 12-megapixel JPEG
 * (4000 × 3000, a photo's worth of detail) is uploaded BENCH_UPLOADS times (default 24), BENCH_UPLOAD_CLIENTS at a
 * time (default 2), through POST /api/v2/uploads, each answered once its original and three WebP variants are
 * stored. Reported: images a second, the server's peak resident memory while it works above the idle server's (the
 * idle server alone holds about 270 MB, most of it loaded modules), and the longest answer of GET /api/health sent every 20 ms meanwhile: a main thread blocked by
 * image work would show there. Targets (docs/performance.md, "Uploads"): at least 2 images/s on a 2-core machine, peak
 * under 300 MB, no health answer slower than 50 ms. Writes its table into docs/performance.md between its markers.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import * as prettier from 'prettier';
import sharp from 'sharp';
import { running, startChild, type Child } from './child.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(ROOT, 'docs/performance.md');
const START_MARKER = '<!-- bench-uploads:start -->';
const END_MARKER = '<!-- bench-uploads:end -->';
const ADMIN = { email: 'bench@example.org', password: 'bench-password-0123' };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 24);
const CLIENTS = Number(process.env.BENCH_UPLOAD_CLIENTS ?? 2);

const cleanups: (() => Promise<unknown>)[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A 12-megapixel JPEG with fine detail (noise over a gradient), as a phone camera makes. */
async function photo(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = ((x + y) * 127) / (width + height);
    }
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < gradient.length; i++) gradient[i] = (gradient[i]! * 3 + noise[i]!) >> 2;
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU seconds the process has used, all its threads (libvips's included), from /proc/<pid>/stat. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime, the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function database(): Promise<{ env: Record<string, string>; label: string }> {
  const admin = postgres(PG_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-uploads-pglite-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dataDir }, label: 'PGlite' };
  }
  const name = `bench_uploads_${Date.now()}`;
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  });
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, label: 'PostgreSQL' };
}

async function main(): Promise<void> {
  const image = await photo();
  console.log(
    `Upload bench: a 4000 × 3000 JPEG of ${(image.length / 2 ** 20).toFixed(1)} MB, ${UPLOADS} uploads, ${CLIENTS} at a time.`,
  );
  const db = await database();
  const uploadsDir = await mkdtemp(join(tmpdir(), 'bench-uploads-'));
  cleanups.push(() => rm(uploadsDir, { recursive: true, force: true }));
  const loopDelayFile = join(uploadsDir, 'loop-delay.json');
  const server: Child = await startChild(
    'server',
    join(ROOT, 'src/server/main.ts'),
    {
      ...db.env,
      UPLOADS_DIR: uploadsDir,
      STATIC_DIR: join(ROOT, 'dist/admin'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // As `npm start` runs it (package.json): two malloc arenas, and malloc's large blocks in transparent huge pages
      // (docs/decisions.md, "Two malloc arenas under `npm start`"). GLIBC_TUNABLES= (empty) runs without the pages.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? 'glibc.malloc.hugetlb=1',
      ...(process.env.IMAGE_CONCURRENCY ? { IMAGE_CONCURRENCY: process.env.IMAGE_CONCURRENCY } : {}),
      // The server's own event-loop delay (bench/loop-delay.ts).
      NODE_OPTIONS: `--import ${join(ROOT, 'bench/loop-delay.ts')}`,
      BENCH_LOOP_DELAY_FILE: loopDelayFile,
      // To see what the main thread does meanwhile (bench/loop-delay.ts): a CPU profile, V8's line per collection.
      ...(process.env.BENCH_CPU_PROFILE ? { BENCH_CPU_PROFILE: resolve(process.env.BENCH_CPU_PROFILE) } : {}),
      ...(process.env.BENCH_TRACE_GC ? { BENCH_TRACE_GC: process.env.BENCH_TRACE_GC } : {}),
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
  const idle = await memoryOf(pid);

  const uploadOne = async () => {
    const form = new FormData();
    form.append('resource', 'news');
    form.append('field', 'image');
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${server.url}/api/v2/uploads`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  // One upload to warm up (sharp's first use loads libvips), then the measured ones.
  await uploadOne();
  await sleep(500);
  const before = await memoryOf(pid);

  let measuring = true;
  const healthTimes: number[] = [];
  const prober = (async () => {
    while (measuring) {
      const started = performance.now();
      await fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
      healthTimes.push(performance.now() - started);
      await sleep(20);
    }
  })();
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    memoryOf(pid)
      .then((m) => (peakRss = Math.max(peakRss, m.rss)))
      .catch(() => {});
  }, 25);

  process.kill(pid, 'SIGUSR2');
  const cpuBefore = await cpuSecondsOf(pid);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < UPLOADS) {
        next++;
        await uploadOne();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (await cpuSecondsOf(pid)) - cpuBefore;
  measuring = false;
  clearInterval(sampler);
  await prober;
  process.kill(pid, 'SIGUSR2');
  let loop:
    | {
        maxMs: number;
        p99Ms: number;
        stalls: { atMs: number; ms: number }[];
        gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
        longGc: { atMs: number; ms: number; kind: number; flags: number }[];
      }
    | undefined;
  for (let i = 0; i < 100 && !loop; i++) {
    await sleep(50);
    loop = await readFile(loopDelayFile, 'utf8')
      .then((text) => JSON.parse(text) as NonNullable<typeof loop>)
      .catch(() => undefined);
  }
  if (!loop) throw new Error('The server did not report its event-loop delay.');
  console.log(
    `Server CPU per image: ${Math.round((serverCpu / UPLOADS) * 1000)} ms (${((serverCpu / seconds) * 100).toFixed(0)} % of one core)`,
  );
  // Not part of the table: what held the loop, to tell a garbage collection from other work (bench/loop-delay.ts).
  const round = (n: number) => Math.round(n * 10) / 10;
  console.log(
    `Event-loop stalls over 30 ms (ms from the start: length): ${loop.stalls.map((s) => `${s.atMs}: ${s.ms}`).join(', ') || 'none'}`,
  );
  console.log(
    `Garbage collection on the main thread (kind: count, total ms, longest ms): ${Object.entries(loop.gc)
      .map(([kind, g]) => `${kind}: ${g.count}, ${round(g.totalMs)}, ${round(g.maxMs)}`)
      .join(
        '; ',
      )}; pauses over 20 ms: ${loop.longGc.map((p) => `${p.atMs}: ${round(p.ms)} (kind ${p.kind}, flags ${p.flags})`).join(', ') || 'none'}`,
  );
  const after = await memoryOf(pid);
  const peak = Math.max(peakRss, after.peak);
  healthTimes.sort((a, b) => a - b);
  const worst = healthTimes[healthTimes.length - 1] ?? 0;
  const p99 = healthTimes[Math.floor(healthTimes.length * 0.99)] ?? 0;
  const rate = UPLOADS / seconds;
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    `Measured ${date} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${db.label}; ` +
      `a 4000 × 3000 JPEG of ${(image.length / 2 ** 20).toFixed(1)} MB (EXIF orientation 6), ${UPLOADS} uploads, ${CLIENTS} at a time, ` +
      `each stored as the re-encoded original and WebP variants 320, 640 and 1280 px wide.`,
    '',
    '| measure | value | target |',
    '| --- | --- | --- |',
    `| images a second | ${rate.toFixed(2)} | ≥ 2 ${rate >= 2 ? '(met)' : '(missed)'} |`,
    `| server's peak resident memory while uploading, above the idle server | ${mb(peak - idle.rss)} (peak ${mb(peak)}; idle ${mb(idle.rss)}) | < 300 MB ${peak - idle.rss < 300 * 2 ** 20 ? '(met)' : '(missed)'} |`,
    `| the server's longest event-loop delay meanwhile, measured inside it | ${loop.maxMs.toFixed(1)} ms (p99 ${loop.p99Ms.toFixed(1)} ms) | ≤ 50 ms ${loop.maxMs <= 50 ? '(met)' : '(missed)'} |`,
    `| longest /api/health answer meanwhile, seen by the busy bench client (${healthTimes.length} sent, every 20 ms) | ${worst.toFixed(1)} ms (p99 ${p99.toFixed(1)} ms) | |`,
  ].join('\n');
  console.log(`\n${section}\n`);
  if (process.env.BENCH_WRITE_DOCS !== '0') {
    const doc = await readFile(DOC, 'utf8');
    const start = doc.indexOf(START_MARKER);
    const end = doc.indexOf(END_MARKER);
    const body = `${START_MARKER}\n\n${section}\n\n${END_MARKER}`;
    const next =
      start >= 0 && end > start
        ? doc.slice(0, start) + body + doc.slice(end + END_MARKER.length)
        : `${doc.trimEnd()}\n\n## Uploads\n\n${body}\n`;
    await writeFile(DOC, await prettier.format(next, { filepath: DOC, ...(await prettier.resolveConfig(DOC)) }));
  }
}

try {
  await main();
} finally {
  for (const child of [...running]) await child.stop().catch(() => {});
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
}
