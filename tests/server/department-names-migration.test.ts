/**
 * Migration 0017 (issue 13: duplicate department names were accepted): a database that already holds departments
 * of the same name, whatever their case and spaces, keeps the oldest as it is and renames each later one
 * "<name> (duplicate <id>)", so that the unique index can be made; afterwards a duplicate is refused.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/server/db/client.ts';

const TAG = '0017_unique_department_names';
let folder: string | undefined;
let client: PGlite | undefined;
afterAll(async () => {
  await client?.close();
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

    client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      insert into departments (id, department_name, description) overriding system value values
        (1, 'Finance', 'a'), (2, 'HR', 'b'), (3, ' finance ', 'c'), (4, 'FINANCE', 'd'), (5, 'Hr', 'e');`);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const { rows } = await client.query<{ id: number; department_name: string }>(
      'select id, department_name from departments order by id',
    );
    expect(rows).toEqual([
      { id: 1, department_name: 'Finance' },
      { id: 2, department_name: 'HR' },
      { id: 3, department_name: 'finance (duplicate 3)' },
      { id: 4, department_name: 'FINANCE (duplicate 4)' },
      { id: 5, department_name: 'Hr (duplicate 5)' },
    ]);
    await expect(
      client.query(
        `insert into departments (id, department_name, description) overriding system value values (6, '  fINANCE', 'x')`,
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'departments_department_name_unique' });
  });
});
