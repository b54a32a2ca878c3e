/**
 * Browser tests: the built admin app served by the real server (PGlite in a temporary directory) in a child
 * process, driven in the machine's Chromium through playwright-core. Where no Chromium is found the tests are
 * skipped with one line saying so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildIfStale } from '../../scripts/build-if-stale.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium).`);

export const ADMIN = { email: 'admin@example.org', password: 'e2e-password-123' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Stack {
  url: string;
  browser: Browser;
  /** Stops the server (SIGTERM) and starts it again on the same data directory. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** `env`: configuration beside the defaults (SMTP_URL of a test mail server, say). */
export async function startStack(options: { env?: Record<string, string> } = {}): Promise<Stack> {
  buildIfStale();
  const dataDir = await mkdtemp(join(tmpdir(), 'trust-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startServer = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // The browser tests and their API calls all sign in from 127.0.0.1.
        LOGIN_RATE_LIMIT: '1000',
        SIGN_IN_FREE_FAILURES_PER_ADDRESS: '1000',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      if (i > 600 || child.exitCode !== null) throw new Error('The server did not start.');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stopServer = async (child: ChildProcess) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  let server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  return {
    url,
    browser,
    async restart() {
      await stopServer(server);
      server = await startServer();
    },
    async close() {
      await browser.close();
      await stopServer(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bearer token of the Admin of `stack`, for making content through the API before a browser looks at it. */
export async function adminToken(stack: Pick<Stack, 'url'>): Promise<string> {
  const login = await fetch(`${stack.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`The Admin could not sign in: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { user: { token: string } }).user.token;
}

/**
 * Waits until every open dialog has finished fading in: axe-core reads colours through the opacity of a dialog
 * still in its transition and would report its text as too faint.
 */
export async function dialogsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
}

let axeSource: string | undefined;

/**
 * axe-core's serious and critical violations on the page as it is now, one line each. axe is evaluated through the
 * browser's debugging protocol, so the page's CSP (script-src 'self') stays as it is.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[];
    }
    const results = await axe.run(document);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
  });
}
