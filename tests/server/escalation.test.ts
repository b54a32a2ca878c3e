// engines: pglite, postgres — its own SQL; access computed in the database
/**
 * Escalation, as an attack on the access rules tried it (docs/decisions.md, "Access control: every route says who may
 * call it"): a limited employee moves a strong role onto her own placement, switches one on, creates an employee or a
 * user under a strong role, or edits a role that applies to someone else; every such write is refused (403) and changes
 * nothing, through /api/v2 and the /api/v1 contract alike. A seeded property test then drives random writes by limited
 * callers and holds that no account ever gains a capability its author does not hold. Writes that grant only what the
 * author holds still work.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMatrix } from '../../src/resources/permissions.ts';
import { grantedBeyond, unionOf } from '../../src/resources/permissions.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { effectiveAccessOf } from '../../src/server/services/access.ts';
import { seededRandom } from '../helpers/random.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const grant = (...entries: [feature: string, subFeature: string, scope: 'Self' | 'Global', ...caps: string[]][]) => {
  const matrix: PermissionMatrix = {};
  for (const [feature, subFeature, scope, ...caps] of entries) {
    const subs = (matrix[feature] ??= {});
    const scopes = (subs[subFeature] ??= {});
    scopes[scope] = { ...scopes[scope], ...Object.fromEntries(caps.map((c) => [c, true])) };
  }
  return matrix;
};

const STRONG = grant(
  ['Company', 'Employees', 'Global', 'View', 'Add', 'Edit', 'Delete'],
  ['Company', 'Role Permissions', 'Global', 'View', 'Add', 'Edit', 'Delete'],
  ['Activity', 'Audit Logs', 'Global', 'View'],
);

let serial = 0;
/** A department and designation of their own, as the Admin. */
async function placement() {
  serial += 1;
  const department = await t.api('POST', '/api/v2/departments', {
    body: { department_name: `Escalation Dept ${serial}`, description: 'x' },
  });
  const designation = await t.api('POST', '/api/v2/designations', {
    body: { designation: `Escalation Desig ${serial}`, description: 'x', department_id: department.body.id },
  });
  return { department_id: department.body.id as number, designation_id: designation.body.id as number };
}

/** A role with a matrix, as the Admin. */
async function role(matrix: PermissionMatrix, where: { department_id: number; designation_id: number }, active = true) {
  serial += 1;
  const created = await t.api('POST', '/api/v2/roles', {
    body: { role_name: `Escalation Role ${serial}`, is_active: active, ...where },
  });
  expect(created.status, created.text).toBe(201);
  const rp = await t.api('POST', '/api/v2/role-permissions', {
    body: { role_id: created.body.id, permissions: matrix },
  });
  expect(rp.status, rp.text).toBe(201);
  return { id: created.body.id as number, rolePermissionId: rp.body.id as number };
}

/** The effective matrix of an account, as the server decides it. */
async function accessOf(accountId: number) {
  return (await effectiveAccessOf(t.database.db, [accountId])).get(accountId)!;
}

const employeeBody = (
  where: { department_id: number; designation_id: number },
  extra: Record<string, unknown> = {},
) => {
  serial += 1;
  return {
    full_name: `Escalated ${serial}`,
    email: `escalated-${serial}-${Date.now()}@example.org`,
    password: 'escalated-password-1',
    mobile: '9876543210',
    gender: 'Female',
    dob: '1990-01-01',
    hire_date: '2024-01-01',
    salary: 10000,
    contract_start_date: '2024-01-01',
    contract_last_date: '2027-01-01',
    role: 'user',
    permissions: {},
    ...where,
    ...extra,
  };
};

describe("escalation through a role's placement", () => {
  it('refuses moving a strong role onto the caller’s own department and designation, on v2 and v1', async () => {
    const elsewhere = await placement();
    const strong = await role(STRONG, elsewhere);
    const mallory = await t.employee({ permissions: grant(['Company', 'Roles', 'Global', 'View', 'Edit']) });
    const before = await accessOf(mallory.accountId);
    const onto = { department_id: mallory.departmentId, designation_id: mallory.designationId };

    const v2 = await t.api('PUT', `/api/v2/roles/${strong.id}`, { token: mallory.token, body: onto });
    expect(v2.status, v2.text).toBe(403);
    expect(v2.body.message).toMatch(/permissions you do not hold yourself/);
    const v1 = await t.api('PUT', `/api/v1/updateRole/${strong.id}`, {
      token: mallory.token,
      body: { departmentId: mallory.departmentId, designationId: mallory.designationId },
    });
    expect(v1.status, v1.text).toBe(403);

    expect(await accessOf(mallory.accountId)).toEqual(before);
    const stored = await t.api('GET', `/api/v2/roles/${strong.id}`);
    expect(stored.body).toMatchObject(elsewhere);
  });

  it('refuses switching on a strong role that would apply to someone', async () => {
    const mallory = await t.employee({ permissions: grant(['Company', 'Roles', 'Global', 'View', 'Edit']) });
    const dormant = await role(
      STRONG,
      { department_id: mallory.departmentId, designation_id: mallory.designationId },
      false,
    );
    const res = await t.api('PUT', `/api/v2/roles/${dormant.id}`, { token: mallory.token, body: { is_active: true } });
    expect(res.status, res.text).toBe(403);
    expect((await t.api('GET', `/api/v2/roles/${dormant.id}`)).body.is_active).toBe(false);
    expect((await accessOf(mallory.accountId)).matrix).toEqual({
      Company: { Roles: { Global: { View: true, Edit: true } } },
    });
  });

  it('refuses a new role in someone’s placement, and a role matrix edit that would apply to another', async () => {
    const victim = await t.employee();
    const mallory = await t.employee({
      permissions: grant(
        ['Company', 'Roles', 'Global', 'View', 'Add'],
        ['Company', 'Role Permissions', 'Global', 'View', 'Add', 'Edit'],
      ),
    });
    const where = { department_id: victim.departmentId, designation_id: victim.designationId };
    // A role of her own in the victim's placement, with no matrix yet: nobody gains anything, allowed.
    const created = await t.api('POST', '/api/v2/roles', {
      token: mallory.token,
      body: { role_name: 'Shadow', ...where },
    });
    expect(created.status, created.text).toBe(201);
    // Its matrix: within what she holds, allowed; beyond it, refused.
    const within = await t.api('POST', '/api/v2/role-permissions', {
      token: mallory.token,
      body: { role_id: created.body.id, permissions: grant(['Company', 'Roles', 'Global', 'View']) },
    });
    expect(within.status, within.text).toBe(201);
    const beyond = await t.api('PUT', `/api/v2/role-permissions/${within.body.id}`, {
      token: mallory.token,
      body: { permissions: STRONG },
    });
    expect(beyond.status, beyond.text).toBe(403);
    expect((await accessOf(victim.accountId)).matrix).toEqual(grant(['Company', 'Roles', 'Global', 'View']));
  });
});

describe('escalation through a new account', () => {
  it('refuses creating an employee in a strong role’s placement, on v2 and v1, and creates no account', async () => {
    const strongPlace = await placement();
    await role(STRONG, strongPlace);
    const mallory = await t.employee({ permissions: grant(['Company', 'Employees', 'Global', 'View', 'Add']) });
    const body = employeeBody(strongPlace);
    const v2 = await t.api('POST', '/api/v2/employees', { token: mallory.token, body });
    expect(v2.status, v2.text).toBe(403);
    const login = await t.api('POST', '/api/v1/login', {
      token: null,
      body: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(401);

    const form = new FormData();
    for (const [key, value] of Object.entries(employeeBody(strongPlace))) {
      const v1Key = key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      form.append(v1Key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    const v1 = await fetch(`${t.url}/api/v1/createEmployee`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mallory.token}` },
      body: form,
    });
    expect([400, 403]).toContain(v1.status);
    if (v1.status === 400) expect(await v1.text()).not.toMatch(/created/);
  });

  it('refuses an employee given a personal matrix or the admin role beyond the author', async () => {
    const mallory = await t.employee({ permissions: grant(['Company', 'Employees', 'Global', 'View', 'Add']) });
    const where = await placement();
    for (const extra of [{ permissions: STRONG }, { role: 'admin' }]) {
      const res = await t.api('POST', '/api/v2/employees', { token: mallory.token, body: employeeBody(where, extra) });
      expect(res.status, res.text).toBe(403);
    }
  });

  it('refuses moving an employee into a strong role’s placement, but allows a placement within the author’s own', async () => {
    const strongPlace = await placement();
    await role(STRONG, strongPlace);
    const modest = await placement();
    await role(grant(['Company', 'Employees', 'Global', 'View']), modest);
    const mallory = await t.employee({ permissions: grant(['Company', 'Employees', 'Global', 'View', 'Edit']) });
    const victim = await t.employee();
    const refused = await t.api('PUT', `/api/v2/employees/${victim.employeeId}`, {
      token: mallory.token,
      body: strongPlace,
    });
    expect(refused.status, refused.text).toBe(403);
    expect((await accessOf(victim.accountId)).matrix).toEqual({});
    const allowed = await t.api('PUT', `/api/v2/employees/${victim.employeeId}`, {
      token: mallory.token,
      body: modest,
    });
    expect(allowed.status, allowed.text).toBe(200);
    expect((await accessOf(victim.accountId)).matrix).toEqual(grant(['Company', 'Employees', 'Global', 'View']));
  });

  it('refuses a user created or moved under a strong role', async () => {
    const strong = await role(STRONG, await placement());
    const mallory = await t.employee({ permissions: grant(['User', 'User List', 'Global', 'View', 'Add', 'Edit']) });
    const body = {
      username: 'Shadow User',
      email: `shadow-${Date.now()}@example.org`,
      user_type: 'Vendor',
      is_active: true,
      password: 'shadow-password-1',
      role_id: strong.id,
    };
    const created = await t.api('POST', '/api/v2/users', { token: mallory.token, body });
    expect(created.status, created.text).toBe(403);
    const plain = await t.api('POST', '/api/v2/users', { token: mallory.token, body: { ...body, role_id: null } });
    expect(plain.status, plain.text).toBe(201);
    const moved = await t.api('PUT', `/api/v2/users/${plain.body.id}`, {
      token: mallory.token,
      body: { role_id: strong.id },
    });
    expect(moved.status, moved.text).toBe(403);
  });
});

describe('the kind: no write by a limited caller gives anyone more than the caller holds', () => {
  it('holds over a seeded sequence of random writes, and refused writes change nothing', async () => {
    const next = seededRandom(Number(process.env.ESCALATION_SEED ?? 1));
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const CAPS = ['View', 'Add', 'Edit', 'Delete'];
    const KEYS: [string, string][] = [
      ['Company', 'Employees'],
      ['Company', 'Roles'],
      ['Company', 'Role Permissions'],
      ['User', 'User List'],
      ['Master Data', 'Countries'],
      ['Activity', 'Audit Logs'],
    ];
    const randomMatrix = (): PermissionMatrix =>
      grant(
        ...Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
          const [feature, sub] = pick(KEYS);
          return [feature, sub, pick(['Self', 'Global'] as const), pick(CAPS)] as [
            string,
            string,
            'Self' | 'Global',
            string,
          ];
        }),
      );
    // The world: placements, roles (some strong, some off), and limited callers who may change access.
    const places = [await placement(), await placement(), await placement()];
    const roleIds: { id: number; rp: number }[] = [];
    for (const where of places) {
      const r = await role(next() < 0.5 ? STRONG : randomMatrix(), where, next() < 0.7);
      roleIds.push({ id: r.id, rp: r.rolePermissionId });
    }
    const callerMatrix = grant(
      ['Company', 'Employees', 'Global', 'View', 'Add', 'Edit'],
      ['Company', 'Roles', 'Global', 'View', 'Add', 'Edit'],
      ['Company', 'Role Permissions', 'Global', 'View', 'Add', 'Edit'],
      ['User', 'User List', 'Global', 'View', 'Add', 'Edit'],
      ['Master Data', 'Countries', 'Self', 'View'],
    );
    const callers = [await t.employee({ permissions: callerMatrix }), await t.employee({ permissions: callerMatrix })];
    const others = [await t.employee(), await t.employee()];
    const allAccounts = async () => {
      const list = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from accounts`));
      return effectiveAccessOf(
        t.database.db,
        list.map((r) => Number(r.id)),
      );
    };

    let accepted = 0;
    let refused = 0;
    for (let step = 0; step < 60; step += 1) {
      const caller = pick(callers);
      const callerAccess = await accessOf(caller.accountId);
      const before = await allAccounts();
      const kind = pick(['moveRole', 'toggleRole', 'roleMatrix', 'moveEmployee', 'newEmployee', 'userRole']);
      let res;
      if (kind === 'moveRole') {
        const target = pick([...places, { department_id: caller.departmentId, designation_id: caller.designationId }]);
        res = await t.api('PUT', `/api/v2/roles/${pick(roleIds).id}`, { token: caller.token, body: target });
      } else if (kind === 'toggleRole') {
        res = await t.api('PUT', `/api/v2/roles/${pick(roleIds).id}`, {
          token: caller.token,
          body: { is_active: next() < 0.5 },
        });
      } else if (kind === 'roleMatrix') {
        res = await t.api('PUT', `/api/v2/role-permissions/${pick(roleIds).rp}`, {
          token: caller.token,
          body: { permissions: next() < 0.5 ? randomMatrix() : unionOf([callerAccess.matrix]) },
        });
      } else if (kind === 'moveEmployee') {
        res = await t.api('PUT', `/api/v2/employees/${pick(others).employeeId}`, {
          token: caller.token,
          body: pick(places),
        });
      } else if (kind === 'newEmployee') {
        res = await t.api('POST', '/api/v2/employees', {
          token: caller.token,
          body: employeeBody(pick(places), next() < 0.3 ? { permissions: randomMatrix() } : {}),
        });
      } else {
        const user = await t.api('POST', '/api/v2/users', {
          token: caller.token,
          body: {
            username: `Prop User ${step}`,
            email: `prop-${step}-${Date.now()}@example.org`,
            user_type: 'Client',
            is_active: true,
            password: 'prop-password-1',
            role_id: pick(roleIds).id,
          },
        });
        res = user;
      }
      expect(res.status, `${kind}: ${res.text}`).toBeLessThan(500);
      const after = await allAccounts();
      for (const [accountId, now] of after) {
        const was = before.get(accountId) ?? { admin: false, matrix: {} };
        expect(now.admin && !was.admin, `${kind} made account ${accountId} admin`).toBe(false);
        const gained = grantedBeyond(now.matrix, unionOf([was.matrix, callerAccess.matrix]));
        expect(gained, `${kind} gave account ${accountId}: ${gained.join(', ')}`).toEqual([]);
      }
      if (res.status === 403) {
        refused += 1;
        // A refused write changed nobody's access.
        expect([...after.entries()].filter(([id]) => before.has(id))).toEqual([...before.entries()]);
        expect(after.size).toBe(before.size);
      } else if (res.status < 300) accepted += 1;
    }
    // The sequence exercised both outcomes.
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  });
});
