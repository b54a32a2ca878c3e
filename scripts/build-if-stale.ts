/**
 * Builds the admin app when dist/admin is missing or older than any of its sources. Used by `npm start` and by
 * the browser tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const output = join(root, 'dist/admin/index.html');
const inputs = ['index.html', 'vite.config.ts', 'package-lock.json', 'src/admin', 'src/resources', 'public'];

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

/** Builds when stale; throws with a sentence when the build cannot run or fails. */
export function buildIfStale(log: (line: string) => void = console.log): void {
  if (!buildIsStale()) return;
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) {
    throw new Error('The admin app is not built and Vite is not installed: run `npm install`, then `npm run build`.');
  }
  log('Building the admin app (its sources changed since the last build)…');
  // Always the production build: called from the browser tests, NODE_ENV is `test`, and React would be bundled in
  // its development form (larger and slower), which a later `npm start` would then serve as fresh.
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The admin build failed; see above.');
}
