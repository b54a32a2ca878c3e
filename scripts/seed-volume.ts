/**
 * `npm run seed:volume`: volume data for measuring, never for production: 100,000 employees and 1,000,000
 * activities (`SEED_EMPLOYEES`, `SEED_ACTIVITIES` change the counts), made inside the database with
 * generate_series. The rows bypass the API's validation and have no sign-in accounts. Stop the server first when
 * it runs on PGlite.
 */
import { min, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { accounts } from '../src/server/db/schema.ts';

const employees = Number(process.env.SEED_EMPLOYEES ?? 100_000);
const activities = Number(process.env.SEED_ACTIVITIES ?? 1_000_000);
if (!Number.isInteger(employees) || employees < 0 || !Number.isInteger(activities) || activities < 0) {
  console.error('SEED_EMPLOYEES and SEED_ACTIVITIES must be whole numbers.');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});

const started = Date.now();
try {
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
    await tx.execute(sql`
      insert into activities (account_id, ride_id, action, description, occurred_at, status, created_at, updated_at)
      select ${accountId},
             case when g % 3 = 0 then null else g end,
             (array['Sign-in','Sign-out','Ride booked','Ride completed'])[1 + g % 4],
             'Volume activity ' || g,
             t, (array['Success','Success','Failed','Pending'])[1 + g % 4], t, t
      from generate_series(1, ${activities}) as g,
           lateral (select timestamptz '2026-11-22 00:00+05:30' - (g * interval '37 seconds') as t) as at`);
  });
  await database.db.execute(sql`analyze`);
  console.log(
    `Added ${employees.toLocaleString('en-IN')} employees and ${activities.toLocaleString('en-IN')} activities in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
