/**
 * `npm run seed:demo`: loads the spec's sample data (src/resources/demo-data.ts) into the configured database,
 * only when asked. Rows whose id already exists are left alone, so running it twice changes nothing. Stop the
 * server first when it runs on PGlite: its data directory admits one process at a time.
 */
import { sql } from 'drizzle-orm';
import { getResource } from '../src/resources/index.ts';
import { demoData } from '../src/resources/demo-data.ts';
import { loadConfig } from '../src/server/config.ts';
import { databaseOptionsOf, openDatabase } from '../src/server/db/client.ts';
import { tableOf } from '../src/server/db/schema.ts';

const config = loadConfig();
const database = await openDatabase(databaseOptionsOf(config)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});

try {
  await database.db.transaction(async (tx) => {
    // demoData lists resources in dependency order (referenced resources first).
    for (const [name, rows] of Object.entries(demoData)) {
      const resource = getResource(name);
      const table = tableOf(resource);
      const inserted = await tx.insert(table).values(rows).onConflictDoNothing().returning({ id: table.id });
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${resource.name}, 'id'), greatest((select max(id) from ${table}), 1))`,
      );
      console.log(`${resource.label.many}: ${inserted.length} added, ${rows.length - inserted.length} already there.`);
    }
  });
} finally {
  await database.close();
}
