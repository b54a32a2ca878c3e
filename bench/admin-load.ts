/**
 * The back-office's first load, as staff on a phone over a mobile network meet it (docs/performance.md, "The admin's
 * first load"), on the real server (src/server/main.ts in a child process, a fresh PGlite directory) in the machine's
 * Chromium:
 *
 * - what the sign-in page transfers with an empty cache (every request from `GET /login` until the network is
 *   quiet; target at most 250 KB);
 * - what signing in and the dashboard transfer after it, and the whole from the sign-in page to the dashboard's
 *   chart on screen (target: the whole at most 600 KB);
 * - Lighthouse (the npm package, driving the same Chromium) in its mobile mode, simulated slow 4G and a slowed CPU,
 *   on the sign-in page: its Performance score (target at least 90), the median of BENCH_ADMIN_RUNS runs, beside the
 *   same page without its scripts (the ceiling on this machine).
 *
 * Transferred bytes are Chromium's own count (the debugging protocol's encodedDataLength: headers and the body as
 * sent, compressed where the server compressed it), as a browser that accepts brotli and gzip asks.
 *
 * `npm run bench:admin`; `npm run bench` runs it too. Environment: BENCH_CHROMIUM (default /usr/bin/chromium),
 * BENCH_ADMIN_DIR (the built admin to serve; default dist/admin, built first when stale), BENCH_ADMIN_BEFORE (a
 * second build, an older one, measured in the same run and shown beside it: a `vite build` of an earlier commit),
 * BENCH_ADMIN_RUNS (Lighthouse runs per build, default 3), BENCH_WRITE_DOCS=1 (write the table into
 * docs/performance.md between its admin-load markers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import * as prettier from 'prettier';
import { buildIfStale } from '../scripts/build-if-stale.ts';
import { freePort, running, startChild, type Child } from './child.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 3);
const ADMIN = { email: 'bench@example.org', password: 'bench-password-0123' };
const DOC = join(ROOT, 'docs/performance.md');
const START = '<!-- admin-load:start -->';
const END = '<!-- admin-load:end -->';

export const TARGET_SIGN_IN_BYTES = 250 * 1024;
export const TARGET_DASHBOARD_BYTES = 600 * 1024;
const TARGET_PERFORMANCE = 90;

/** One response as Chromium counted it. */
export interface Transfer {
  url: string;
  type: string;
  status: number;
  encoding: string;
  bytes: number;
}

/**
 * Records every response of `page` from now on, with the bytes Chromium received for it (headers and body as sent).
 * `take()` returns what arrived since the last call.
 */
export async function recordTransfers(page: Page): Promise<{ take(): Transfer[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const pending = new Map<string, Omit<Transfer, 'bytes'>>();
  let done: Transfer[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    pending.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      status: event.response.status,
      encoding: headers['content-encoding'] ?? '',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = pending.get(event.requestId);
    if (!response) return;
    pending.delete(event.requestId);
    done.push({ ...response, bytes: event.encodedDataLength });
  });
  return {
    take() {
      const taken = done;
      done = [];
      return taken;
    },
  };
}

/** Waits until the network is quiet (no request for 500 ms: Playwright's networkidle). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

export interface FirstLoad {
  signIn: Transfer[];
  dashboard: Transfer[];
}

/**
 * Opens /login in a fresh context (empty cache), signs in as `account`, and waits for the dashboard's chart.
 * Returns what each of the two steps transferred.
 */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  account: { email: string; password: string },
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const recorder = await recordTransfers(page);
    await page.goto(`${url}/login`);
    await page.locator('#login-email').waitFor();
    await settle(page);
    const signIn = recorder.take();
    await page.locator('#login-email').fill(account.email);
    await page.locator('#login-password').fill(account.password);
    await page.locator('form button[type="submit"]').click();
    await page.locator('.recharts-surface').first().waitFor({ state: 'attached', timeout: 60_000 });
    await settle(page);
    const dashboard = recorder.take();
    return { signIn, dashboard };
  } finally {
    await context.close();
  }
}

const sum = (transfers: Transfer[]) => transfers.reduce((total, t) => total + t.bytes, 0);

async function lighthouseScores(port: number, url: string): Promise<Score[]> {
  const scores = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    scores.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    });
  }
  return scores;
}

interface Score {
  score: number;
  lcpMs: number;
  tbtMs: number;
}

interface Measured {
  label: string;
  load: FirstLoad;
  lighthouse: Score[];
}

/** Runs `measure` against the real server serving `staticDir`, with a Chromium of its own that Lighthouse can drive. */
async function onServer<T>(
  label: string,
  staticDir: string,
  measure: (url: string, browser: Browser, debugPort: number) => Promise<T>,
): Promise<T & { chromium: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-admin-'));
  let server: Child | undefined;
  let browser: Browser | undefined;
  try {
    server = await startChild(
      `server ${label}`,
      join(ROOT, 'src/server/main.ts'),
      {
        DATA_DIR: join(dataDir, 'data'),
        UPLOADS_DIR: join(dataDir, 'uploads'),
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      '/api/health',
    );
    // A browser of its own, closed before the server stops (its open connections would hold the server's close).
    const debugPort = await freePort();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        `--remote-debugging-port=${debugPort}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    return { ...(await measure(server.url, browser, debugPort)), chromium: browser.version() };
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureBuild(label: string, staticDir: string): Promise<Measured & { chromium: string }> {
  return onServer(label, staticDir, async (url, browser, debugPort) => {
    console.log(`${label}: the sign-in page and the dashboard in Chromium…`);
    // Once unmeasured, so the server has read its files and compiled its routes, as for a visitor after the first.
    await measureFirstLoad(browser, url, ADMIN);
    const load = await measureFirstLoad(browser, url, ADMIN);
    console.log(`${label}: Lighthouse (mobile) on /login, ${RUNS} runs…`);
    const scores = await lighthouseScores(debugPort, `${url}/login`);
    return { label, load, lighthouse: scores };
  });
}

/**
 * The best score this machine and Lighthouse give the sign-in page: the same build's pages without their scripts
 * (the drawn HTML and its stylesheet alone), as hello-world is for the server's bench. What the page's own scripts
 * cost is the difference.
 */
async function measureCeiling(staticDir: string): Promise<Score[]> {
  const copy = await mkdtemp(join(tmpdir(), 'bench-admin-ceiling-'));
  try {
    await cp(staticDir, copy, { recursive: true });
    for (const page of ['index.html', ...(await readdir(join(copy, 'prerendered')).catch(() => []))]) {
      if (!page.endsWith('.html')) continue;
      const file = page === 'index.html' ? join(copy, page) : join(copy, 'prerendered', page);
      const html = await readFile(file, 'utf8');
      await writeFile(file, html.replace(/<script\b[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, ''));
    }
    console.log(`Without scripts: Lighthouse (mobile) on /login, ${RUNS} runs…`);
    return (
      await onServer('without scripts', copy, async (url, _browser, debugPort) => ({
        scores: await lighthouseScores(debugPort, `${url}/login`),
      }))
    ).scores;
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function describe(transfers: Transfer[]): string {
  const byType = new Map<string, number>();
  for (const t of transfers) byType.set(t.type, (byType.get(t.type) ?? 0) + t.bytes);
  return [...byType.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([type, bytes]) => `${type} ${kb(bytes)}`)
    .join(', ');
}

function report(measured: Measured[], ceiling: Score[], chromiumVersion: string): string {
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const rows = measured.map((m) => {
    const signIn = sum(m.load.signIn);
    const after = sum(m.load.dashboard);
    const scores = m.lighthouse.map((l) => l.score);
    const best = m.lighthouse.find((l) => l.score === median(scores))!;
    return `| ${m.label} | ${m.load.signIn.length} | ${kb(signIn)} | ${m.load.dashboard.length} | ${kb(after)} | ${kb(signIn + after)} | ${median(scores)} (${scores.join(', ')}) | ${best.lcpMs.toLocaleString('en')} ms | ${best.tbtMs.toLocaleString('en')} ms |`;
  });
  const now = measured.at(-1)!;
  const signIn = sum(now.load.signIn);
  const whole = signIn + sum(now.load.dashboard);
  const score = median(now.lighthouse.map((l) => l.score));
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in one run: Chromium ${chromiumVersion} at 390 × 844 px with an empty cache, brotli and gzip accepted; Lighthouse ${lighthouseVersion()} in its mobile mode (simulated slow 4G and a slowed CPU), ${RUNS} runs, the median. The machine's load average at the end: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs (Lighthouse's slowed CPU multiplies the time the page's tasks took here, so a busy machine lowers the score; bytes do not vary).`,
    '',
    '| Build | Sign-in page: requests | transferred | Sign-in to dashboard: requests | transferred | In all | Lighthouse Performance on `/login` | LCP | TBT |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    `| Without scripts (the ceiling) | | | | | | ${median(ceiling.map((l) => l.score))} (${ceiling.map((l) => l.score).join(', ')}) | ${ceilingBest(ceiling).lcpMs.toLocaleString('en')} ms | ${ceilingBest(ceiling).tbtMs.toLocaleString('en')} ms |`,
    '',
    'The last row is the same sign-in page with its scripts taken out (the HTML drawn at build time and its stylesheet alone): the best this machine and Lighthouse give that page, as hello-world is for the server. What the scripts cost is the difference.',
    '',
    ...measured.flatMap((m) => [
      `${m.label}, the sign-in page: ${describe(m.load.signIn)}; sign-in to dashboard: ${describe(m.load.dashboard)}.`,
      '',
    ]),
    `Targets (${now.label.toLowerCase()}):`,
    '',
    `- The sign-in page: ${kb(signIn)} (at most ${kb(TARGET_SIGN_IN_BYTES)}): ${met(signIn <= TARGET_SIGN_IN_BYTES)}`,
    `- The sign-in page and the dashboard after it, in all: ${kb(whole)} (at most ${kb(TARGET_DASHBOARD_BYTES)}): ${met(whole <= TARGET_DASHBOARD_BYTES)}`,
    `- Lighthouse mobile Performance on the sign-in page: ${score} (at least ${TARGET_PERFORMANCE}): ${met(score >= TARGET_PERFORMANCE)}`,
  ];
  return lines.join('\n');
}

const ceilingBest = (scores: Score[]) => scores.find((l) => l.score === median(scores.map((s) => s.score)))!;

function lighthouseVersion(): string {
  const file = join(ROOT, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
  let after = process.env.BENCH_ADMIN_DIR ? resolve(process.env.BENCH_ADMIN_DIR) : undefined;
  if (!after) {
    buildIfStale();
    after = join(ROOT, 'dist/admin');
  }
  const before = process.env.BENCH_ADMIN_BEFORE ? resolve(process.env.BENCH_ADMIN_BEFORE) : undefined;
  for (const dir of [before, after]) {
    if (dir && !existsSync(join(dir, 'index.html'))) throw new Error(`${dir} has no index.html: not a built admin.`);
  }
  try {
    const measured: (Measured & { chromium: string })[] = [];
    if (before) measured.push(await measureBuild('Before', before));
    measured.push(await measureBuild(before ? 'Now' : 'This build', after));
    const ceiling = await measureCeiling(after);
    const table = await prettier.format(report(measured, ceiling, measured.at(-1)!.chromium), {
      parser: 'markdown',
      printWidth: 120,
    });
    console.log(`\n${table}`);
    if (process.env.BENCH_WRITE_DOCS === '1') {
      const doc = await readFile(DOC, 'utf8');
      const start = doc.indexOf(START);
      const end = doc.indexOf(END);
      if (start === -1 || end === -1) throw new Error(`${DOC} lacks the markers ${START} and ${END}.`);
      await writeFile(DOC, `${doc.slice(0, start + START.length)}\n\n${table}\n${doc.slice(end)}`);
      console.log(`Wrote the table into ${DOC}.`);
    }
  } finally {
    for (const child of running) await child.stop().catch(() => undefined);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
