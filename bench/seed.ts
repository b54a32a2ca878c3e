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
 *
 * Donations: `rows` donations over the last five years by one `INSERT … SELECT FROM generate_series` statement, the
 * receipt counters after them, then VACUUM ANALYZE, and the sums the dashboard should answer (see `donationsSql`).
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

/** The seconds of five years (of 365.25 days), over which the bench donations are spread, ending now. */
const DONATION_SPAN_SECONDS = 5 * 365.25 * 86_400;

/**
 * Donations as an office and the public donate form would have recorded them over the last five years, deterministic
 * (every choice is a byte of md5('donation-' || i)) apart from `now()`, the moment of seeding:
 * - date: spread evenly over the five years ending now, rising with the id, with a jitter of up to an hour back
 *   (never in the future): about 16,700 a month at 1,000,000;
 * - status: about 4 in 5 Received (byte < 205), with a receipt number of their Indian financial year in the trust's
 *   calendar (`2026-27/000123`: numbered in date order within the year, as the server issues them, unique per row)
 *   issued up to two days after the date, a transaction id and the receipt counters continuing after them; the rest
 *   Pending, with neither;
 * - amount: whole rupees from 100 to 1,00,000, half of them the round sums donors like (₹501, ₹1,100, ₹2,100, …
 *   ₹1,00,000), half log-uniform over the range (as many from 100 to 1,000 as from 10,000 to 1,00,000);
 * - donor: one of 32 × 32 first names and surnames; an email for about half, a phone number for about two in three,
 *   a PAN for about two in five (all fitting the declaration's patterns, though the bench bypasses validation);
 * - source: about three in ten from the Website, with a unique reference (`DN` and ten characters, as the public
 *   form's) and paid online; the rest at the Office, by bank transfer or online;
 * - payment method, type and mode from the declaration's values: Electronic mostly, some Cash (those paid at the
 *   office), a few Kind and Others; Others, Corpus or Specific Grant; the category General Fund mostly.
 */
export function donationsSql(rows: number, timeZone: string): string {
  if (!Number.isInteger(rows) || rows < 1 || rows > 10_000_000) {
    throw new Error(`The bench seeds between 1 and 10,000,000 donations; got ${rows}.`);
  }
  if (!/^[A-Za-z0-9_+/-]+$/.test(timeZone)) throw new Error(`Not a time zone name: "${timeZone}".`);
  return `
insert into donations (donor_name, amount, payment_method, date, status, contact_number, email, pan, category,
  donation_type, mode, transaction_id, receipt_no, receipt_issued_at, reference, source, created_at, updated_at)
select
  n.first || ' ' || n.last,
  h.amount,
  case when h.website or get_byte(h.b, 6) < 128 then 'Online Payment' else 'Bank Transfer' end,
  h.date,
  case when h.received then 'Received' else 'Pending' end,
  case when get_byte(h.b, 7) < 170 then '9' || lpad((get_byte(h.b, 8) * 65536 + get_byte(h.b, 9) * 256 + get_byte(h.b, 10))::text, 9, '0') end,
  case when get_byte(h.b, 11) < 128 then lower(n.first || '.' || n.last) || (h.i % 1000) || '@example.org' end,
  case when get_byte(h.b, 12) < 102 then
    chr(65 + get_byte(h.b, 13) % 26) || chr(65 + get_byte(h.b, 14) % 26) || chr(65 + get_byte(h.b, 15) % 26) || 'P'
    || left(n.last, 1) || lpad((h.i % 10000)::text, 4, '0') || chr(65 + (get_byte(h.b, 13) + h.i) % 26)
  end,
  case when get_byte(h.b, 3) < 200 then 'General Fund' else p.categories[1 + get_byte(h.b, 3) % array_length(p.categories, 1)] end,
  case when get_byte(h.b, 4) < 26 then 'Corpus' when get_byte(h.b, 4) < 52 then 'Specific Grant' else 'Others' end,
  case when h.website then 'Electronic' when get_byte(h.b, 5) < 38 then 'Cash' when get_byte(h.b, 5) < 44 then 'Kind'
    when get_byte(h.b, 5) < 48 then 'Others' else 'Electronic' end,
  case when h.received then 'UTR' || (400000000000 + h.i)::text end,
  case when h.received then
    h.fy_start || '-' || lpad(((h.fy_start + 1) % 100)::text, 2, '0') || '/'
    || lpad(row_number() over (partition by h.received, h.fy_start order by h.date, h.i)::text, 6, '0')
  end,
  case when h.received then least(h.date + make_interval(mins => get_byte(h.b, 16) * 11), now()) end,
  case when h.website then 'DN' || lpad(upper(to_hex(h.i)), 10, '0') end,
  case when h.website then 'Website' else 'Office' end,
  h.date,
  case when h.received then least(h.date + make_interval(mins => get_byte(h.b, 16) * 11), now()) else h.date end
from (
  select d.*,
    case when extract(month from d.date at time zone '${timeZone}') >= 4
      then extract(year from d.date at time zone '${timeZone}')::int
      else extract(year from d.date at time zone '${timeZone}')::int - 1 end as fy_start
  from (
    select i, b,
      now() - make_interval(secs => (${rows} - i)::float8 * ${DONATION_SPAN_SECONDS} / ${rows}
        + (get_byte(b, 17) * 256 + get_byte(b, 18)) * 3600.0 / 65536) as date,
      get_byte(b, 0) < 205 as received,
      get_byte(b, 19) < 77 as website,
      case when get_byte(b, 1) < 128
        then (array[101, 251, 501, 1100, 2100, 5100, 11000, 21000, 51000, 100000])[1 + get_byte(b, 2) % 10]
        else round(100 * power(1000, (get_byte(b, 2) * 256 + get_byte(b, 20)) / 65535.0))::int
      end as amount
    from (select i, decode(md5('donation-' || i) || md5('donation-more-' || i), 'hex') as b
          from generate_series(1, ${rows}) as i) as g
  ) as d
) as h
cross join (
  select array['Education', 'Gau Seva', 'Annadanam', 'Building Fund', 'Medical Aid', 'Scholarships'] as categories,
    array['Aarti', 'Amit', 'Anil', 'Anjali', 'Deepak', 'Divya', 'Ganesh', 'Geeta', 'Harish', 'Kavita', 'Lakshmi',
          'Mahesh', 'Manoj', 'Meera', 'Mohan', 'Neha', 'Nikhil', 'Pooja', 'Prakash', 'Priya', 'Rajesh', 'Ramesh',
          'Rekha', 'Sanjay', 'Savita', 'Shalini', 'Suresh', 'Sunita', 'Usha', 'Vijay', 'Vinod', 'Yogesh'] as firsts,
    array['Agarwal', 'Bhat', 'Chauhan', 'Deshmukh', 'Desai', 'Gupta', 'Iyer', 'Jain', 'Joshi', 'Kapoor', 'Kulkarni',
          'Kumar', 'Mehta', 'Mishra', 'Nair', 'Pandey', 'Patel', 'Pillai', 'Rao', 'Reddy', 'Saxena', 'Shah', 'Sharma',
          'Shinde', 'Singh', 'Sinha', 'Srivastava', 'Tiwari', 'Trivedi', 'Varma', 'Verma', 'Yadav'] as lasts
) as p
cross join lateral (
  select p.firsts[1 + get_byte(h.b, 21) % 32] as first, p.lasts[1 + get_byte(h.b, 22) % 32] as last
) as n`;
}

export interface DonationsSummary {
  rows: number;
  received: number;
  pending: number;
  firstDate: string;
  lastDate: string;
  /** The Indian financial year of the moment of seeding, in the trust's calendar (`2026-27`), and its first day. */
  financialYear: string;
  financialYearStart: string;
  /** Received donations in that year so far, and their sum in rupees: the dashboard's `donationsTotal`. */
  yearReceived: number;
  yearTotal: number;
  /** The month of the moment of seeding (`2026-11`) and the sum of its Received donations: its last bar. */
  month: string;
  monthTotal: number;
  /** Received donations in the dashboard's twelve months (this one and the eleven before). */
  twelveMonthsReceived: number;
  seconds: number;
}

/**
 * Seeds `rows` donations into an empty donations table (see `donationsSql`), continues the receipt counters after
 * them, VACUUM ANALYZE, and computes what the dashboard should answer, in `timeZone`, as the server does.
 */
export async function seedDonations(database: Database, rows: number, timeZone: string): Promise<DonationsSummary> {
  const started = performance.now();
  const [existing] = rowsOf(await database.db.execute(sql`select count(*)::int as n from donations`));
  if (Number(existing?.n) !== 0) throw new Error('The bench seeds an empty donations table only.');
  await database.db.execute(sql.raw(donationsSql(rows, timeZone)));
  await database.db.execute(sql`
    insert into receipt_counters (financial_year, last)
    select split_part(receipt_no, '/', 1), max(split_part(receipt_no, '/', 2)::int) from donations
    where receipt_no is not null group by 1
    on conflict (financial_year) do update set last = greatest(receipt_counters.last, excluded.last)`);
  await database.db.execute(sql.raw('vacuum analyze donations'));
  const [summary] = rowsOf(
    await database.db.execute(sql`
      with local as (select now() at time zone ${timeZone} as now),
      bounds as (
        select
          make_date(case when extract(month from local.now) >= 4 then extract(year from local.now)::int
            else extract(year from local.now)::int - 1 end, 4, 1) as fy_day,
          date_trunc('month', local.now) as month_day
        from local
      ),
      starts as (
        select fy_day, month_day, fy_day::timestamp at time zone ${timeZone} as fy_start,
          month_day at time zone ${timeZone} as month_start,
          (month_day - interval '11 months') at time zone ${timeZone} as twelve_start
        from bounds
      )
      select
        count(*)::int as rows,
        (count(*) filter (where status = 'Received'))::int as received,
        (count(*) filter (where status = 'Pending'))::int as pending,
        to_char(min(date) at time zone ${timeZone}, 'YYYY-MM-DD') as first_date,
        to_char(max(date) at time zone ${timeZone}, 'YYYY-MM-DD') as last_date,
        to_char(starts.fy_day, 'YYYY') || '-' || to_char(starts.fy_day + interval '1 year', 'YY') as financial_year,
        to_char(starts.fy_day, 'YYYY-MM-DD') as financial_year_start,
        (count(*) filter (where status = 'Received' and date >= starts.fy_start))::int as year_received,
        coalesce(sum(amount) filter (where status = 'Received' and date >= starts.fy_start), 0)::bigint as year_total,
        to_char(starts.month_day, 'YYYY-MM') as month,
        coalesce(sum(amount) filter (where status = 'Received' and date >= starts.month_start), 0)::bigint as month_total,
        (count(*) filter (where status = 'Received' and date >= starts.twelve_start))::int as twelve_received
      from donations cross join starts
      group by starts.fy_day, starts.month_day`),
  );
  return {
    rows: Number(summary?.rows),
    received: Number(summary?.received),
    pending: Number(summary?.pending),
    firstDate: String(summary?.first_date),
    lastDate: String(summary?.last_date),
    financialYear: String(summary?.financial_year),
    financialYearStart: String(summary?.financial_year_start),
    yearReceived: Number(summary?.year_received),
    yearTotal: Number(summary?.year_total),
    month: String(summary?.month),
    monthTotal: Number(summary?.month_total),
    twelveMonthsReceived: Number(summary?.twelve_received),
    seconds: (performance.now() - started) / 1000,
  };
}
