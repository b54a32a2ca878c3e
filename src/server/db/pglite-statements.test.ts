import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatements } from './pglite-statements.ts';

describe('PGlite named statements', () => {
  let db: PGlite;
  let plain: PGlite;
  let prepared: () => number;

  beforeAll(async () => {
    // Two databases with the same rows: one through the named statements, one through PGlite's own query.
    [db, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const client of [db, plain]) {
      await client.exec(`
        create table t (id serial primary key, name text not null unique, at timestamptz, n numeric, tags text[]);
        insert into t (name, at, n, tags) values ('a', '2026-01-02T03:04:05.678Z', 1.5, '{x,y}'), ('b', null, null, null);`);
    }
    ({ prepared } = prepareStatements(db, 3));
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await plain?.close();
  });

  it('answers what PGlite answers, in both row modes, with parameters of every kind', async () => {
    const text = 'select id, name, at, n, tags from t where name = any($1) or at > $2 or $3::int is null order by id';
    const params = [['a'], new Date('2020-01-01'), null];
    for (const rowMode of ['object', 'array'] as const) {
      const ours = await db.query(text, params, { rowMode });
      const theirs = await plain.query(text, params, { rowMode });
      expect(ours).toEqual(theirs);
      expect(ours.rows).toHaveLength(2);
    }
    // Text beyond ASCII (the public site is in Hindi), an empty string and NULL.
    const texts = "select $1::text as hindi, ''::text as empty, null::text as nothing, 'x'::text as plain";
    expect(await db.query(texts, ['विद्यालय — ₹ 1,00,000 ✓'])).toEqual(
      await plain.query(texts, ['विद्यालय — ₹ 1,00,000 ✓']),
    );
    // A write's count and command, as PGlite reports them.
    const update = 'update t set n = n + 1 where id = any($1)';
    expect(await db.query(update, [[1, 2]])).toEqual(await plain.query(update, [[1, 2]]));
  });

  it('parses a text once and runs it again by name', async () => {
    const before = prepared();
    const first = await db.query<{ name: string }>('select name from t where id = $1', [1]);
    const after = prepared();
    const second = await db.query<{ name: string }>('select name from t where id = $1', [2]);
    expect(after).toBe(Math.min(before + 1, 3));
    expect(prepared()).toBe(after);
    expect([first.rows[0]?.name, second.rows[0]?.name]).toEqual(['a', 'b']);
  });

  it('reports writes, and errors that leave the session usable', async () => {
    const inserted = await db.query('insert into t (name) values ($1)', ['c']);
    expect(inserted.affectedRows).toBe(1);
    await expect(db.query('insert into t (name) values ($1)', ['c'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('select nonsense from t')).rejects.toMatchObject({ code: '42703' });
    const count = await db.query<{ n: number }>('select count(*)::int as n from t');
    expect(count.rows[0]?.n).toBe(3);
  });

  it('closes the least recently used statement beyond its limit, and parses it again when asked', async () => {
    for (let i = 0; i < 6; i++) await db.query(`select $1::int + ${i} as v`, [i]);
    expect(prepared()).toBe(3);
    const again = await db.query<{ v: number }>('select $1::int + 0 as v', [41]);
    expect(again.rows[0]?.v).toBe(41);
    const names = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(names.rows[0]?.n).toBe(3);
  });

  it('waits for a transaction in progress, as query does', async () => {
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.query("update t set name = 'a2' where id = 1");
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    const read = db.query<{ name: string }>('select name from t where id = $1', [1]).then((result) => {
      order.push('read');
      return result.rows[0]?.name;
    });
    await tx;
    expect(await read).toBe('a2');
    expect(order).toEqual(['transaction', 'read']);
  });

  it('follows a schema change that alters a statement’s columns', async () => {
    await db.query('select * from t where id = $1', [1]);
    await db.exec('alter table t add column extra text');
    const result = await db.query('select * from t where id = $1', [1]);
    expect(result.fields.map((f) => f.name)).toContain('extra');
  });
});
