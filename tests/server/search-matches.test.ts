// engines: pglite, postgres — its own SQL; searches remembered and expired
/**
 * A search's matches are found in the background after its first request and remembered like totals: every later
 * page of it is read by id. Pages must be exactly those of a plain query, in every order, after writes in this
 * process at once, and while remembered matches expire (PostgreSQL shared by several processes).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const ORDERS: [[string, 'ASC' | 'DESC'], string][] = [
  [['name', 'ASC'], 'name asc, id asc'],
  [['name', 'DESC'], 'name desc, id desc'],
  [['id', 'DESC'], 'id desc'],
  [['created_at', 'ASC'], 'created_at asc, id asc'],
];
/** A moment for remembered matches to expire (countCacheTtlMs: 1) and be found again. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function seed(app: TestApp): Promise<void> {
  // 'North …' matches "nor" by name, 'NOR…' codes by code; names repeat (ties broken by id).
  await app.database.db.execute(sql`
    insert into countries (name, code, status, created_at)
    select case when i % 4 = 0 then 'North ' || lpad((i % 50)::text, 2, '0') else 'Land ' || i end,
           case when i % 9 = 0 then 'NOR' || i else 'K' || i end,
           case when i % 3 = 0 then 'Inactive' else 'Active' end,
           timestamptz '2026-01-01' + ((i % 90) * interval '1 minute')
    from generate_series(1, 600) as i`);
}

function client(app: TestApp) {
  const plain = async (order: string, offset: number, status?: string) =>
    rowsOf<{ id: number }>(
      await app.database.db.execute(
        sql.raw(
          `select id from countries where (name ilike '%nor%' or code ilike '%nor%')
           ${status ? `and status = '${status}'` : ''} order by ${order} offset ${offset} limit 7`,
        ),
      ),
    ).map((row) => Number(row.id));
  const total = async (status?: string) =>
    Number(
      rowsOf<{ n: number }>(
        await app.database.db.execute(
          sql.raw(
            `select count(*) as n from countries where (name ilike '%nor%' or code ilike '%nor%')
             ${status ? `and status = '${status}'` : ''}`,
          ),
        ),
      )[0]!.n,
    );
  const page = async (sort: [string, 'ASC' | 'DESC'], offset: number, status?: string) => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'nor', ...(status ? { status } : {}) }));
    const res = await app.api(
      'GET',
      `/api/v2/countries?sort=${encodeURIComponent(JSON.stringify(sort))}&range=[${offset},${offset + 6}]&filter=${filter}`,
    );
    expect(res.status, res.text).toBe(200);
    return { ids: res.body.map((row: { id: number }) => row.id), range: res.headers.get('content-range') };
  };
  return { plain, total, page };
}

describe('search matches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seed(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answer the pages of a plain query, first and again, in every order and with a filter', async () => {
    const { plain, total, page } = client(t);
    for (const status of [undefined, 'Active']) {
      const count = await total(status);
      for (const [sort, order] of ORDERS) {
        for (let round = 0; round < 2; round++) {
          for (const offset of [0, 7, 100, count - 3, count + 5]) {
            const answer = await page(sort, offset, status);
            expect(answer.ids, `${order} from ${offset}, round ${round}`).toEqual(await plain(order, offset, status));
            expect(answer.range).toMatch(new RegExp(`/${count}$`));
          }
          await t.app.services.records.lists.idle();
        }
      }
    }
  });

  it('read a remembered search in one statement, without searching again', async () => {
    const { page } = client(t);
    await page(['name', 'ASC'], 0);
    await t.app.services.records.lists.idle();
    await page(['name', 'ASC'], 7);
    const before = t.database.stats.statements;
    await page(['name', 'ASC'], 14);
    expect(t.database.stats.statements - before).toBe(1);
    expect(t.database.stats.last).not.toMatch(/ilike/i);
  });

  it('follow writes of this process at once', async () => {
    const { plain, total, page } = client(t);
    await page(['name', 'ASC'], 0);
    await t.app.services.records.lists.idle();
    const created = await t.api('POST', '/api/v2/countries', { body: { name: 'Aaa Norland', code: 'AAN' } });
    expect(created.status).toBe(201);
    expect((await page(['name', 'ASC'], 0)).ids).toEqual(await plain('name asc, id asc', 0));
    expect((await page(['name', 'ASC'], 0)).range).toMatch(new RegExp(`/${await total()}$`));
    await t.app.services.records.lists.idle();
    const renamed = await t.api('PUT', `/api/v2/countries/${created.body.id}`, {
      body: { name: 'Aaa Land', code: 'AAN' },
    });
    expect(renamed.status).toBe(200);
    expect((await page(['name', 'ASC'], 0)).ids).toEqual(await plain('name asc, id asc', 0));
  });
});

describe('search matches that expire (PostgreSQL shared by several processes)', () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await startTestApp({ countCacheTtlMs: 1 });
    await seed(shared);
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('keep answering the right rows while they are found again', async () => {
    const { plain, page } = client(shared);
    for (let round = 0; round < 3; round++) {
      for (const offset of [0, 30, 90])
        expect((await page(['name', 'ASC'], offset)).ids).toEqual(await plain('name asc, id asc', offset));
      await settle();
    }
    await shared.api('POST', '/api/v2/countries', { body: { name: 'Aaa Nordic', code: 'AAO' } });
    for (const offset of [0, 30, 90])
      expect((await page(['name', 'ASC'], offset)).ids).toEqual(await plain('name asc, id asc', offset));
  });
});
