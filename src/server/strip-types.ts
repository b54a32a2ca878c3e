/**
 * Writes the JavaScript of the server's TypeScript into a cache, for typescript-hooks.js to give Node instead of the
 * `.ts` files. It runs as a child process of the server (so that Node's own type stripper, amaro, is loaded in this
 * short-lived process and never in the server's): `node src/server/strip-types.ts` brings every stale file up to
 * date, `node src/server/strip-types.ts FILE...` those files only.
 *
 * A `.ts` file's types are stripped by Node's own function (`module.stripTypeScriptTypes`), exactly as Node runs it:
 * every line and column stays where it was, so stack traces point into the source. A `.tsx` file (the public site's
 * pages) is compiled by esbuild, JSX to react/jsx-runtime calls, with an inline source map.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { transform } from 'esbuild';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Where the stripped files are: the same path under it, `.js` added. */
export const CACHE = join(ROOT, 'node_modules/.cache/stripped-typescript');
/** The folders whose TypeScript a server process may load; the admin's screens are the browser's. */
const FOLDERS = ['src', 'public-site', 'scripts'];

export function cachedPath(source: string): string {
  return join(CACHE, `${relative(ROOT, source)}.js`);
}

function isStale(source: string): boolean {
  const stripped = statSync(cachedPath(source), { throwIfNoEntry: false });
  return !stripped || stripped.mtimeMs < statSync(source).mtimeMs;
}

/** The TypeScript files of `folder` a server may load: no tests, no declarations, no screens of the admin. */
function* sources(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) yield* sources(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
      if (!(entry.name.endsWith('.tsx') && path.startsWith(join(ROOT, 'src/admin')))) yield path;
    }
  }
}

async function javascriptOf(source: string): Promise<string> {
  const text = readFileSync(source, 'utf8');
  if (!source.endsWith('.tsx')) return stripTypeScriptTypes(text, { mode: 'strip' });
  const { code } = await transform(text, {
    loader: 'tsx',
    jsx: 'automatic',
    format: 'esm',
    target: 'node24',
    sourcefile: source,
    sourcemap: 'inline',
  });
  return code;
}

/** Strips `files` (every stale one of the folders when none is given); the count written. */
export async function stripStale(files: readonly string[] = []): Promise<number> {
  const chosen =
    files.length > 0 ? files.map((file) => resolve(file)) : FOLDERS.flatMap((f) => [...sources(join(ROOT, f))]);
  let written = 0;
  for (const source of chosen) {
    if (files.length === 0 && !isStale(source)) continue;
    const target = cachedPath(source);
    mkdirSync(dirname(target), { recursive: true });
    // Written whole, then renamed: a server starting meanwhile reads the old file or the new one, never half of one.
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, await javascriptOf(source));
    renameSync(partial, target);
    written++;
  }
  return written;
}

if (import.meta.main) {
  try {
    await stripStale(process.argv.slice(2));
  } catch (error) {
    console.error(`The server's TypeScript could not be prepared: ${(error as Error).message}`);
    process.exit(1);
  }
}
