// engines: pglite, postgres — matrices applied through the database
/**
 * Role permissions on /api/v2/role-permissions: one matrix per role, checked against the catalogue, filtered by
 * role; the matrix applies to the users whose role it is and to the employees of the role's department and
 * designation. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let departmentId: number;
let designationId: number;

beforeAll(async () => {
  t = await startTestApp();
  departmentId = (await t.api('POST', '/api/v2/departments', { body: { department_name: 'Office', description: 'x' } }))
    .body.id;
  designationId = (
    await t.api('POST', '/api/v2/designations', {
      body: { designation: 'Clerk', description: 'x', department_id: departmentId },
    })
  ).body.id;
});
afterAll(async () => {
  await t?.close();
});

const ALL_REQUIRED = 'All fields (Role Name, Department, and Designation) are required.';
const COUNTRIES_VIEW = { 'Master Data': { Countries: { Global: { View: true } } } };

let roles = 0;
async function createRole(department = departmentId, designation = designationId): Promise<number> {
  roles += 1;
  const res = await t.api('POST', '/api/v2/roles', {
    body: { role_name: `Role ${roles}`, department_id: department, designation_id: designation, is_active: true },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const createPermission = (body: unknown) => t.api('POST', '/api/v2/role-permissions', { body });

describe('role permissions', () => {
  it('creates one matrix per role (201), and refuses a second with the declared sentence (409)', async () => {
    const roleId = await createRole();
    const res = await createPermission({ role_id: roleId, permissions: COUNTRIES_VIEW });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ role_id: roleId, permissions: COUNTRIES_VIEW });
    expect((await t.api('GET', `/api/v2/role-permissions/${res.body.id}`)).body.permissions).toEqual(COUNTRIES_VIEW);

    const again = await createPermission({ role_id: roleId, permissions: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This role already has its permissions. Edit them instead.');
    expect(again.body.errors).toEqual([
      { field: 'role_id', message: 'This role already has its permissions. Edit them instead.' },
    ]);
  });

  it('refuses a matrix with an unknown feature, sub-feature, scope or capability (400)', async () => {
    const roleId = await createRole();
    const bad = [
      { Payroll: { Salaries: { Global: { View: true } } } },
      { Company: { Payroll: { Global: { View: true } } } },
      { Company: { Departments: { Everywhere: { View: true } } } },
      { Company: { Departments: { Global: { Approve: true } } } },
      { Dashboard: { Dashboard: { Global: { Add: true } } } },
      { Company: { Departments: { Global: { View: 'yes' } } } },
      'everything',
    ];
    for (const permissions of bad) {
      const res = await createPermission({ role_id: roleId, permissions });
      expect(res.status, JSON.stringify(permissions)).toBe(400);
      expect(res.body.errors[0].field, JSON.stringify(permissions)).toBe('permissions');
    }
    const list = await t.api('GET', `/api/v2/role-permissions?filter=${encodeURIComponent(`{"role_id":${roleId}}`)}`);
    expect(list.body).toEqual([]);
  });

  it("answers the spec's sentence for a missing role, and says so for an unknown one", async () => {
    const missing = await createPermission({ permissions: COUNTRIES_VIEW });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(ALL_REQUIRED);
    expect(missing.body.errors).toEqual([{ field: 'role_id', message: ALL_REQUIRED }]);
    const unknown = await createPermission({ role_id: 999999, permissions: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The chosen role does not exist.');
  });

  it('lists by role, updates and deletes; a role with a matrix cannot be deleted', async () => {
    const first = await createRole();
    const second = await createRole();
    const a = (await createPermission({ role_id: first, permissions: {} })).body;
    const b = (await createPermission({ role_id: second, permissions: COUNTRIES_VIEW })).body;
    const byRole = async (roleId: number) => {
      const res = await t.api('GET', `/api/v2/role-permissions?filter=${encodeURIComponent(`{"role_id":${roleId}}`)}`);
      expect(res.status, res.text).toBe(200);
      return (res.body as { id: number }[]).map((row) => row.id);
    };
    expect(await byRole(first)).toEqual([a.id]);
    expect(await byRole(second)).toEqual([b.id]);
    const several = await t.api(
      'GET',
      `/api/v2/role-permissions?filter=${encodeURIComponent(`{"role_id":[${first},${second}]}`)}`,
    );
    expect((several.body as { id: number }[]).map((row) => row.id)).toEqual([a.id, b.id]);
    expect(several.headers.get('content-range')).toBe('role-permissions 0-1/2');

    const updated = await t.api('PUT', `/api/v2/role-permissions/${a.id}`, { body: { permissions: COUNTRIES_VIEW } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.permissions).toEqual(COUNTRIES_VIEW);
    const moved = await t.api('PUT', `/api/v2/role-permissions/${a.id}`, { body: { role_id: second } });
    expect(moved.status).toBe(409);

    const roleDelete = await t.api('DELETE', `/api/v2/roles/${first}`);
    expect(roleDelete.status).toBe(409);
    expect((await t.api('DELETE', `/api/v2/role-permissions/${a.id}`)).status).toBe(200);
    expect(await byRole(first)).toEqual([]);
    expect((await t.api('DELETE', `/api/v2/roles/${first}`)).status).toBe(200);
  });

  it('applies to the users whose role it is and to the employees of its department and designation', async () => {
    const employee = await t.employee({ permissions: {} });
    const roleId = await createRole(employee.departmentId, employee.designationId);
    const user = await t.api('POST', '/api/v2/users', {
      body: {
        username: 'Role User',
        email: 'role-user@example.org',
        user_type: 'Client',
        is_active: true,
        role_id: roleId,
        password: 'role-user-pass',
      },
    });
    expect(user.status, user.text).toBe(201);
    const userToken = (
      await t.api('POST', '/api/v1/login', {
        body: { email: 'role-user@example.org', password: 'role-user-pass' },
        token: null,
      })
    ).body.user.token as string;

    for (const token of [employee.token, userToken]) {
      expect((await t.api('GET', '/api/v2/countries', { token })).status).toBe(403);
    }
    const matrix = await createPermission({ role_id: roleId, permissions: COUNTRIES_VIEW });
    expect(matrix.status).toBe(201);
    for (const token of [employee.token, userToken]) {
      expect((await t.api('GET', '/api/v2/countries', { token })).status).toBe(200);
      expect((await t.api('POST', '/api/v2/countries', { token, body: { name: 'X' } })).status).toBe(403);
    }

    // The employees it applies to, as the view screen asks for them.
    const filter = encodeURIComponent(
      JSON.stringify({ department_id: employee.departmentId, designation_id: employee.designationId }),
    );
    const applies = await t.api('GET', `/api/v2/employees?filter=${filter}`);
    expect(applies.status, applies.text).toBe(200);
    expect((applies.body as { id: number }[]).map((e) => e.id)).toEqual([employee.employeeId]);
    const holders = await t.api('GET', `/api/v2/users?filter=${encodeURIComponent(`{"role_id":${roleId}}`)}`);
    expect((holders.body as { username: string }[]).map((u) => u.username)).toEqual(['Role User']);
  });

  it('needs the Role Permissions capability', async () => {
    const nobody = await t.employee({ permissions: {} });
    expect((await t.api('GET', '/api/v2/role-permissions', { token: nobody.token })).status).toBe(403);
    expect((await t.api('GET', '/api/v2/role-permissions', { token: null })).status).toBe(401);
    const viewer = await t.employee({
      permissions: { Company: { 'Role Permissions': { Global: { View: true } } } },
    });
    expect((await t.api('GET', '/api/v2/role-permissions', { token: viewer.token })).status).toBe(200);
    expect(
      (await t.api('POST', '/api/v2/role-permissions', { token: viewer.token, body: { role_id: 1, permissions: {} } }))
        .status,
    ).toBe(403);
  });
});
