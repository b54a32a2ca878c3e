/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every file of the build that compresses
 * (scripts, styles, HTML, SVG, JSON, fonts other than WOFF2), once, at build time: the server sends the copy that
 * the browser accepts (@fastify/static's `preCompressed`, src/server/plugins/external/static.ts) without compressing
 * on each request. A copy that would not be smaller than the file is not written. Brotli at its best quality (11),
 * gzip at 9.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing; images, WOFF2 and archives are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|ttf|otf|ico|wasm)$/i;
/** Below this, the headers cost more than compression saves. */
export const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir`; returns how many were written. */
export async function precompress(dir: string): Promise<number> {
  let written = 0;
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: /\.(?:ttf|otf|ico|wasm)$/i.test(file)
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (copy.length >= bytes.length) continue;
        await writeFile(file + suffix, copy);
        written += 1;
      }
    }),
  );
  return written;
}

/**
 * `before`: what else writes into the build first, so that its files are compressed too (one hook: Vite runs the
 * plugins' writeBundle hooks side by side, and a file must be whole before it is read here).
 */
export function precompressPlugin(options: { before?: (root: string, dir: string) => Promise<unknown> } = {}): Plugin {
  let root = '';
  return {
    name: 'trust-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After the files are written (and the public directory copied beside them).
    async writeBundle(output) {
      if (!output.dir) return;
      const dir = resolve(root, output.dir);
      await options.before?.(root, dir);
      await precompress(dir);
    },
  };
}
