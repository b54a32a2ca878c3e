/**
 * Browser tests: the built admin app served by the real server (PGlite) in a child process, driven in the machine's
 * Chromium through playwright-core. One server and one Chromium serve the whole run (global-setup.ts): a file gets
 * them from `startStack()`, and keeps to data of its own making (names it alone uses; no list assumed empty). A file
 * that needs what a shared server cannot give (a setting of its own, a restart, an empty database) starts its own
 * server with `startOwnStack()`, on a copy of the run's migrated database, and says why. Where no Chromium is found
 * the tests are skipped with one line saying so.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { ReceivedMail } from '../helpers/smtp.ts';
import { readMailDrop } from './mail-drop.ts';
import { ADMIN, CHROMIUM, hasChromium, startServer, type E2eRun } from './stack.ts';

export { ADMIN, CHROMIUM, hasChromium };

if (!hasChromium) console.log(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium).`);

export interface Stack {
  url: string;
  /** The run's Chromium, connected for this file: closing the stack closes the contexts the file opened. */
  browser: Browser;
  close(): Promise<void>;
}

export interface OwnStack extends Stack {
  /**
   * Stops the server (SIGTERM) and starts it again on the same data directory, with `env` instead of the
   * configuration it was started with when given (SMTP_URL once a mail server is configured, say).
   */
  restart(options?: { env?: Record<string, string> }): Promise<void>;
}

function run(): E2eRun {
  const provided = inject('e2e');
  if (!provided) throw new Error("The browser tests' global setup did not run (tests/e2e/global-setup.ts).");
  return provided;
}

/** The run's shared server, and the run's Chromium. */
export async function startStack(): Promise<Stack> {
  const { url, wsEndpoint } = run();
  const browser = await chromium.connect(wsEndpoint);
  return { url, browser, close: () => browser.close() };
}

/**
 * A server of this file's own, on a fresh copy of the migrated database with nothing but the Admin in it, and the
 * run's Chromium. `env`: configuration beside the defaults (SMTP_URL of a test mail server, say).
 */
export async function startOwnStack(options: { env?: Record<string, string> } = {}): Promise<OwnStack> {
  const { staticDir, template, wsEndpoint } = run();
  const server = await startServer({ staticDir, template, env: options.env });
  let browser: Browser;
  try {
    browser = await chromium.connect(wsEndpoint);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: server.url,
    browser,
    restart: (again) => server.restart(again),
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/** The messages the shared server has sent so far, as its test SMTP server received them. */
export function sharedMail(): ReceivedMail[] {
  return readMailDrop(run().mailFile);
}

/**
 * Types `text` into a list's search box and waits until the list has taken it (react-admin applies a search after a
 * pause and writes it into the address): clicking on before then, the search would land later and take the page
 * back to the list.
 */
export async function searchList(page: Page, placeholder: string, text: string): Promise<void> {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.waitForURL((url) => {
    const filter = url.searchParams.get('filter');
    return filter !== null && (JSON.parse(filter) as { q?: unknown }).q === text;
  });
  await page.waitForLoadState('networkidle');
}

/** A download's bytes (the browser is connected to, not launched here: its files are read through the connection). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A word for this run of this file, to make the names of its records its own on the shared server. */
export const uniqueTag = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

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
