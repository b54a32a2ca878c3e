/**
 * The public website as a visitor on a cheap phone meets it (docs/performance.md, "The public website"), on a real
 * server with real content:
 *
 * - Lighthouse (the npm package, driving the machine's Chromium) in its mobile mode, with its simulated slow network
 *   and CPU, on the home page, a news item, an album and donate-now: Performance, Accessibility, Best Practices and
 *   SEO (target: at least 95 each);
 * - what the first view of each page transfers, and how much of it is JavaScript, compressed (targets: the home
 *   page at most 250 KB; at most 30 KB of JavaScript on a page that has any);
 * - the home page at 100 connections (as a browser asks: brotli accepted), beside a bare Fastify hello-world
 *   measured right after it, and their ratio; no error.
 *
 * The content is made through the API like staff would make it: the trust's details, news items and blog posts with
 * photographs, an album of eight photographs, events. `npm run bench:site`; `npm run bench` runs it too.
 * Environment: BENCH_DURATION (seconds of the load row, default 10), BENCH_CHROMIUM (default /usr/bin/chromium),
 * BENCH_WRITE_DOCS=1 (write the table into docs/performance.md between its site markers).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { freePort, running, startChild, type Child } from './child.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const ADMIN = { email: 'bench@example.org', password: 'bench-password-0123' };
const DOC = join(ROOT, 'docs/performance.md');
const START = '<!-- site-bench:start -->';
const END = '<!-- site-bench:end -->';

const TARGET_SCORE = 95;
const TARGET_HOME_BYTES = 250 * 1024;
const TARGET_SCRIPT_BYTES = 30 * 1024;

async function api(
  server: Child,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ id: number }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { id: number };
}

/** A photograph-like JPEG (blurred noise: it compresses about as a photograph does), uploaded for a field. */
async function photo(server: Child, token: string, resource: string, field: string, seed: number): Promise<string> {
  const width = 2400;
  const height = 1600;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3 as const,
      background: '#000',
      noise: { type: 'gaussian' as const, mean: 110 + (seed % 5) * 10, sigma: 40 },
    },
  })
    .blur(2)
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('resource', resource);
  form.append('field', field);
  form.append('file', new Blob([new Uint8Array(noise)], { type: 'image/jpeg' }), `photo-${seed}.jpg`);
  const response = await fetch(`${server.url}/api/v2/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { path?: string };
  if (response.status !== 201 || !body.path) throw new Error(`Upload failed: ${JSON.stringify(body)}`);
  return body.path;
}

const PARAGRAPHS = [
  'विद्यालय परिवार ने इस अवसर पर सभी विद्यार्थियों, अभिभावकों और अतिथियों का हार्दिक स्वागत किया।',
  'कार्यक्रम का आरंभ वैदिक मंगलाचरण से हुआ, जिसके बाद विद्यार्थियों ने संस्कृत श्लोकों का सस्वर पाठ किया।',
  'ट्रस्ट के सदस्यों ने आने वाले सत्र की योजनाओं और छात्रवृत्ति की जानकारी दी।',
  'अंत में सभी ने मिलकर वृक्षारोपण किया और प्रसाद ग्रहण किया।',
];

interface Seeded {
  newsId: number;
  albumId: number;
}

async function seed(server: Child, token: string): Promise<Seeded> {
  await api(server, token, 'PUT', '/api/v2/trust-settings/1', {
    name_hi: 'श्री वेद विद्या गुरुकुल',
    name_en: 'Shri Ved Vidya Gurukul',
    address: 'ग्राम रामपुर, ज़िला वाराणसी, उत्तर प्रदेश 221001',
    phone: '+91 94150 12345',
    email: 'office@example.org',
    upi_id: 'gurukul@sbi',
    bank_account_name: 'Shri Ved Vidya Gurukul Trust',
    bank_account_number: '123456789012',
    bank_ifsc: 'SBIN0001234',
    bank_name: 'State Bank of India',
    bank_branch: 'Varanasi',
  });
  let newsId = 0;
  for (let i = 1; i <= 12; i++) {
    const item = await api(server, token, 'POST', '/api/v2/news', {
      title: `समाचार ${i}: विद्यालय का वार्षिक उत्सव`,
      content: PARAGRAPHS.map((p) => `<p>${p}</p>`).join(''),
      publish_date: `2026-10-${String(i).padStart(2, '0')}`,
      status: 'Active',
      image: await photo(server, token, 'news', 'image', i),
    });
    newsId = item.id;
    await api(server, token, 'POST', '/api/v2/blog', {
      title: `लेख ${i}: गुरुकुल की दिनचर्या`,
      content: PARAGRAPHS.map((p) => `<p>${p}</p>`).join(''),
      publish_date: `2026-10-${String(i).padStart(2, '0')}`,
      status: 'Published',
      image: await photo(server, token, 'blog_posts', 'image', 100 + i),
    });
  }
  const images = [];
  for (let i = 0; i < 8; i++) images.push(await photo(server, token, 'image_albums', 'images.files', 200 + i));
  const album = await api(server, token, 'POST', '/api/v2/gallery-images', {
    title: 'वार्षिक उत्सव 2026',
    description: 'उत्सव के कुछ चित्र।',
    date: '2026-10-12',
    thumbnail: await photo(server, token, 'image_albums', 'thumbnail', 300),
    images: [{ description: 'मंच पर विद्यार्थी', files: images }],
  });
  return { newsId, albumId: album.id };
}

interface Audit {
  path: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  bytes: number;
  scriptBytes: number;
  lcpMs: number;
  cls: number;
}

async function audit(port: number, url: string, path: string): Promise<Audit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
    ?.items;
  const transfer = (filter: (item: Record<string, unknown>) => boolean) =>
    (requests ?? []).filter(filter).reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  return {
    path,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    bytes: transfer(() => true),
    scriptBytes: transfer((item) => item.resourceType === 'Script'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  };
}

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: 100,
    duration: DURATION,
    headers: { 'accept-encoding': 'br' },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const number = (n: number) => n.toLocaleString('en');

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-site-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  try {
    const server = await startChild(
      'server',
      join(ROOT, 'src/server/main.ts'),
      {
        DATA_DIR: join(dataDir, 'data'),
        UPLOADS_DIR: join(dataDir, 'uploads'),
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      '/api/health',
    );
    cleanups.unshift(() => server.stop());
    const login = await (
      await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json();
    const token = (login as { user: { token: string } }).user.token;
    console.log('Seeding the content…');
    const seeded = await seed(server, token);

    const debugPort = await freePort();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        `--remote-debugging-port=${debugPort}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    cleanups.unshift(() => browser.close());
    const paths = ['/web', `/web/news/${seeded.newsId}`, `/web/images/${seeded.albumId}`, '/web/donate-now'];
    const audits: Audit[] = [];
    for (const path of paths) {
      console.log(`Lighthouse (mobile): ${path}…`);
      // Once to warm the server's page cache, as a visitor after the first one finds it.
      await fetch(`${server.url}${path}`);
      audits.push(await audit(debugPort, `${server.url}${path}`, path));
    }

    console.log('Load: the home page and hello-world at 100 connections…');
    await load(`${server.url}/web`);
    const home = await load(`${server.url}/web`);
    const hello = await startChild('hello', join(ROOT, 'bench/hello.ts'), {}, '/');
    cleanups.unshift(() => hello.stop());
    await load(`${hello.url}/`);
    const ceiling = await load(`${hello.url}/`);

    const met = (ok: boolean) => (ok ? 'met' : '**missed**');
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Lighthouse ${lighthouseVersion()} in its mobile mode (simulated slow 4G and a slowed CPU), Chromium ${browser.version()}.`,
      '',
      '| Page | Performance | Accessibility | Best Practices | SEO | LCP | CLS | Transferred | of it JavaScript |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...audits.map(
        (a) =>
          `| \`${a.path}\` | ${a.scores.performance} | ${a.scores.accessibility} | ${a.scores['best-practices']} | ${a.scores.seo} | ${number(a.lcpMs)} ms | ${a.cls} | ${kb(a.bytes)} | ${kb(a.scriptBytes)} |`,
      ),
      '',
      `Load, 100 connections, ${DURATION} s, brotli accepted: the home page ${number(home.requestsPerSecond)} requests/s (p99 ${home.p99} ms, ${home.errors} errors or non-2xx), hello-world right after it ${number(ceiling.requestsPerSecond)} requests/s: **${((home.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(1)}%** of hello-world.`,
      '',
      'Targets:',
      '',
      ...audits.map((a) => {
        const low = Object.entries(a.scores).filter(([, s]) => s < TARGET_SCORE);
        return `- \`${a.path}\`: every Lighthouse score at least ${TARGET_SCORE}: ${met(low.length === 0)}${low.length ? ` (${low.map(([k, s]) => `${k} ${s}`).join(', ')})` : ''}; JavaScript ${kb(a.scriptBytes)} (at most ${kb(TARGET_SCRIPT_BYTES)}): ${met(a.scriptBytes <= TARGET_SCRIPT_BYTES)}`;
      }),
      `- The home page's first view: ${kb(audits[0]!.bytes)} (at most ${kb(TARGET_HOME_BYTES)}): ${met(audits[0]!.bytes <= TARGET_HOME_BYTES)}`,
      `- The home page under load: ${home.errors} errors: ${met(home.errors === 0)}`,
    ];
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    if (process.env.BENCH_WRITE_DOCS === '1') {
      const doc = await readFile(DOC, 'utf8');
      const start = doc.indexOf(START);
      const end = doc.indexOf(END);
      if (start === -1 || end === -1) throw new Error(`${DOC} lacks the markers ${START} and ${END}.`);
      await writeFile(DOC, `${doc.slice(0, start + START.length)}\n\n${table}\n\n${doc.slice(end)}`);
      console.log(`Wrote the table into ${DOC}.`);
    }
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    for (const child of running) await child.stop().catch(() => undefined);
  }
}

function lighthouseVersion(): string {
  const file = join(ROOT, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

await main();
