// engines: pglite — npm's dry run; no database
/**
 * `npm install` on the Node the project runs on (Node 24, this test's own) prints no warning.
 * npm checks packages' `engines` against the Node that runs npm; on an older machine Node that check warns about
 * packages that will only ever run on Node 24 (README, "Which Node runs what"). On Node 24 any warning is a real
 * one: a package that does not support the runtime, a deprecation, a peer dependency conflict. A dry run builds the
 * same dependency tree and makes the same checks, and changes nothing on disk.
 */
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

/** npm's own script: the one `npm run` gave this process, or the one on the PATH. */
function npmCli(): string | undefined {
  const given = process.env.npm_execpath;
  if (given && existsSync(given) && given.endsWith('.js')) return given;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'npm');
    if (!existsSync(candidate)) continue;
    const real = realpathSync(candidate);
    if (real.endsWith('.js')) return real;
  }
  return undefined;
}

const cli = npmCli();

describe.skipIf(cli === undefined)('npm install on Node 24', () => {
  it('runs on the Node the project pins', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('prints no warning', { timeout: 120_000 }, async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      [cli!, 'install', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'],
      { cwd: root, env: { ...process.env, npm_config_update_notifier: 'false' }, maxBuffer: 16 * 1024 * 1024 },
    );
    const warnings = `${stdout}\n${stderr}`
      .split('\n')
      .filter((line) => /\bnpm (warn|WARN|ERR)/.test(line))
      // The machine's own npm configuration (a global or user npmrc) is not the project's to answer for.
      .filter((line) => !/Unknown (user|global|builtin) config/.test(line));
    expect(warnings).toEqual([]);
  });
});
