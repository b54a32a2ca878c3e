// engines: pglite, postgres — concurrent writes taking turns on the access graph's advisory lock
/**
 * Racing writes against the no-gain rule (issue 22, hole 2). A limited employee moved a strong role onto an empty
 * department and designation and, at the same moment, moved an account she made into that place: each write
 * passed the check alone, and together they gave the account the role (PostgreSQL, first or second try). Writes
 * that change effective access now take turns (services/grants.ts, lockAccessGraph), so each check sees the other.
 *
 * Every pair of the six access-changing writes below is raced RACE_RUNS times (50 on PostgreSQL; PGlite has one
 * connection, so it runs a few to hold the same answer), each race on a scene of its own made directly in the
 * database, and after each race no account holds a capability that neither it had before nor its author holds.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, designations, employees, rolePermissions, roles, users } from '../../src/resources/index.ts';
import { grantedBeyond, unionOf, type PermissionMatrix } from '../../src/resources/permissions.ts';
import { accounts, tableOf } from '../../src/server/db/schema.ts';
import { effectiveAccessOf } from '../../src/server/services/access.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const RUNS = Number(process.env.RACE_RUNS ?? (onPostgres ? 50 : 3));

let t: TestApp;
let mallory: Awaited<ReturnType<TestApp['employee']>>;

type Entry = [feature: string, subFeature: string, scope: 'Self' | 'Global', ...caps: string[]];
const grant = (...entries: Entry[]) => {
  const matrix: PermissionMatrix = {};
  for (const [feature, subFeature, scope, ...caps] of entries) {
    const scopes = ((matrix[feature] ??= {})[subFeature] ??= {});
    scopes[scope] = { ...scopes[scope], ...Object.fromEntries(caps.map((c) => [c, true])) };
  }
  return matrix;
};

/** What the author holds: enough to make every write below, and not what STRONG gives. */
const MALLORY = grant(
  ['Company', 'Roles', 'Global', 'View', 'Edit'],
  ['Company', 'Role Permissions', 'Global', 'View', 'Edit'],
  ['Company', 'Employees', 'Global', 'View', 'Add', 'Edit'],
  ['User', 'User List', 'Global', 'View', 'Edit'],
);
const STRONG = grant(
  ['Activity', 'Audit Logs', 'Global', 'View'],
  ['Donations', 'Donations', 'Global', 'View', 'Edit', 'Delete'],
);
/** A capability the author holds, which a role may carry to others without gain beyond her. */
const HELD = grant(['Company', 'Employees', 'Global', 'View']);

beforeAll(async () => {
  t = await startTestApp();
  mallory = await t.employee({ permissions: MALLORY });
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;

/**
 * One race's scene, written straight into the database (the API would hash two passwords a race): an empty place
 * P; a strong active role R1 elsewhere; a strong inactive role R2 at P; an active role R3 at P with an empty
 * matrix; employee X (made by Mallory) at a place of its own; user U without a role. Nobody at P, so every write
 * below passes alone.
 */
async function scene() {
  const db = t.database.db;
  const tag = `${Date.now().toString(36)}-${(serial += 1)}`;
  const place = async () => {
    const [department] = await db
      .insert(tableOf(departments))
      .values({ department_name: `Race Dept ${tag}-${(serial += 1)}`, description: 'x' })
      .returning();
    const [designation] = await db
      .insert(tableOf(designations))
      .values({ designation: `Race Desig ${tag}`, description: 'x', department_id: department!.id })
      .returning();
    return { department_id: department!.id as number, designation_id: designation!.id as number };
  };
  const role = async (where: { department_id: number; designation_id: number }, active: boolean, matrix: unknown) => {
    const [row] = await db
      .insert(tableOf(roles))
      .values({ role_name: `Race Role ${tag}-${(serial += 1)}`, is_active: active, ...where })
      .returning();
    const [rp] = await db
      .insert(tableOf(rolePermissions))
      .values({ role_id: row!.id, permissions: matrix })
      .returning();
    return { id: row!.id as number, rolePermissionId: rp!.id as number };
  };
  const account = async (name: string, userType: 'Employee' | 'Vendor') => {
    const email = `race-${name}-${tag}@example.org`;
    const [row] = await db
      .insert(accounts)
      .values({ name, email, password_hash: 'not a hash: never signs in', user_type: userType })
      .returning({ id: accounts.id });
    return { id: row!.id, email };
  };
  const P = await place();
  const elsewhere = await place();
  const own = await place();
  const R1 = (await role(elsewhere, true, STRONG)).id;
  const R2 = (await role(P, false, STRONG)).id;
  const r3 = await role(P, true, {});
  const x = await account('x', 'Employee');
  const [X] = await db
    .insert(tableOf(employees))
    .values({
      full_name: `Race X ${tag}`,
      email: x.email,
      mobile: '9876543210',
      gender: 'Female',
      dob: '1990-01-01',
      hire_date: '2024-01-01',
      salary: 1000,
      contract_start_date: '2024-01-01',
      contract_last_date: '2027-01-01',
      permissions: {},
      ...own,
      account_id: x.id,
      created_by: mallory.accountId,
    })
    .returning();
  const u = await account('u', 'Vendor');
  const [U] = await db
    .insert(tableOf(users))
    .values({ username: `race-u-${tag}`, email: u.email, user_type: 'Vendor', account_id: u.id })
    .returning();
  return {
    tag,
    P,
    R1,
    R2,
    R3: r3.id,
    RP3: r3.rolePermissionId,
    X: X!.id as number,
    U: U!.id as number,
    accountsBefore: [x.id, u.id],
  };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** The six writes that change who may do what, each of which Mallory may make alone on a fresh scene. */
const WRITES: Record<string, (s: Scene) => [method: string, path: string, body: unknown]> = {
  'move strong role R1 onto P': (s) => ['PUT', `/api/v2/roles/${s.R1}`, s.P],
  'switch on strong role R2 at P': (s) => ['PUT', `/api/v2/roles/${s.R2}`, { is_active: true }],
  'give role R3 at P a held capability': (s) => ['PUT', `/api/v2/role-permissions/${s.RP3}`, { permissions: HELD }],
  'move employee X into P': (s) => ['PUT', `/api/v2/employees/${s.X}`, s.P],
  'add employee Y at P': (s) => [
    'POST',
    '/api/v2/employees',
    {
      full_name: `Race Y ${s.tag}`,
      email: `race-y-${s.tag}@example.org`,
      password: 'race-password-long-1',
      mobile: '9876543210',
      gender: 'Male',
      dob: '1990-01-01',
      hire_date: '2024-01-01',
      salary: 1000,
      contract_start_date: '2024-01-01',
      contract_last_date: '2027-01-01',
      permissions: {},
      ...s.P,
    },
  ],
  'give user U role R3': (s) => ['PUT', `/api/v2/users/${s.U}`, { role_id: s.R3 }],
};

const names = Object.keys(WRITES);
const pairs = names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b] as const));

describe('racing access-changing writes (issue 22, hole 2)', () => {
  it('each write passes alone on a fresh scene', async () => {
    for (const name of names) {
      const s = await scene();
      const [method, path, body] = WRITES[name]!(s);
      const answer = await t.api(method, path, { token: mallory.token, body });
      expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(300);
    }
  });

  it(
    `races every pair ${RUNS} times: no account ever holds what neither it had nor its author holds`,
    { timeout: 300_000 },
    async () => {
      const author = (await effectiveAccessOf(t.database.db, [mallory.accountId])).get(mallory.accountId)!;
      let bothPassed = 0;
      /** One race of a pair on a scene of its own; the gains it finds. */
      const race = async ([a, b]: readonly [string, string], run: number): Promise<string[]> => {
        const s = await scene();
        const before = await effectiveAccessOf(t.database.db, s.accountsBefore);
        const answers = await Promise.all(
          [WRITES[a]!(s), WRITES[b]!(s)].map(([method, path, body]) =>
            t.api(method, path, { token: mallory.token, body }),
          ),
        );
        for (const answer of answers) expect([200, 201, 403], answer.text).toContain(answer.status);
        if (answers.every((answer) => answer.status < 300)) bothPassed += 1;
        const made = await t.database.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(inArray(accounts.email, [`race-y-${s.tag}@example.org`]));
        const after = await effectiveAccessOf(t.database.db, [...s.accountsBefore, ...made.map((row) => row.id)]);
        return [...after].flatMap(([id, now]) => {
          const was = before.get(id) ?? { admin: false, matrix: {} };
          const gained = now.admin ? ['admin'] : grantedBeyond(now.matrix, unionOf([was.matrix, author.matrix]));
          return gained.length > 0 ? [`${a} ‖ ${b}, run ${run}: account ${id} gained ${gained.join(', ')}`] : [];
        });
      };
      // Every pair's race of one round at once, each on its own scene: more writes in flight, the same rule.
      for (let run = 0; run < RUNS; run += 1) {
        const gains = (await Promise.all(pairs.map((pair) => race(pair, run)))).flat();
        expect(gains).toEqual([]);
      }
      // Pairs that cannot combine into a gain (a role move and a role switch-on) still both pass.
      expect(bothPassed).toBeGreaterThan(0);
    },
  );
});
