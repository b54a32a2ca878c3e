/**
 * drizzle-orm is loaded as CommonJS in the server's process, everything else as it is.
 *
 * drizzle-orm ships both module formats and a 179 KB package.json (its `exports` map). Node 22 and later read and
 * parse that package.json again for every one of drizzle's ES modules it loads (several hundred), which left the idle
 * server about 120 MB larger and 2 s slower to start than the same code loaded as CommonJS, where files named `.cjs`
 * need no such lookup (docs/performance.md, "The idle server"). The packages drizzle itself requires (the PostgreSQL
 * client, PGlite) are resolved as the server imports them, so that each is loaded once, in one format.
 *
 * Vitest loads modules its own way, so tests do not pass through this; tests/server/module-hooks.test.ts starts a real
 * process with it.
 */
import { registerHooks } from 'node:module';

const DRIZZLE = /^drizzle-orm(\/|$)/;
const INSIDE_DRIZZLE = /\/node_modules\/drizzle-orm\//;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (DRIZZLE.test(specifier)) {
      return nextResolve(specifier, { ...context, conditions: ['node', 'require'] });
    }
    const bare = !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.includes(':');
    if (bare && context.parentURL !== undefined && INSIDE_DRIZZLE.test(context.parentURL)) {
      return nextResolve(specifier, { ...context, conditions: ['node', 'import'] });
    }
    return nextResolve(specifier, context);
  },
});
