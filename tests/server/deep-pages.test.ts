// engines: pglite, postgres — its own SQL; deep pages against a plain OFFSET
/**
 * Deep pages start from remembered checkpoints (every CHECKPOINT_STEP-th row of an order) instead of walking every row
 * before them. They must answer exactly the rows a plain OFFSET would, in every order, with filters, with ties in
 * the sort column, and after writes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_STEP } from '../../src/server/services/record-lists.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
const ROWS = 2_600;

beforeAll(async () => {
  t = await startTestApp();
  // Names repeat (ties broken by id), one row in three Inactive, creation times spread and repeated.
  await t.database.db.execute(sql`
    insert into countries (name, code, status, created_at)
    select 'Country ' || lpad((i % 700)::text, 3, '0'), 'Q' || i,
           case when i % 3 = 0 then 'Inactive' else 'Active' end,
           timestamptz '2026-01-01' + ((i % 900) * interval '1 minute')
    from generate_series(1, ${ROWS}) as i`);
});
afterAll(async () => {
  await t?.close();
});

async function expected(order: string, offset: number, status?: string): Promise<number[]> {
  const result = await t.database.db.execute(
    sql.raw(
      `select id from countries ${status ? `where status = '${status}'` : ''} order by ${order} offset ${offset} limit 5`,
    ),
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number }[];
  return rows.map((row) => Number(row.id));
}

async function page(sort: [string, 'ASC' | 'DESC'], offset: number, status?: string): Promise<number[]> {
  const filter = status ? `&filter=${encodeURIComponent(JSON.stringify({ status }))}` : '';
  const res = await t.api(
    'GET',
    `/api/v2/countries?sort=${encodeURIComponent(JSON.stringify(sort))}&range=[${offset},${offset + 4}]${filter}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.map((row: { id: number }) => row.id);
}

const ORDERS: [[string, 'ASC' | 'DESC'], string][] = [
  [['id', 'ASC'], 'id asc'],
  [['id', 'DESC'], 'id desc'],
  [['name', 'ASC'], 'name asc, id asc'],
  [['name', 'DESC'], 'name desc, id desc'],
  [['created_at', 'DESC'], 'created_at desc, id desc'],
  [['status', 'ASC'], 'status asc, id asc'],
];
const OFFSETS = [0, 998, 999, 1000, 1001, 1997, CHECKPOINT_STEP * 2, 2301, ROWS - 3, ROWS + 10];

describe('deep pages', () => {
  it('answer the rows a plain offset would, in every order', async () => {
    for (const [sort, order] of ORDERS) {
      for (const offset of OFFSETS) {
        expect(await page(sort, offset), `${order} from ${offset}`).toEqual(await expected(order, offset));
      }
    }
  });

  it('answer the same with a filter, whose checkpoints are its own', async () => {
    for (const [sort, order] of ORDERS.slice(0, 4)) {
      for (const offset of [999, 1000, 1500, 1730]) {
        expect(await page(sort, offset, 'Active'), `${order} from ${offset}`).toEqual(
          await expected(order, offset, 'Active'),
        );
      }
    }
  });

  it('follow writes: the checkpoints are found again after a write', async () => {
    const sort: [string, 'ASC' | 'DESC'] = ['name', 'ASC'];
    expect(await page(sort, 1500)).toEqual(await expected('name asc, id asc', 1500));
    // Rows that sort before every checkpoint move every later page by two.
    for (const code of ['AAA', 'AAB']) {
      const res = await t.api('POST', '/api/v2/countries', { body: { name: 'Aaaa First', code } });
      expect(res.status).toBe(201);
    }
    expect(await page(sort, 1500)).toEqual(await expected('name asc, id asc', 1500));
    const moved = await t.api('GET', '/api/v2/countries?sort=["name","ASC"]&range=[1502,1506]');
    expect(moved.body.map((row: { id: number }) => row.id)).toEqual(await expected('name asc, id asc', 1502));
  });

  it('takes a deep page in two statements at most once the checkpoints are known', async () => {
    await page(['id', 'ASC'], 2100);
    const before = t.database.stats.statements;
    await page(['id', 'ASC'], 2200);
    expect(t.database.stats.statements - before).toBeLessThanOrEqual(1);
  });
});

describe('deep pages with totals and checkpoints that expire (PostgreSQL shared by several processes)', () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await startTestApp({ countCacheTtlMs: 1 });
    await shared.database.db.execute(sql`
      insert into countries (name, code, status)
      select 'Land ' || lpad((i % 300)::text, 3, '0'), 'R' || i, 'Active' from generate_series(1, 1200) as i`);
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('keep answering the right rows while expired checkpoints are found again', async () => {
    const ids = async (offset: number) =>
      (await shared.api('GET', `/api/v2/countries?sort=["name","ASC"]&range=[${offset},${offset + 4}]`)).body.map(
        (row: { id: number }) => row.id,
      );
    const plain = async (offset: number) => {
      const result = await shared.database.db.execute(
        sql.raw(`select id from countries order by name asc, id asc offset ${offset} limit 5`),
      );
      return ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number }[]).map((row) =>
        Number(row.id),
      );
    };
    for (let round = 0; round < 3; round++) {
      for (const offset of [260, 777, 1100]) expect(await ids(offset)).toEqual(await plain(offset));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A write of this process is seen at once, expired or not.
    await shared.api('POST', '/api/v2/countries', { body: { name: 'Aaa Land', code: 'AAL' } });
    for (const offset of [260, 777, 1100]) expect(await ids(offset)).toEqual(await plain(offset));
  });
});
