/**
 * Bench data, inserted straight into a migrated database before the server starts.
 *
 * Countries: `rows` countries inserted by one `INSERT … SELECT FROM generate_series` statement straight into a
 * migrated database, then VACUUM ANALYZE. This bypasses the API and its validation on purpose: the declaration
 * allows 2–3 letter codes, unique, which caps a table at 26² + 26³ = 18,252 rows. Codes are 2 letters for the
 * first 676 rows, 3 letters up to row 18,252 and 4 letters after that (the database has no length check).
 *
 * Names are built from syllables picked by the bytes of md5('country-' || i): deterministic, varied (about
 * 47,000 distinct names per 100,000 rows) and pronounceable ("Malevova", "North Corormador", "Saint Elizia"),
 * so sorting by name and searching mean something. About one name in ten has a prefix such as "North" or
 * "Port"; about one row in ten is Inactive.
 *
 * HR: the employees and activities of `npm run seed:volume` (scripts/volume.ts, the same code), then VACUUM
 * ANALYZE of their tables.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client.ts';
import { seedVolume, type VolumeCounts } from '../scripts/volume.ts';

/** 26² two-letter codes + 26³ three-letter codes + 26⁴ four-letter codes. */
export const MAX_ROWS = 676 + 17_576 + 456_976;

export function seedSql(rows: number): string {
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS) {
    throw new Error(`The bench seeds between 1 and ${MAX_ROWS} rows; got ${rows}.`);
  }
  return `
insert into countries (name, code, status, created_at, updated_at)
select
  (case when get_byte(h.b, 0) < 26 then p.prefixes[1 + get_byte(h.b, 1) % array_length(p.prefixes, 1)] || ' ' else '' end)
  || p.heads[1 + get_byte(h.b, 2) % array_length(p.heads, 1)]
  || p.middles[1 + get_byte(h.b, 3) % array_length(p.middles, 1)]
  || (case when get_byte(h.b, 4) < 96 then p.links[1 + get_byte(h.b, 5) % array_length(p.links, 1)] else '' end)
  || p.tails[1 + get_byte(h.b, 6) % array_length(p.tails, 1)],
  right(chr(65 + (h.v / 17576) % 26) || chr(65 + (h.v / 676) % 26) || chr(65 + (h.v / 26) % 26) || chr(65 + h.v % 26), h.len),
  case when get_byte(h.b, 7) < 26 then 'Inactive' else 'Active' end,
  now() - make_interval(mins => h.i),
  now() - make_interval(mins => h.i)
from (
  select i, decode(md5('country-' || i), 'hex') as b,
    case when i <= 676 then 2 when i <= 18252 then 3 else 4 end as len,
    case when i <= 676 then i - 1 when i <= 18252 then i - 677 else i - 18253 end as v
  from generate_series(1, ${rows}) as i
) as h
cross join (
  select
    array['North', 'South', 'East', 'West', 'New', 'Upper', 'Lower', 'Greater', 'Saint', 'Port'] as prefixes,
    array['Al', 'Bar', 'Cal', 'Dor', 'El', 'Fal', 'Gal', 'Hel', 'Is', 'Jor', 'Kar', 'Lor', 'Mal', 'Nor', 'Os', 'Per',
          'Qua', 'Ros', 'Sal', 'Tor', 'Ul', 'Val', 'Wen', 'Xan', 'Yar', 'Zan', 'Bel', 'Cor', 'Dal', 'Mor'] as heads,
    array['a', 'e', 'i', 'o', 'u', 'an', 'en', 'ar', 'er', 'or', 'ad', 'ev', 'im', 'ol', 'un', 'ith'] as middles,
    array['b', 'd', 'g', 'l', 'm', 'n', 'r', 's', 't', 'v', 'z', 'th'] as links,
    array['ia', 'land', 'stan', 'ora', 'ania', 'ica', 'onia', 'aria', 'eria', 'ovia', 'burg', 'mark', 'ador',
          'ana', 'esh', 'ova', 'ua', 'ya', 'eno', 'ique'] as tails
) as p`;
}

export interface SeedSummary {
  rows: number;
  distinctNames: number;
  /** Rows the `q` search matches (name or code, case-insensitive substring, as the API searches). */
  searchMatches: number;
  seconds: number;
}

export async function seedCountries(database: Database, rows: number, q: string): Promise<SeedSummary> {
  const started = performance.now();
  const [existing] = rowsOf(await database.db.execute(sql`select count(*)::int as n from countries`));
  if (Number(existing?.n) !== 0) throw new Error('The bench seeds an empty countries table only.');
  await database.db.execute(sql.raw(seedSql(rows)));
  await database.db.execute(sql.raw('vacuum analyze countries'));
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [summary] = rowsOf(
    await database.db.execute(sql`
      select count(*)::int as rows, count(distinct name)::int as distinct_names,
        (count(*) filter (where name ilike ${pattern} or code ilike ${pattern}))::int as matches
      from countries`),
  );
  return {
    rows: Number(summary?.rows),
    distinctNames: Number(summary?.distinct_names),
    searchMatches: Number(summary?.matches),
    seconds: (performance.now() - started) / 1000,
  };
}

export interface HrSummary {
  employees: number;
  activities: number;
  /** Activities with status Failed. */
  failed: number;
  /** The employee the id search asks for: the one in the middle of the id order. */
  employeeId: number;
  /**
   * The date filter: 30 calendar days (inclusive, in `timeZone`) ending on the day of the middle activity, so
   * that on a large volume it is a month of the past, neither the newest rows nor the oldest.
   */
  range: { startDate: string; endDate: string; matches: number };
  seconds: number;
}

/** Seeds the HR volume data into empty employees and activities tables, and says what the bench can expect. */
export async function seedHr(database: Database, counts: VolumeCounts, timeZone: string): Promise<HrSummary> {
  if (counts.employees < 1 || counts.activities < 1) throw new Error('The bench needs employees and activities.');
  const started = performance.now();
  const [existing] = rowsOf(
    await database.db.execute(
      sql`select (select count(*) from employees)::int as employees, (select count(*) from activities)::int as activities`,
    ),
  );
  if (Number(existing?.employees) !== 0 || Number(existing?.activities) !== 0) {
    throw new Error('The bench seeds empty employees and activities tables only.');
  }
  await seedVolume(database, counts);
  await database.db.execute(sql.raw('vacuum analyze departments, designations, employees, activities'));
  const [summary] = rowsOf(
    await database.db.execute(sql`
      with days as (
        select ((min(created_at) + (max(created_at) - min(created_at)) / 2) at time zone ${timeZone})::date as end_day
        from activities
      )
      select
        (select count(*) from employees)::int as employees,
        (select id from employees order by id offset (select count(*) / 2 from employees) limit 1) as employee_id,
        (select count(*) from activities)::int as activities,
        (select count(*) from activities where status = 'Failed')::int as failed,
        to_char(days.end_day - 29, 'YYYY-MM-DD') as start_date,
        to_char(days.end_day, 'YYYY-MM-DD') as end_date,
        (select count(*) from activities
          where (created_at at time zone ${timeZone})::date between days.end_day - 29 and days.end_day)::int as matches
      from days`),
  );
  return {
    employees: Number(summary?.employees),
    activities: Number(summary?.activities),
    failed: Number(summary?.failed),
    employeeId: Number(summary?.employee_id),
    range: {
      startDate: String(summary?.start_date),
      endDate: String(summary?.end_date),
      matches: Number(summary?.matches),
    },
    seconds: (performance.now() - started) / 1000,
  };
}
