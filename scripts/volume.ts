/**
 * Volume data for measuring, never for production, made inside the database with generate_series: four
 * departments with two designations each (unless some already exist), `employees` employees spread over the
 * designations, and `activities` activities, one every 37 seconds going back from 2026-11-22 00:00 (+05:30),
 * half of them Success, a quarter Failed and a quarter Pending. The rows bypass the API's validation and the
 * employees have no sign-in accounts. Used by `npm run seed:volume` (scripts/seed-volume.ts) and by the bench
 * (bench/seed.ts).
 */
import { min, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';
import { accounts } from '../src/server/db/schema.ts';

export interface VolumeCounts {
  employees: number;
  activities: number;
}

/** The newest volume activity; the others go back from it, 37 seconds apart. */
export const VOLUME_NEWEST_ACTIVITY = '2026-11-22 00:00+05:30';

/** Inserts the volume data in one transaction. The caller analyzes (or vacuums) the tables afterwards. */
export async function seedVolume(database: Database, { employees, activities }: VolumeCounts): Promise<void> {
  for (const [name, count] of Object.entries({ employees, activities })) {
    if (!Number.isInteger(count) || count < 0) throw new Error(`The number of ${name} must be a whole number.`);
  }
  await database.db.transaction(async (tx) => {
    // Four departments with two designations each, unless some already exist.
    await tx.execute(sql`
      insert into departments (department_name, description)
      select name, 'Volume data' from unnest(array['Teaching', 'Office', 'Kitchen', 'Grounds']) as name
      where not exists (select 1 from departments)`);
    await tx.execute(sql`
      insert into designations (designation, department_id, description)
      select d.department_name || ' ' || n, d.id, 'Volume data'
      from departments d cross join unnest(array['Staff', 'Lead']) as n
      where not exists (select 1 from designations)`);
    await tx.execute(sql`
      with designation_list as (
        select row_number() over (order by id) - 1 as i, id, department_id, count(*) over () as n from designations
      )
      insert into employees (full_name, email, mobile, gender, dob, hire_date, salary, contract_start_date,
                             contract_last_date, status, is_active, role, permissions, department_id, designation_id)
      select (array['Asha','Ravi','Meena','Sunil','Priya','Arjun','Kavita','Vikram','Anita','Rahul'])[1 + g % 10]
               || ' ' || (array['Sharma','Verma','Iyer','Rao','Gupta','Singh','Nair','Patel','Das','Joshi'])[1 + (g / 10) % 10]
               || ' ' || g,
             'employee' || g || '@volume.example',
             '9' || lpad((g % 1000000000)::text, 9, '0'),
             case when g % 2 = 0 then 'Female' else 'Male' end,
             date '1970-01-01' + (g % 12000),
             date '2010-01-01' + (g % 5000),
             15000 + (g % 85000),
             date '2010-01-01' + (g % 5000),
             date '2010-01-01' + (g % 5000) + 1095,
             (array['Active','Active','Active','Inactive','Pending'])[1 + g % 5],
             g % 5 <> 3,
             'user',
             '{}'::jsonb,
             d.department_id,
             d.id
      from generate_series(1, ${employees}) as g
      join designation_list d on d.i = g % d.n`);
    const [first] = await tx.select({ id: min(accounts.id) }).from(accounts);
    const accountId = first?.id ?? 1;
    const newest = sql.raw(`timestamptz '${VOLUME_NEWEST_ACTIVITY}'`);
    await tx.execute(sql`
      insert into activities (account_id, ride_id, action, description, occurred_at, status, created_at, updated_at)
      select ${accountId},
             case when g % 3 = 0 then null else g end,
             (array['Sign-in','Sign-out','Ride booked','Ride completed'])[1 + g % 4],
             'Volume activity ' || g,
             t, (array['Success','Success','Failed','Pending'])[1 + g % 4], t, t
      from generate_series(1, ${activities}) as g,
           lateral (select ${newest} - (g * interval '37 seconds') as t) as at`);
  });
}
