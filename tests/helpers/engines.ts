/**
 * Which database engines each server test file runs on. Its first line says so:
 *
 *     // engines: pglite, postgres — why (the file depends on the engine)
 *     // engines: pglite — why (engine-neutral: run once, on PGlite)
 *
 * vite.config.ts runs every file on PGlite and only the first kind on PostgreSQL (project server-postgres, when
 * TEST_DATABASE_URL is set). tests/server/engines.test.ts holds every file to a line of either kind, and refuses
 * `pglite` alone on a file that touches the database itself (sqlOfItsOwn). docs/decisions.md says why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_TESTS_DIR = 'tests/server';

export type Engines = 'pglite' | 'pglite, postgres';

/** The engines a file's first line names, or undefined when it names none (or says it otherwise). */
export function enginesOf(source: string): Engines | undefined {
  const first = source.split('\n', 1)[0]!;
  const match = /^\/\/ engines: (pglite, postgres|pglite) [—-] \S/.exec(first);
  return match ? (match[1] as Engines) : undefined;
}

/** Every server test file (path from the project's root) with the engines its first line names. */
export function serverTestFiles(root = process.cwd()): { file: string; engines: Engines | undefined }[] {
  return readdirSync(join(root, SERVER_TESTS_DIR), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => {
      const file = `${SERVER_TESTS_DIR}/${name}`;
      return { file, engines: enginesOf(readFileSync(join(root, file), 'utf8')) };
    });
}

/**
 * The files that run on PostgreSQL as well: those that name it, and any that names nothing (the check fails on
 * those, but until then they run everywhere rather than nowhere).
 */
export function postgresTestFiles(root = process.cwd()): string[] {
  return serverTestFiles(root)
    .filter(({ engines }) => engines !== 'pglite')
    .map(({ file }) => file);
}

/**
 * What in a file's source shows that it reaches the database itself rather than only through the app's routes: its
 * own SQL, the test app's database handle, a database opened or named by the file. Such a file runs on both.
 */
const OWN_SQL: [RegExp, string][] = [
  [/import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'drizzle-orm'/, "drizzle's sql"],
  [/from\s*'drizzle-orm\/[^']+'/, 'a drizzle driver or migrator'],
  [/from\s*'drizzle-orm'/, 'drizzle-orm'],
  [/\.database\b/, 'the test app’s database handle (t.database)'],
  [/\browsOf\b/, 'rowsOf'],
  [/\bownerUrl\b/, 'ownerUrl'],
  [/\bTEST_DB\b/, 'TEST_DB'],
  [/\bTEST_DATABASE_URL\b/, 'TEST_DATABASE_URL'],
  [/\bexecute\(/, 'execute('],
  [/\.unsafe\(/, 'a raw statement (.unsafe)'],
  [/\bopenDatabase\b/, 'openDatabase'],
  [/\bopenTestDatabase\b/, 'openTestDatabase'],
  [/\bPGlite\b/, 'PGlite'],
  [/from\s*'postgres'/, 'postgres.js'],
  [/src\/server\/db\//, 'a module of src/server/db'],
];

/** The signs of its own SQL found in a file's source (empty when it reaches the database only through the app). */
export function sqlOfItsOwn(source: string): string[] {
  return OWN_SQL.filter(([pattern]) => pattern.test(source)).map(([, what]) => what);
}
