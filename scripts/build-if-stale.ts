/**
 * Builds the admin app when dist/admin is missing or older than any of its sources. Used by `npm start` and by
 * the browser tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const output = join(root, 'dist/admin/index.html');
const inputs = [
  'index.html',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-prerender.ts',
  'package-lock.json',
  'src/admin',
  'src/resources',
  'public',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

export function buildIsStale(): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newest(join(root, input)) > built);
}

/** Waits `ms` milliseconds without giving up the thread (the callers are synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds when stale; throws with a sentence when the build cannot run or fails. Several processes may ask at once
 * (browser-test files, a developer's `npm start`): one builds while the others wait on a lock directory, and the
 * build goes to a directory of its own that replaces dist/admin in two renames, so nobody serves a half-written app.
 */
export function buildIfStale(log: (line: string) => void = console.log): void {
  if (!buildIsStale()) return;
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) {
    throw new Error('The admin app is not built and Vite is not installed: run `npm install`, then `npm run build`.');
  }
  mkdirSync(join(root, 'dist'), { recursive: true });
  const lock = join(root, 'dist/.admin-build-lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than ten minutes belongs to a build that died.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true });
      if (Date.now() - started > 900_000) throw new Error(`Another admin build has held ${lock} for 15 minutes.`);
      pause(500);
    }
  }
  try {
    if (!buildIsStale()) return; // built by the process we waited for
    log('Building the admin app (its sources changed since the last build)…');
    const fresh = join(root, `dist/.admin-${process.pid}`);
    const old = join(root, `dist/.admin-old-${process.pid}`);
    // Always the production build: called from the browser tests, NODE_ENV is `test`, and React would be bundled in
    // its development form (larger and slower), which a later `npm start` would then serve as fresh.
    const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', fresh], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      rmSync(fresh, { recursive: true, force: true });
      throw new Error('The admin build failed; see above.');
    }
    const current = join(root, 'dist/admin');
    if (existsSync(current)) renameSync(current, old);
    renameSync(fresh, current);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
