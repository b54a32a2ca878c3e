// engines: pglite, postgres — the scripts open databases (their tests skip themselves on PostgreSQL)
/**
 * The commands of the README that touch the database: the demo seed, and configuration errors at start.
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { demoData } from '../../src/resources/demo-data.ts';
import { demoEmployees, demoRolePermissions, demoRoles, demoUsers } from '../../src/resources/demo-staff.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { accounts, auditLogs, designations, tableOf } from '../../src/server/db/schema.ts';
import { AuthService } from '../../src/server/services/auth.ts';
import { accountKey } from '../../src/server/services/sign-in-throttle.ts';
import { passwordProblem } from '../../src/resources/password-policy.ts';
import { eq } from 'drizzle-orm';
import { migratedDataDir } from '../helpers/app.ts';

function run(script: string, env: Record<string, string>, args: string[] = []) {
  return spawnSync(process.execPath, [script, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
}

describe.skipIf(process.env.TEST_DB === 'postgres')('npm run seed:demo', () => {
  // Two runs of the seed on a migrated directory (tests/helpers/app.ts, migratedDataDir: the first start's initdb is
  // database.test.ts's subject), each hashing the sample accounts' passwords: a minute on a busy machine.
  it(
    'loads the sample data once, with the spec fixed designation ids, and new rows continue after them',
    { timeout: 300_000 },
    async () => {
      const dataDir = await migratedDataDir('trust-seed-');
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: 'seed-admin@example.org',
        ADMIN_PASSWORD: 'seed-admin-password-1',
      };
      try {
        const first = run('scripts/seed-demo.ts', env);
        expect(first.status, first.stderr).toBe(0);
        expect(first.stdout).toContain('Countries: 4 added, 0 already there.');
        for (const [label, count] of [
          ['Roles', demoRoles.length],
          ['Permissions', demoRolePermissions.length],
          ['Employees', demoEmployees.length],
          ['Users', demoUsers.length],
        ] as const) {
          expect(first.stdout).toContain(`${label}: ${count} added, 0 already there.`);
        }
        const second = run('scripts/seed-demo.ts', env);
        expect(second.status, second.stderr).toBe(0);
        expect(second.stdout).toContain('Countries: 0 added, 4 already there.');
        expect(second.stdout).toContain(`Employees: 0 added, ${demoEmployees.length} already there.`);
        expect(second.stdout).toContain(`Roles: 0 added, ${demoRoles.length} already there.`);
        expect(second.stdout).toMatch(/^Notifications: 0 added, [1-9]\d* already there/m);

        const database = await openDatabase({ kind: 'pglite', dataDir });
        try {
          for (const [name, rows] of Object.entries(demoData)) {
            if (name === 'notifications') continue;
            expect((await database.db.select().from(tableOf(name))).length, name).toBe(rows.length);
          }
          // The sample notifications, each to the accounts it concerns, so that they show in someone's bell: the
          // Admin gets all four; Priya Sharma, whose department and designation hold the Admin role (User List:
          // View), gets the new user's too, and the server's notice of each sample user made (its author, the
          // Admin, is left out of those); the server error stays the Admins'.
          const notices = (await database.db.select().from(tableOf('notifications'))) as Record<string, unknown>[];
          expect(notices.filter((n) => n.recipient_id === null)).toEqual([]);
          const signIns = await database.db.select().from(accounts);
          const idOf = (email: string) => signIns.find((a) => a.email === email)!.id;
          const samples = demoData.notifications!.map((n) => n.message);
          const sampleReaders = (message: unknown) =>
            notices
              .filter((n) => n.message === message)
              .map((n) => n.recipient_id)
              .sort();
          const adminId = idOf('seed-admin@example.org');
          const priyaId = idOf('priya.sharma@example.org');
          expect(samples.map(sampleReaders)).toEqual([[adminId], [adminId], [adminId, priyaId].sort(), [adminId]]);
          expect(first.stdout).toContain('Notifications: 5 added, 0 already there');
          const userNotices = notices.filter((n) => n.type === 'User Registered' && !samples.includes(n.message));
          expect(userNotices.map((n) => n.recipient_id)).toEqual(demoUsers.map(() => priyaId));
          expect(notices).toHaveLength(5 + demoUsers.length);
          const ids = (await database.db.select().from(designations)).map((d) => [d.id, d.designation]);
          expect(ids).toEqual(
            expect.arrayContaining([
              [1, 'Software Engineer'],
              [2, 'HR Manager'],
              [16, 'System Analysts'],
              [15, 'Product Manager'],
              [4, 'Operation Manager'],
            ]),
          );
          const [added] = await database.db
            .insert(designations)
            .values({ designation: 'Teacher', department_id: 1, description: 'Teaches.' })
            .returning();
          expect(added!.id).toBe(17);

          // The sample staff, written through the server's write path by the first Admin: each with its audit entry.
          const rows = async (name: string) =>
            (await database.db.select().from(tableOf(name))) as Record<string, unknown>[];
          const roleRows = await rows('roles');
          expect(roleRows.map((r) => r.role_name).sort()).toEqual(demoRoles.map((r) => r.role_name).sort());
          const roleName = new Map(roleRows.map((r) => [r.id, r.role_name]));
          expect((await rows('role_permissions')).map((r) => roleName.get(r.role_id)).sort()).toEqual(
            demoRolePermissions.map((r) => r.role_name).sort(),
          );
          const employeeRows = await rows('employees');
          expect(employeeRows.map((e) => [e.email, e.designation_id]).sort()).toEqual(
            demoEmployees.map((e) => [e.email, e.designation_id]).sort(),
          );
          // Every designation of the employee list's fixed filter has its employee.
          expect(new Set(employeeRows.map((e) => e.designation_id))).toEqual(new Set([1, 2, 4, 15, 16]));
          expect((await rows('users')).map((u) => [u.email, u.user_type]).sort()).toEqual(
            demoUsers.map((u) => [u.email, u.user_type]).sort(),
          );
          // Their sign-in accounts, each with a password that is not shown and not a common one.
          for (const person of [...demoEmployees, ...demoUsers]) {
            const account = signIns.find((a) => a.email === person.email);
            expect(account, person.email).toBeDefined();
            expect(first.stdout).not.toContain(account!.password_hash);
          }
          const [admin] = signIns.filter((a) => a.email === 'seed-admin@example.org');
          const trail = await database.db.select().from(auditLogs);
          for (const [module, count] of [
            ['roles', demoRoles.length],
            ['role_permissions', demoRolePermissions.length],
            ['employees', demoEmployees.length],
            ['users', demoUsers.length],
          ] as const) {
            const created = trail.filter((e) => e.module === module && e.action_type === 'Create');
            expect(created, module).toHaveLength(count);
            expect(new Set(created.map((e) => e.performed_by_id)), module).toEqual(new Set([admin!.id]));
          }
        } finally {
          await database.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe.skipIf(process.env.TEST_DB === 'postgres')('npm run seed:volume', () => {
  // The command on a migrated directory, then the directory opened again here: 37 s on a busy machine.
  it(
    'makes the asked numbers of employees and activities, with their departments and designations',
    { timeout: 120_000 },
    async () => {
      const dataDir = await migratedDataDir('trust-volume-');
      try {
        const result = run('scripts/seed-volume.ts', {
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SEED_EMPLOYEES: '250',
          SEED_ACTIVITIES: '1000',
        });
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toMatch(/^Added 250 employees and 1,000 activities in [0-9.]+ s\.$/m);
        const database = await openDatabase({ kind: 'pglite', dataDir });
        try {
          expect(await database.db.$count(tableOf('employees'))).toBe(250);
          expect(await database.db.$count(tableOf('activities'))).toBe(1000);
          expect(await database.db.$count(designations)).toBe(8);
        } finally {
          await database.close();
        }
        const refused = run('scripts/seed-volume.ts', { DATA_DIR: dataDir, DATABASE_URL: '', SEED_EMPLOYEES: 'many' });
        expect(refused.status).toBe(1);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 5000, HOST: '0.0.0.0', SESSION_TTL_HOURS: 12, LOG_LEVEL: 'info' });
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('stops on a wrong value with a sentence naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL.',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.org' })).toThrow(/both ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: 'short' })).toThrow(
      'Configuration error: ADMIN_PASSWORD must be at least 10 characters.',
    );
    // The one password policy of every account: the first Admin's too.
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: 'Password123' })).toThrow(
      'Configuration error: ADMIN_PASSWORD is one of the most common passwords.',
    );
  });

  it('refuses to start with a wrong value, in one line', () => {
    const result = run('src/server/main.ts', { PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a port number (0 to 65535).');
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('npm run account:recover', () => {
  // A migrated directory, then the command started twice, each opening it: 43 s on CI's busy two cores.
  it(
    'gives a locked-out Admin a new password from the command line, and records it',
    { timeout: 120_000 },
    async () => {
      const dataDir = await migratedDataDir('trust-recover-');
      try {
        const database = await openDatabase({ kind: 'pglite', dataDir });
        const auth = new AuthService(database, 1);
        await auth.bootstrapAdmin({ email: 'only-admin@example.org', password: 'forgotten-password-1' });
        const [admin] = await database.db.select().from(accounts);
        // Deactivated by mistake, and slowed down by failed guesses.
        await database.db.update(accounts).set({ is_active: false }).where(eq(accounts.id, admin!.id));
        for (let i = 0; i < 8; i++) await auth.throttle.failed([accountKey('only-admin@example.org')]);
        await database.close();

        const unknown = run('scripts/recover-account.ts', { DATA_DIR: dataDir, DATABASE_URL: '' }, [
          'nobody@example.org',
        ]);
        expect(unknown.status).toBe(1);
        expect(unknown.stderr).toContain('There is no account with the email nobody@example.org.');

        const result = run('scripts/recover-account.ts', { DATA_DIR: dataDir, DATABASE_URL: '' }, [
          'Only-Admin@example.org',
        ]);
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toContain('It was deactivated, and is active again.');
        const password = result.stdout.split('\n').find((line) => /^[A-Za-z0-9]{16}$/.test(line))!;
        expect(passwordProblem(password)).toBeUndefined();

        const reopened = await openDatabase({ kind: 'pglite', dataDir });
        try {
          const signedIn = await new AuthService(reopened, 1).login(
            { email: 'only-admin@example.org', password },
            { ip: '127.0.0.1' },
          );
          expect(signedIn.account.userType).toBe('Admin');
          const trail = await reopened.db.select().from(auditLogs).where(eq(auditLogs.module, 'accounts'));
          expect(JSON.stringify(trail)).toContain('Recovered from the server');
          expect(JSON.stringify(trail)).not.toContain(password);
        } finally {
          await reopened.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
