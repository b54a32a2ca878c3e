/**
 * `npm run seed:volume`: volume data for measuring, never for production: 100,000 employees and 1,000,000
 * activities (`SEED_EMPLOYEES`, `SEED_ACTIVITIES` change the counts), made inside the database with
 * generate_series (scripts/volume.ts, which the bench uses too). The rows bypass the API's validation and have no
 * sign-in accounts. Stop the server first when it runs on PGlite.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { databaseOptionsOf, openDatabase } from '../src/server/db/client.ts';
import { seedVolume } from './volume.ts';

const employees = Number(process.env.SEED_EMPLOYEES ?? 100_000);
const activities = Number(process.env.SEED_ACTIVITIES ?? 1_000_000);
if (!Number.isInteger(employees) || employees < 0 || !Number.isInteger(activities) || activities < 0) {
  console.error('SEED_EMPLOYEES and SEED_ACTIVITIES must be whole numbers.');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(databaseOptionsOf(config)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});

const started = Date.now();
try {
  await seedVolume(database, { employees, activities });
  await database.db.execute(sql`analyze`);
  console.log(
    `Added ${employees.toLocaleString('en-IN')} employees and ${activities.toLocaleString('en-IN')} activities in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
