// engines: pglite — reads the test files' sources; no database
/**
 * Each server test file says on its first line which database engines it runs on (tests/helpers/engines.ts), and
 * one that reaches the database itself runs on both: an engine-neutral file runs once, on PGlite, and a file of its
 * own SQL never silently skips PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enginesOf, postgresTestFiles, serverTestFiles, sqlOfItsOwn } from '../helpers/engines.ts';

const files = serverTestFiles();

describe('the engines of the server tests', () => {
  it('are named on the first line of every file', () => {
    expect(files.length).toBeGreaterThan(40);
    const unmarked = files.filter(({ engines }) => engines === undefined).map(({ file }) => file);
    expect(unmarked, 'first line: "// engines: pglite, postgres — why" or "// engines: pglite — why"').toEqual([]);
  });

  it('include PostgreSQL for every file that reaches the database itself', () => {
    // This file's own examples of SQL below are strings, not statements.
    const once = files.filter(({ file, engines }) => engines === 'pglite' && !import.meta.filename.endsWith(file));
    const problems = once
      .map(({ file }) => ({ file, found: sqlOfItsOwn(readFileSync(file, 'utf8')) }))
      .filter(({ found }) => found.length > 0)
      .map(({ file, found }) => `${file} runs on PGlite only, but uses ${found.join(', ')}`);
    expect(problems).toEqual([]);
  });

  it('put on PostgreSQL exactly the files that name it', () => {
    expect(postgresTestFiles()).toEqual(
      files.filter(({ engines }) => engines === 'pglite, postgres').map(({ file }) => file),
    );
  });

  it('leave nothing behind for the next file of their worker (isolate: false, vite.config.ts)', () => {
    // What would outlive a file in the worker's shared module graph: a replaced module, a stubbed global or variable,
    // or a variable set by hand. (The spawned commands get their environment as an argument instead.)
    const lasting =
      /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;
    const problems = [...files.map(({ file }) => file), 'tests/helpers/app.ts']
      .filter((file) => !import.meta.filename.endsWith(file))
      .filter((file) => lasting.test(readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
    expect(lasting.test("process.env.TZ = 'Asia/Kolkata';")).toBe(true);
    expect(lasting.test("vi.stubEnv('TZ', 'UTC');")).toBe(true);
    expect(lasting.test("if (process.env.TEST_DB === 'postgres') return;")).toBe(false);
  });

  it('read the line and the signs of SQL as they are written', () => {
    expect(enginesOf('// engines: pglite, postgres — its own SQL\n/**')).toBe('pglite, postgres');
    expect(enginesOf('// engines: pglite — headers only\n')).toBe('pglite');
    expect(enginesOf('// engines: postgres — nothing else\n')).toBeUndefined();
    expect(enginesOf('// engines: pglite\n')).toBeUndefined();
    expect(enginesOf('/**\n// engines: pglite — not first\n')).toBeUndefined();
    expect(sqlOfItsOwn("import { eq, sql } from 'drizzle-orm';")).toContain("drizzle's sql");
    expect(sqlOfItsOwn('await t.database.db.select().from(accounts);')).not.toEqual([]);
    expect(sqlOfItsOwn('const [row] = rowsOf(await db.execute(query));')).toEqual(['rowsOf', 'execute(']);
    expect(sqlOfItsOwn("if (process.env.TEST_DB === 'postgres') return;")).toEqual(['TEST_DB']);
    expect(sqlOfItsOwn("const res = await t.api('GET', '/api/health');")).toEqual([]);
  });
});
