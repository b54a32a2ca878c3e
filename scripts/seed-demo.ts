/**
 * `npm run seed:demo`: loads the spec's sample data into the configured database, only when asked. Stop the server
 * first when it runs on PGlite: its data directory admits one process at a time. Running it again adds nothing.
 *
 * - The reference data (src/resources/demo-data.ts: departments, designations, countries, states, cities) goes in
 *   as rows with their fixed ids (the employee list's designation filter names ids 1, 2, 4, 15 and 16); rows whose id
 *   exists are left alone.
 * - The spec's four sample notifications (demo-data.ts) go, after the staff, to the accounts each concerns, as the
 *   server addresses its own (services/notifications.ts): the server error and the emailed report to the Admins, the
 *   contact message and the new user to whoever may View contact messages or the user list (Admins always). An
 *   account that has one already is left alone; copies without a recipient, which an older seed wrote and nobody
 *   could see, are removed.
 * - The staff (src/resources/demo-staff.ts: roles, role permissions, employees with their sign-in accounts, users)
 *   go through the server's own write path (RecordService.create, as the API does), acting as the first Admin:
 *   validated by the declarations, with every account rule, in their transactions, each with its audit entry. One
 *   that is there already (a role by name, a role's permissions by role, an employee or a user by email) is left
 *   alone. Each account gets a strong random password that is shown nowhere: an Admin sets one for whoever is to sign
 *   in (edit, or Forgot Password).
 *
 * On an empty database the first Admin is made first, as the server's first start makes it (ADMIN_EMAIL and
 * ADMIN_PASSWORD, or a password printed this once).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  contactMessages,
  getResource,
  users as userDeclaration,
  type ResourceDeclaration,
} from '../src/resources/index.ts';
import type { PermissionKey } from '../src/resources/permissions.ts';
import { demoData } from '../src/resources/demo-data.ts';
import { demoEmployees, demoRolePermissions, demoRoles, demoUsers } from '../src/resources/demo-staff.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { databaseOptionsOf, openDatabase } from '../src/server/db/client.ts';
import { rowsOf } from '../src/server/db/client.ts';
import { accounts, tableOf } from '../src/server/db/schema.ts';
import { accountsHolding } from '../src/server/services/access.ts';
import { AuthService } from '../src/server/services/auth.ts';
import type { Caller } from '../src/server/services/access.ts';

const config = loadConfig();
const database = await openDatabase(databaseOptionsOf(config)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});

/**
 * Whom each sample notification concerns, by its type, and where it leads: the place in the matrix whose View its
 * readers hold (undefined: the Admins alone), as the server's own notifications of these kinds are addressed.
 */
const NOTICE_READERS: Record<string, { place?: PermissionKey; link: string | null }> = {
  'Server Error': { link: null },
  Message: { place: contactMessages.permission, link: contactMessages.routes.list },
  'User Registered': { place: userDeclaration.permission, link: userDeclaration.routes.list },
  Email: { link: null },
};

/** A password the policy accepts (16 characters of base64url), never shown. */
const unshownPassword = () => randomBytes(12).toString('base64url');

try {
  await database.db.transaction(async (tx) => {
    // demoData lists resources in dependency order (referenced resources first). The notifications follow the staff.
    for (const [name, rows] of Object.entries(demoData)) {
      if (name === 'notifications') continue;
      const resource = getResource(name);
      const table = tableOf(resource);
      const inserted = await tx.insert(table).values(rows).onConflictDoNothing().returning({ id: table.id });
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${resource.name}, 'id'), greatest((select max(id) from ${table}), 1))`,
      );
      console.log(`${resource.label.many}: ${inserted.length} added, ${rows.length - inserted.length} already there.`);
    }
  });

  const admin = await new AuthService(database, config.SESSION_TTL_HOURS).bootstrapAdmin({
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (admin?.generatedPassword) {
    console.log(
      `Created the Admin account ${admin.email} with the password ${admin.generatedPassword} (shown only this once).`,
    );
  } else if (admin) {
    console.log(`Created the Admin account ${admin.email}.`);
  }

  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    const [first] = await database.db
      .select({ id: accounts.id, name: accounts.name, email: accounts.email })
      .from(accounts)
      .where(and(eq(accounts.user_type, 'Admin'), eq(accounts.is_active, true)))
      .orderBy(accounts.id)
      .limit(1);
    if (!first) throw new Error('No active Admin account: the sample staff are written by one. Nothing was added.');
    const session = { ...first, userType: 'Admin' as const, expiresAt: new Date(Date.now() + 3_600_000) };
    const actor: Caller = { ...session, access: await app.services.access.of(session) };
    const { records } = app.services;

    /** The id of the row of `resource` whose `field` is `value` (an email without regard to case), if any. */
    const existing = async (resource: ResourceDeclaration, field: string, value: unknown, caseless = false) => {
      const table = tableOf(resource);
      const column = sql.identifier(field);
      const where = caseless ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value}`;
      const result = await database.db.execute(sql`select id from ${table} where ${where} order by id limit 1`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[];
      return rows[0] ? Number(rows[0].id) : undefined;
    };

    /** Creates each record not there yet, through the write path; says how many of each. */
    const load = async <T>(
      resource: ResourceDeclaration,
      items: readonly T[],
      already: (item: T) => Promise<number | undefined>,
      body: (item: T) => Promise<Record<string, unknown>>,
    ) => {
      let added = 0;
      for (const item of items) {
        if ((await already(item)) !== undefined) continue;
        await records.create(actor, resource, await body(item));
        added += 1;
      }
      console.log(`${resource.label.many}: ${added} added, ${items.length - added} already there.`);
    };

    const roles = getResource('roles');
    const roleId = async (name: string) => {
      const id = await existing(roles, 'role_name', name);
      if (id === undefined) throw new Error(`The sample role ${name} is missing.`);
      return id;
    };
    await load(
      roles,
      demoRoles,
      (role) => existing(roles, 'role_name', role.role_name),
      async (role) => ({ ...role }),
    );
    const rolePermissions = getResource('role_permissions');
    await load(
      rolePermissions,
      demoRolePermissions,
      async (entry) => existing(rolePermissions, 'role_id', await roleId(entry.role_name)),
      async (entry) => ({ role_id: await roleId(entry.role_name), permissions: entry.permissions }),
    );
    const employees = getResource('employees');
    await load(
      employees,
      demoEmployees,
      (employee) => existing(employees, 'email', employee.email, true),
      async (employee) => ({ ...employee, password: unshownPassword() }),
    );
    const users = getResource('users');
    await load(
      users,
      demoUsers,
      (user) => existing(users, 'email', user.email, true),
      async ({ role_name, ...user }) => ({
        ...user,
        role_id: role_name === null ? null : await roleId(role_name),
        password: unshownPassword(),
      }),
    );

    // Each sample notification to each account it concerns that has not got it yet, in one statement each.
    const notifications = tableOf(getResource('notifications'));
    let added = 0;
    let already = 0;
    for (const notice of demoData.notifications ?? []) {
      const type = String(notice.type);
      const message = String(notice.message);
      const readers = NOTICE_READERS[type];
      if (!readers) throw new Error(`The sample notification type ${type} has no readers.`);
      await database.db.execute(
        sql`delete from ${notifications} where recipient_id is null and type = ${type} and message = ${message}`,
      );
      const same = sql`n.type = ${type} and n.message = ${message}`;
      const written = await database.db.execute(sql`
        insert into ${notifications} (type, message, link, recipient_id, is_read)
        select ${type}, ${message}, ${readers.link}, a.id, false
        from (${accountsHolding(readers.place, 'View')}) a
        where not exists (select 1 from ${notifications} n where n.recipient_id = a.id and ${same})
        returning id`);
      added += rowsOf(written).length;
      const kept = await database.db.execute(
        sql`select count(*)::int as count from ${notifications} n where n.recipient_id is not null and ${same}`,
      );
      already += Number(rowsOf<{ count: number }>(kept)[0]?.count ?? 0) - rowsOf(written).length;
    }
    console.log(`Notifications: ${added} added, ${already} already there (the samples, to the accounts they concern).`);
    await records.idle();
  } finally {
    await app.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
