/**
 * Writes the JavaScript of the server's TypeScript into a cache, for typescript-hooks.js to give Node instead of the
 * `.ts` files. It runs as a child process of the server (so that Node's own type stripper, amaro, is loaded in this
 * short-lived process and never in the server's): `node src/server/strip-types.ts` writes again every file whose
 * copy is not current, `node src/server/strip-types.ts FILE...` those files.
 *
 * A `.ts` file's types are stripped by Node's own function (`module.stripTypeScriptTypes`), exactly as Node runs it:
 * every line and column stays where it was, so stack traces point into the source. A `.tsx` file (the public site's
 * pages) is compiled by esbuild, JSX to react/jsx-runtime calls, with an inline source map.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { transform } from 'esbuild';

export const ROOT = resolve(import.meta.dirname, '../..');
/**
 * Where the stripped files are: the same path under it, `.js` added. One folder per copy of the project, named by a
 * hash of its path: copies may share node_modules (the recipe test's copy links it), and each has its own sources.
 */
export const CACHE = join(
  ROOT,
  'node_modules/.cache/stripped-typescript',
  createHash('sha256').update(ROOT).digest('hex').slice(0, 16),
);
/** The folders whose TypeScript a server process may load; the admin's screens are the browser's. */
const FOLDERS = ['src', 'public-site', 'scripts'];

export function cachedPath(source: string): string {
  return join(CACHE, `${relative(ROOT, source)}.js`);
}

/**
 * The last line of a stripped file: the SHA-256 of the source file it was made from. A copy is current when its
 * source still hashes to it, whatever the files' dates say (a copy of the project that kept old dates, a clock set
 * back). typescript-hooks.js checks the same line.
 */
export function trailerOf(bytes: Uint8Array): string {
  return `\n// stripped from ${createHash('sha256').update(bytes).digest('hex')}\n`;
}

function isCurrent(source: string, bytes: Uint8Array): boolean {
  try {
    return readFileSync(cachedPath(source), 'utf8').endsWith(trailerOf(bytes));
  } catch {
    return false;
  }
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

async function javascriptOf(source: string, text: string): Promise<string> {
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

/**
 * Removes the stripped files of copies of the project that are gone (a test's copy in a temporary folder), and says
 * which copy this folder is for.
 */
function forgetGoneCopies(): void {
  const all = dirname(CACHE);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(join(CACHE, 'root.txt'), ROOT);
  for (const entry of readdirSync(all, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let root: string;
    try {
      root = readFileSync(join(all, entry.name, 'root.txt'), 'utf8');
    } catch {
      continue;
    }
    if (!existsSync(root)) rmSync(join(all, entry.name), { recursive: true, force: true });
  }
}

/** Strips `files` (every one of the folders whose copy is not current, when none is given); the count written. */
export async function stripStale(files: readonly string[] = []): Promise<number> {
  if (files.length === 0) forgetGoneCopies();
  const chosen =
    files.length > 0 ? files.map((file) => resolve(file)) : FOLDERS.flatMap((f) => [...sources(join(ROOT, f))]);
  let written = 0;
  for (const source of chosen) {
    const bytes = readFileSync(source);
    if (files.length === 0 && isCurrent(source, bytes)) continue;
    const target = cachedPath(source);
    mkdirSync(dirname(target), { recursive: true });
    // Written whole, then renamed: a server starting meanwhile reads the old file or the new one, never half of one.
    let javascript: string;
    try {
      javascript = await javascriptOf(source, bytes.toString('utf8'));
    } catch (error) {
      // In the pass over every file, a file that does not parse is left to the moment it is loaded, if ever: its
      // error is said then, for that file, and a server that never loads it starts.
      if (files.length === 0) continue;
      throw new Error(`${relative(ROOT, source)}: ${(error as Error).message}`, { cause: error });
    }
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, javascript + trailerOf(bytes));
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
