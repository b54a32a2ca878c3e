// engines: pglite, postgres — a migration, on an empty database of each engine
/**
 * Migration 0017 (duplicate department names used to be accepted; docs/operations.md, "Upgrade"): a database that
 * already holds departments of the same name, whatever their case and spaces, keeps the oldest as it is and renames
 * each later one "<name> (duplicate <id>)", so that the unique index can be made; afterwards a duplicate is refused. On
 * an empty database of the engine under test, migrated by hand.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, rowsOf } from '../../src/server/db/client.ts';
import { openEmptyDatabase } from '../helpers/app.ts';

const TAG = '0017_unique_department_names';
let folder: string | undefined;
let scratch: Awaited<ReturnType<typeof openEmptyDatabase>> | undefined;
afterAll(async () => {
  await scratch?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0017: unique department names', () => {
  it('renames the later of departments that share a name, then refuses a new duplicate', async () => {
    // The migrations before 0017: a copy of the folder whose journal stops before it.
    folder = await mkdtemp(join(tmpdir(), 'migrations-'));
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === TAG);
    expect(at).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    scratch = await openEmptyDatabase();
    const { db } = scratch;
    await scratch.migrate(folder);
    await db.execute(sql`
      insert into departments (id, department_name, description) overriding system value values
        (1, 'Finance', 'a'), (2, 'HR', 'b'), (3, ' finance ', 'c'), (4, 'FINANCE', 'd'), (5, 'Hr', 'e')`);

    await scratch.migrate(MIGRATIONS_FOLDER);
    const rows = rowsOf<{ id: number; department_name: string }>(
      await db.execute(sql`select id, department_name from departments order by id`),
    );
    expect(rows).toEqual([
      { id: 1, department_name: 'Finance' },
      { id: 2, department_name: 'HR' },
      { id: 3, department_name: 'finance (duplicate 3)' },
      { id: 4, department_name: 'FINANCE (duplicate 4)' },
      { id: 5, department_name: 'Hr (duplicate 5)' },
    ]);
    // Drizzle wraps the driver's error; PGlite names the constraint `constraint`, postgres.js `constraint_name`.
    const refused = await db
      .execute(
        sql`insert into departments (id, department_name, description) overriding system value values (6, '  fINANCE', 'x')`,
      )
      .then(
        () => undefined,
        (error: { cause?: { code?: string; constraint?: string; constraint_name?: string } }) => error.cause,
      );
    expect(refused?.code).toBe('23505');
    expect(refused?.constraint ?? refused?.constraint_name).toBe('departments_department_name_unique');
  });
});
