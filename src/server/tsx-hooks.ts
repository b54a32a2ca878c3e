/**
 * Module hooks that let Node load the public site's `.tsx` files (public-site/): Node strips the types of `.ts`
 * itself but does not compile JSX, so a `.tsx` file is compiled here by esbuild (types stripped, JSX to
 * react/jsx-runtime calls) as it is loaded. Registered once a process by routes/web/site.ts before it imports the
 * site (under Vitest, which compiles the files it runs itself, they see only what Vitest leaves to Node).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

interface LoadContext {
  format?: string | null;
}
type NextLoad = (url: string, context?: LoadContext) => Promise<{ format?: string | null; source?: unknown }>;

export async function load(url: string, context: LoadContext, nextLoad: NextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const { code } = await transform(await readFile(path, 'utf8'), {
    loader: 'tsx',
    jsx: 'automatic',
    format: 'esm',
    target: 'node24',
    sourcefile: path,
    sourcemap: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}
