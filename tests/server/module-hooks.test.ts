// engines: pglite — a process of its own loads the modules; no database is opened
/**
 * src/server/module-hooks.ts in a real Node process (Vitest resolves modules its own way): drizzle-orm comes as
 * CommonJS, and the database clients drizzle requires are the very modules the server imports.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

const PROBE = `
import { createRequire } from 'node:module';
const insideDrizzle = createRequire(import.meta.resolve('drizzle-orm/pglite'));
const pglite = await import('@electric-sql/pglite');
const postgres = await import('postgres');
const drizzleCore = await import('drizzle-orm');
console.log(JSON.stringify({
  drizzle: import.meta.resolve('drizzle-orm'),
  pgCore: import.meta.resolve('drizzle-orm/pg-core'),
  // require() of an ES module answers its namespace (with a default export, a copy that marks it __esModule): the
  // same module when its exports are the very objects import() answers.
  samePglite: insideDrizzle('@electric-sql/pglite') === pglite,
  samePostgres: insideDrizzle('postgres').default === postgres.default,
  sql: typeof drizzleCore.sql,
}));
`;

describe('the server’s module hooks', () => {
  it('load drizzle-orm as CommonJS and its database clients once, as the server imports them', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', './src/server/module-hooks.ts', '--input-type=module', '--eval', PROBE],
      { cwd: new URL('../..', import.meta.url).pathname },
    );
    const probe = JSON.parse(stdout) as Record<string, unknown>;
    expect(probe.drizzle).toMatch(/\/node_modules\/drizzle-orm\/index\.cjs$/);
    expect(probe.pgCore).toMatch(/\/node_modules\/drizzle-orm\/pg-core\/index\.cjs$/);
    expect(probe).toMatchObject({ samePglite: true, samePostgres: true, sql: 'function' });
  });
});
