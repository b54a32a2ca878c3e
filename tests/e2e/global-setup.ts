/**
 * Once per run of the browser tests (vite.config.ts, the e2e project's globalSetup): the admin app built if stale and
 * copied (a build of the checkout during the run then pulls no chunk from under an open page), a migrated database to
 * copy, the shared server on a copy of it (with a test SMTP server), and one Chromium that every file connects to.
 * The files get them through harness.ts; teardown stops them all. docs/decisions.md, "Browser tests: one build, one
 * shared server and one Chromium per run…", says which files start a server of their own and why.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import { startMailDrop } from './mail-drop.ts';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium, makeTemplate, startServer, type E2eRun } from './stack.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!hasChromium) {
    project.provide('e2e', null);
    return undefined;
  }
  buildIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'trust-e2e-run-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const staticDir = join(dir, 'admin');
    cpSync('dist/admin', staticDir, { recursive: true });
    const [template, browser] = await Promise.all([
      makeTemplate(staticDir),
      chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
    cleanups.push(() => browser.close());
    cleanups.push(() => rmSync(template, { recursive: true, force: true }));
    const mailFile = join(dir, 'mail.jsonl');
    const mail = await startMailDrop(mailFile);
    cleanups.push(() => mail.close());
    const server = await startServer({
      staticDir,
      template,
      env: {
        SMTP_URL: mail.url,
        // Every file's visitors post the public forms from 127.0.0.1, an hour's allowance of one address for all.
        PUBLIC_FORM_LIMIT_PER_ADDRESS: '1000',
      },
    });
    cleanups.push(() => server.stop());
    const run: E2eRun = { url: server.url, wsEndpoint: browser.wsEndpoint(), staticDir, template, mailFile };
    project.provide('e2e', run);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
