// engines: pglite, postgres — concurrent writes taking turns on the access graph's advisory lock
/**
 * Racing writes against the no-gain rule. A limited employee moved a strong role onto an empty
 * department and designation and, at the same moment, moved an account she made into that place: each write
 * passed the check alone, and together they gave the account the role (PostgreSQL, first or second try). Writes
 * that change effective access now take turns (services/grants.ts, lockAccessGraph), so each check sees the other.
 *
 * Every pair of the six access-changing writes below is raced RACE_RUNS times (50 on PostgreSQL; PGlite has one
 * connection, so it runs a few to hold the same answer), each race on a scene of its own made directly in the
 * database, and after each race no account holds a capability that neither it had before nor its author holds.
 */
import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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

interface Scene {
  tag: string;
  P: { department_id: number; designation_id: number };
  R1: number;
  R2: number;
  R3: number;
  RP3: number;
  X: number;
  U: number;
  accountsBefore: number[];
}

/**
 * Scenes of their own, one per race, written straight into the database (the API would hash two passwords a race),
 * all those of a round in a few statements of many rows. Each: an empty place P; a strong active role R1 elsewhere;
 * a strong inactive role R2 at P; an active role R3 at P with an empty matrix; employee X (made by Mallory) at a
 * place of its own; user U without a role. Nobody at P, so every write below passes alone.
 */
async function scenes(count: number): Promise<Scene[]> {
  const db = t.database.db;
  const tags = Array.from({ length: count }, () => `${Date.now().toString(36)}-${(serial += 1)}`);
  /** Rows inserted at once, found again by a unique value of theirs. */
  const insert = async (
    table: PgTable,
    rows: Record<string, unknown>[],
    key: string,
  ): Promise<Map<unknown, number>> => {
    const made = (await db.insert(table).values(rows).returning()) as Record<string, unknown>[];
    return new Map(made.map((row) => [row[key], row.id as number]));
  };
  const PLACES = ['P', 'elsewhere', 'own'] as const;
  const departmentIds = await insert(
    tableOf(departments),
    tags.flatMap((tag) => PLACES.map((p) => ({ department_name: `Race Dept ${tag} ${p}`, description: 'x' }))),
    'department_name',
  );
  const departmentOf = (tag: string, p: (typeof PLACES)[number]) => departmentIds.get(`Race Dept ${tag} ${p}`)!;
  const designationIds = await insert(
    tableOf(designations),
    tags.flatMap((tag) =>
      PLACES.map((p) => ({ designation: `Race Desig ${tag}`, description: 'x', department_id: departmentOf(tag, p) })),
    ),
    'department_id',
  );
  const place = (tag: string, p: (typeof PLACES)[number]) => ({
    department_id: departmentOf(tag, p),
    designation_id: designationIds.get(departmentOf(tag, p))!,
  });
  const ROLES = [
    ['R1', 'elsewhere', true, STRONG],
    ['R2', 'P', false, STRONG],
    ['R3', 'P', true, {}],
  ] as const;
  const roleIds = await insert(
    tableOf(roles),
    tags.flatMap((tag) =>
      ROLES.map(([name, p, active]) => ({
        role_name: `Race Role ${tag} ${name}`,
        is_active: active,
        ...place(tag, p),
      })),
    ),
    'role_name',
  );
  const roleOf = (tag: string, name: (typeof ROLES)[number][0]) => roleIds.get(`Race Role ${tag} ${name}`)!;
  const rolePermissionIds = await insert(
    tableOf(rolePermissions),
    tags.flatMap((tag) => ROLES.map(([name, , , matrix]) => ({ role_id: roleOf(tag, name), permissions: matrix }))),
    'role_id',
  );
  const email = (name: 'x' | 'u', tag: string) => `race-${name}-${tag}@example.org`;
  const accountIds = await insert(
    accounts,
    tags.flatMap((tag) =>
      (['x', 'u'] as const).map((name) => ({
        name,
        email: email(name, tag),
        password_hash: 'not a hash: never signs in',
        user_type: name === 'x' ? 'Employee' : 'Vendor',
      })),
    ),
    'email',
  );
  const employeeIds = await insert(
    tableOf(employees),
    tags.map((tag) => ({
      full_name: `Race X ${tag}`,
      email: email('x', tag),
      mobile: '9876543210',
      gender: 'Female',
      dob: '1990-01-01',
      hire_date: '2024-01-01',
      salary: 1000,
      contract_start_date: '2024-01-01',
      contract_last_date: '2027-01-01',
      permissions: {},
      ...place(tag, 'own'),
      account_id: accountIds.get(email('x', tag))!,
      created_by: mallory.accountId,
    })),
    'email',
  );
  const userIds = await insert(
    tableOf(users),
    tags.map((tag) => ({
      username: `race-u-${tag}`,
      email: email('u', tag),
      user_type: 'Vendor',
      account_id: accountIds.get(email('u', tag))!,
    })),
    'email',
  );
  return tags.map((tag) => ({
    tag,
    P: place(tag, 'P'),
    R1: roleOf(tag, 'R1'),
    R2: roleOf(tag, 'R2'),
    R3: roleOf(tag, 'R3'),
    RP3: rolePermissionIds.get(roleOf(tag, 'R3'))!,
    X: employeeIds.get(email('x', tag))!,
    U: userIds.get(email('u', tag))!,
    accountsBefore: [accountIds.get(email('x', tag))!, accountIds.get(email('u', tag))!],
  }));
}

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

describe('racing access-changing writes', () => {
  it('each write passes alone on a fresh scene', async () => {
    const fresh = await scenes(names.length);
    for (const [i, name] of names.entries()) {
      const s = fresh[i]!;
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
      const race = async ([a, b]: readonly [string, string], s: Scene, run: number): Promise<string[]> => {
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
        const round = await scenes(pairs.length);
        const gains = (await Promise.all(pairs.map((pair, i) => race(pair, round[i]!, run)))).flat();
        expect(gains).toEqual([]);
      }
      // Pairs that cannot combine into a gain (a role move and a role switch-on) still both pass.
      expect(bothPassed).toBeGreaterThan(0);
    },
  );
});
