// @ts-check
/**
 * The server's TypeScript, given to Node already stripped, so that the server's process never loads Node's own type
 * stripper: amaro, a WebAssembly build of swc that stays in memory once loaded (the idle server went from about 205
 * to 160 MB without it: docs/performance.md, "Our TypeScript stripped before it runs").
 *
 * Node runs this file first (`--import`, in src/server/node-flags.ts: npm start, the benches and the browser tests);
 * main.ts imports it too, for a server started without the option, and routes/web/site.ts before it loads the public
 * site's JSX, for any other process (npm run seed:demo). The stripped files are written by strip-types.ts in a
 * child process: every one whose copy is not current when the process starts, and any file found changed later,
 * alone, when it is loaded (a copy is current when it ends with the hash of its source file).
 * Their URLs stay those of the `.ts` files, so `import.meta.url` and the paths made from it are unchanged.
 *
 * This file is JavaScript because it is the one the server loads before it can load TypeScript without amaro
 * (docs/decisions.md, "The server's TypeScript is stripped before it runs").
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
// As strip-types.ts names it: a folder for each copy of the project, since copies may share node_modules.
const CACHE = join(
  ROOT,
  'node_modules/.cache/stripped-typescript',
  createHash('sha256').update(ROOT).digest('hex').slice(0, 16),
);
const STRIPPER = join(ROOT, 'src/server/strip-types.ts');
const OURS = /\.tsx?$/;

/**
 * Runs strip-types.ts on `files` (when none, every file whose copy is not current), in a process of its own.
 * @param {string[]} files
 */
function strip(files) {
  const run = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', STRIPPER, ...files], {
    stdio: ['ignore', 'inherit', 'inherit'],
    // Not the server's NODE_OPTIONS: an --inspect there is for the server, whose port it already holds.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (run.status !== 0)
    throw new Error(`The server's TypeScript could not be prepared (strip-types.ts ${run.status}).`);
}

/**
 * The stripped JavaScript of `source`, written again first unless it ends with the hash of the source file (the
 * line strip-types.ts's trailerOf writes).
 * @param {string} source
 * @returns {string}
 */
function stripped(source) {
  const target = join(CACHE, `${relative(ROOT, source)}.js`);
  // Read and compared as bytes: the server's memory gets one string a module, the JavaScript Node compiles.
  const trailer = Buffer.from(
    `\n// stripped from ${createHash('sha256').update(readFileSync(source)).digest('hex')}\n`,
  );
  /** @type {Buffer | undefined} */
  let javascript;
  try {
    javascript = readFileSync(target);
  } catch {
    javascript = undefined;
  }
  if (!javascript || !javascript.subarray(-trailer.length).equals(trailer)) {
    strip([source]);
    javascript = readFileSync(target);
  }
  return javascript.toString('utf8');
}

// One process brings the cache up to date: not a cluster's workers, nor a worker thread, which start after it.
if (cluster.isPrimary && isMainThread) strip([]);

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && OURS.test(url)) {
      const source = fileURLToPath(url);
      if (source.startsWith(`${ROOT}/`) && !source.includes('/node_modules/')) {
        return { format: 'module', source: stripped(source), shortCircuit: true };
      }
    }
    return nextLoad(url, context);
  },
});
