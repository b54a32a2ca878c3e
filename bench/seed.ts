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
 *
 * News: `rows` items by one `INSERT … SELECT FROM generate_series` statement, then VACUUM ANALYZE (see `newsSql`).
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

/** The newest publish date of the bench news; the others go back from it over about fifteen years. */
export const NEWS_NEWEST = '2026-11-22';

/**
 * News items as the admin would have written them over fifteen years, deterministic (every choice is a byte of
 * md5('news-' || i)) and varied:
 * - titles: about nine in ten are stories ("Class 8 students won the district science quiz in Pune", from 24
 *   subjects, 16 verbs, 40 events and, for half of them, 12 endings) and one in ten a notice ("Admissions open:
 *   Classes 6 to 8", 10 notices for 8 groups). "admission" is in one notice only, so a search for it matches
 *   about 1% of the items (one in ten is a notice, one notice in ten that one), like the countries' "north";
 * - content: 3 to 8 paragraphs of HTML, three sentences each from a pool of 24: 0.8 to 2.4 kB, 1.5 kB on average,
 *   the length of a real item of 250 words (the list's rows carry it, so it counts);
 * - publish dates: spread evenly over 5,478 days (15 years) ending on NEWS_NEWEST, rising with the id (items are
 *   written in order) with a jitter of up to two days, so that about 18 items share each date;
 * - status: about one in seven Inactive (byte < 38), the rest Active (the declaration's two values);
 * - author: one of 12 names (the account's name the server would have set); `created_by` stays null, since no
 *   account exists yet when the bench seeds (the column allows it: the account may have been deleted);
 * - image: three in four have an upload's path (`/uploads/images/<32 hex>.jpg|webp`, as a plain string: no file
 *   or uploads row behind it, which the list never reads), the rest none (the field is optional);
 * - created_at on the publish date or up to two days before it, in office hours (Asia/Kolkata); updated_at up
 *   to four hours later.
 */
export function newsSql(rows: number): string {
  if (!Number.isInteger(rows) || rows < 1 || rows > 10_000_000) {
    throw new Error(`The bench seeds between 1 and 10,000,000 news items; got ${rows}.`);
  }
  return `
insert into news (title, content, author, publish_date, status, image, created_at, updated_at)
select
  t.title,
  c.content,
  p.authors[1 + get_byte(h.b, 5) % array_length(p.authors, 1)],
  h.publish_date,
  case when get_byte(h.b, 9) < 38 then 'Inactive' else 'Active' end,
  case when get_byte(h.b, 11) < 192
    then '/uploads/images/' || md5('news-image-' || h.i) || case when get_byte(h.b, 11) % 3 = 0 then '.webp' else '.jpg' end
  end,
  h.created_at,
  h.created_at + make_interval(mins => get_byte(h.b, 7) % 240)
from (
  select i, b, d as publish_date,
    ((d - get_byte(b, 13) % 3)::timestamp
      + make_interval(hours => 8 + get_byte(b, 14) % 10, mins => get_byte(b, 15) % 60)) at time zone 'Asia/Kolkata'
      as created_at
  from (
    select i, b, date '${NEWS_NEWEST}' - ((${rows} - i)::bigint * 5478 / ${rows})::int - get_byte(b, 12) % 3 as d
    from (select i, decode(md5('news-' || i), 'hex') as b from generate_series(1, ${rows}) as i) as g
  ) as dated
) as h
cross join (
  select
    array['Class 3 pupils', 'Class 5 pupils', 'Class 6 students', 'Class 7 students', 'Class 8 students',
          'Class 9 students', 'Class 10 students', 'Senior secondary students', 'The junior choir', 'The school band',
          'The cricket team', 'The kabaddi team', 'The girls'' hockey team', 'The science club',
          'The Sanskrit society', 'The eco club', 'Teachers', 'Alumni', 'Parents', 'The trust', 'The principal',
          'Volunteers', 'The house captains', 'The library committee'] as subjects,
    array['won', 'hosted', 'celebrated', 'took part in', 'organised', 'prepared for', 'led', 'visited', 'opened',
          'presented', 'shone at', 'returned from', 'welcomed guests to', 'raised funds at', 'performed at',
          'volunteered at'] as verbs,
    array['the district science quiz', 'the annual sports day', 'a Sanskrit recitation evening',
          'the new library wing', 'Founders'' Day', 'a week-long yoga camp', 'the inter-school debate',
          'a tree-planting drive', 'the Diwali fair', 'the state chess championship',
          'a heritage walk through the old town', 'the annual art exhibition', 'a blood donation camp',
          'the Gita chanting competition', 'the Republic Day parade', 'the Independence Day assembly',
          'a robotics workshop', 'the mathematics olympiad', 'a classical music recital', 'the harvest festival',
          'the zonal athletics meet', 'a cleanliness drive', 'the model United Nations', 'a career guidance fair',
          'the annual day concert', 'a visit to the planetarium', 'the spelling bee', 'the children''s book fair',
          'a first-aid training camp', 'the inter-house football final', 'a storytelling festival',
          'the Hindi elocution contest', 'a photography exhibition', 'the regional kho-kho tournament',
          'a road safety rally', 'the Teachers'' Day celebration', 'a rainwater harvesting project',
          'the annual prize distribution', 'a drawing competition', 'the Vedic mathematics workshop'] as events,
    array[' in Pune', ' in Nashik', ' on the east ground', ' after three years', ' for the first time',
          ' at the town hall', ' with record numbers', ' despite the rain', ' in the main hall',
          ' with the neighbouring schools', ' at the district stadium', ' this weekend'] as tails,
    array['Results declared', 'Admissions open', 'Fee payment deadline extended', 'Revised bus timings',
          'School closed for the festival holidays', 'Parent-teacher meeting', 'Examination timetable published',
          'Summer vacation dates', 'Uniform shop hours', 'Holiday homework'] as notices,
    array['Classes 1 to 5', 'Classes 6 to 8', 'Classes 9 and 10', 'Classes 11 and 12', 'all classes',
          'hostel students', 'day scholars', 'the pre-primary section'] as groups,
    array['The morning began with a short prayer in the main hall, led by the students of the senior classes.',
          'Parents and grandparents filled the benches long before the programme was due to start.',
          'The principal thanked the teachers who had spent many evenings preparing the children.',
          'Several former students travelled back for the day and spoke about their years at the school.',
          'The trust''s volunteers looked after the guests and served lunch to everyone who came.',
          'Prizes were given to the winners of each event, and certificates to every participant.',
          'The organisers said the event would be held again next year, with more schools invited.',
          'Younger pupils watched from the verandah and cheered loudly for their houses.',
          'A photographer from the local newspaper covered the day, and the pictures are on the notice board.',
          'The school thanks the families who donated books, plants and equipment for the occasion.',
          'Teachers from the neighbouring schools joined as judges and observers.',
          'Practice had started six weeks earlier, after school hours and on Saturday mornings.',
          'The day ended with the national anthem and a vote of thanks from the head boy and the head girl.',
          'Refreshments were prepared by the hostel kitchen staff, who were thanked from the stage.',
          'The chief guest, a former teacher of the school, spoke about discipline, patience and curiosity.',
          'Students kept a record of the preparations in their project notebooks, now displayed in the library.',
          'Rain in the afternoon moved part of the programme indoors, but nothing had to be cancelled.',
          'The coaches praised the team spirit of the players even more than the results.',
          'Each house presented a short play on the theme chosen by the student council this term.',
          'The trust plans to extend the programme to its village schools in the coming term.',
          'Photographs and videos of the event are available in the gallery section of the website.',
          'Parents who wish to volunteer for the next event may contact the school office.',
          'The eco club collected the waste separately and composted whatever could be composted.',
          'Several students performed in public for the first time and were warmly applauded.'] as sentences,
    array['Asha Kulkarni', 'Ravi Deshpande', 'Meena Iyer', 'Sunil Joshi', 'Priya Nair', 'Arjun Patwardhan',
          'Kavita Rao', 'Vikram Gokhale', 'Anita Bhat', 'Rahul Sathe', 'Sneha Apte', 'Office of the Principal']
      as authors
) as p
cross join lateral (
  select case
    when get_byte(h.b, 0) < 26 then
      p.notices[1 + get_byte(h.b, 1) % array_length(p.notices, 1)] || ': '
      || p.groups[1 + get_byte(h.b, 2) % array_length(p.groups, 1)]
    else
      p.subjects[1 + get_byte(h.b, 1) % array_length(p.subjects, 1)] || ' '
      || p.verbs[1 + get_byte(h.b, 2) % array_length(p.verbs, 1)] || ' '
      || p.events[1 + get_byte(h.b, 3) % array_length(p.events, 1)]
      || case when get_byte(h.b, 4) < 128 then p.tails[1 + get_byte(h.b, 8) % array_length(p.tails, 1)] else '' end
  end as title
) as t
cross join lateral (
  select string_agg(
    '<p>' || p.sentences[1 + get_byte(s.m, 0) % 24] || ' ' || p.sentences[1 + get_byte(s.m, 1) % 24] || ' '
      || p.sentences[1 + get_byte(s.m, 2) % 24] || '</p>',
    '' order by s.k) as content
  from (
    select k, decode(md5('news-' || h.i || '-' || k), 'hex') as m from generate_series(1, 3 + get_byte(h.b, 10) % 6) as k
  ) as s
) as c`;
}

export interface NewsSummary {
  rows: number;
  distinctTitles: number;
  /** Items the `q` search matches (title, case-insensitive substring, as the API searches news). */
  searchMatches: number;
  /** Items with status Inactive (the status filter the bench measures). */
  inactive: number;
  /** The average length of the content, in characters. */
  contentLength: number;
  firstDate: string;
  lastDate: string;
  seconds: number;
}

export async function seedNews(database: Database, rows: number, q: string): Promise<NewsSummary> {
  const started = performance.now();
  const [existing] = rowsOf(await database.db.execute(sql`select count(*)::int as n from news`));
  if (Number(existing?.n) !== 0) throw new Error('The bench seeds an empty news table only.');
  await database.db.execute(sql.raw(newsSql(rows)));
  await database.db.execute(sql.raw('vacuum analyze news'));
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [summary] = rowsOf(
    await database.db.execute(sql`
      select count(*)::int as rows, count(distinct title)::int as distinct_titles,
        (count(*) filter (where title ilike ${pattern}))::int as matches,
        (count(*) filter (where status = 'Inactive'))::int as inactive,
        round(avg(length(content)))::int as content_length,
        to_char(min(publish_date), 'YYYY-MM-DD') as first_date, to_char(max(publish_date), 'YYYY-MM-DD') as last_date
      from news`),
  );
  return {
    rows: Number(summary?.rows),
    distinctTitles: Number(summary?.distinct_titles),
    searchMatches: Number(summary?.matches),
    inactive: Number(summary?.inactive),
    contentLength: Number(summary?.content_length),
    firstDate: String(summary?.first_date),
    lastDate: String(summary?.last_date),
    seconds: (performance.now() - started) / 1000,
  };
}
