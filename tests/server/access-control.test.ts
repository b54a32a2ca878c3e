// engines: pglite, postgres — Self scope and role matrices narrow the list queries in SQL
/**
 * Access control over the real server: the route table decides who may call each route (generated tests over
 * every /api route), the record service narrows Self scope, role matrices add to an employee's own, and the
 * rules of granting hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, permissionCatalogue, type PermissionMatrix } from '../../src/resources/permissions.ts';
import type { ApiRoute } from '../../src/server/plugins/app/auth.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const grant = (key: { feature: string; subFeature: string }, scope: 'Self' | 'Global', ...caps: string[]) =>
  ({
    [key.feature]: { [key.subFeature]: { [scope]: Object.fromEntries(caps.map((c) => [c, true])) } },
  }) as PermissionMatrix;

async function setPermissions(employeeId: number, permissions: PermissionMatrix) {
  const res = await t.api('PUT', `/api/v2/employees/${employeeId}`, { body: { permissions } });
  expect(res.status, res.text).toBe(200);
}

/** A path of the route table with its parameters filled in (an id that does not exist is fine: 404, not 403). */
/** Query parameters a route cannot do without. */
const REQUIRED_QUERY: Record<string, string> = {
  '/api/v1/filterByDesignation': '?designationId=999999',
};
const queryOf = (url: string) => REQUIRED_QUERY[url] ?? (url.endsWith('/export') ? '?format=csv' : '');
const pathOf = (route: ApiRoute) => route.url.replace(/:[A-Za-z]+/g, '999999') + queryOf(route.url);
/**
 * Signed-in routes that then ask for either of two capabilities themselves (the guard names one): the registration
 * check before a receipt, for those who may add or edit donations (its own test: donation-receipt.test.ts), and each
 * resource's import template, for those who may add or edit its records (imports.test.ts).
 */
const EITHER_CAPABILITY = {
  has: (url: string) => url === '/api/v2/donations/registration-check' || url.endsWith('/import/template'),
};
/** An empty JSON body where the method takes one. */
const bodyOf = (route: ApiRoute) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

describe('the route table', () => {
  it('names who may call every /api route', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      expect(['public', 'signedIn', 'adminOnly', 'permission'], `${route.method} ${route.url}`).toContain(route.access);
      if (route.access === 'permission') {
        const entry = permissionCatalogue().find(
          (e) => e.feature === route.permission!.feature && e.subFeature === route.permission!.subFeature,
        );
        expect(entry, `${route.method} ${route.url}`).toBeDefined();
        expect(entry!.capabilities).toContain(route.permission!.capability);
      }
    }
  });

  it("opens each account's own notifications to any session, not to a place in the matrix", () => {
    const routes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/v2/notifications'));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/v2/notifications/:id',
      'GET /api/v2/notifications',
      'GET /api/v2/notifications/:id',
      'GET /api/v2/notifications/export',
      'POST /api/v2/notifications',
      'POST /api/v2/notifications/read-all',
      'PUT /api/v2/notifications/:id',
    ]);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBe('signedIn');
  });

  it('answers 401 without a session on every route that is not public', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const res = await t.api(route.method, pathOf(route), { token: null, body: bodyOf(route) });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });

  it('answers 403 without the permission and lets the call through with it, route by route', async () => {
    const nobody = await t.employee({ permissions: {} });
    const holder = await t.employee({ permissions: {} });
    const checked: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.access === 'permission')) {
      const { feature, subFeature, capability } = route.permission!;
      const name = `${route.method} ${route.url}`;
      // An unrelated permission does not help.
      const refused = await t.api(route.method, pathOf(route), { token: nobody.token, body: bodyOf(route) });
      expect(refused.status, name).toBe(403);
      expect(refused.body.message, name).toContain(`${feature} › ${subFeature} › ${capability}`);

      await setPermissions(holder.employeeId, grant({ feature, subFeature }, 'Global', capability));
      const allowed = await t.api(route.method, pathOf(route), { token: holder.token, body: bodyOf(route) });
      expect([401, 403], `${name} → ${allowed.status} ${allowed.text}`).not.toContain(allowed.status);
      // A list or a page without parameters answers 200 to the one who may see it.
      if (route.method === 'GET' && !route.url.includes(':')) expect(allowed.status, name).toBe(200);
      // The same capability in Self scope also reaches the route.
      await setPermissions(holder.employeeId, grant({ feature, subFeature }, 'Self', capability));
      const self = await t.api(route.method, pathOf(route), { token: holder.token, body: bodyOf(route) });
      expect([401, 403], name).not.toContain(self.status);
      checked.push(name);
    }
    expect(checked.length).toBeGreaterThan(50);
    // Three requests and two permission changes for each of the API's permission routes (several hundred), so it
    // grows with the API: its own limit rather than the suite's 30 s.
  }, 180_000);

  it('lets only an Admin through an admin-only route, and any signed-in account through signed-in ones', async () => {
    const everything = Object.fromEntries(
      [...new Set(permissionCatalogue().map((e) => e.feature))].map((feature) => [
        feature,
        Object.fromEntries(
          permissionCatalogue()
            .filter((e) => e.feature === feature)
            .map((e) => [e.subFeature, { Global: Object.fromEntries(e.capabilities.map((c) => [c, true])) }]),
        ),
      ]),
    ) as PermissionMatrix;
    const powerful = await t.employee({ permissions: everything });
    for (const route of t.app.apiRoutes.filter((r) => r.access === 'adminOnly')) {
      const res = await t.api(route.method, pathOf(route), { token: powerful.token, body: bodyOf(route) });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      const admin = await t.api(route.method, pathOf(route), { body: bodyOf(route) });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(admin.status);
    }
    const nobody = await t.employee();
    for (const route of t.app.apiRoutes.filter(
      (r) => r.access === 'signedIn' && r.method === 'GET' && !EITHER_CAPABILITY.has(r.url),
    )) {
      const res = await t.api(route.method, pathOf(route), { token: nobody.token });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.status);
    }
  });
});

describe('the session', () => {
  it("answers the account's effective matrix, and an employee with the admin role counts as Admin", async () => {
    const matrix = grant({ feature: 'Master Data', subFeature: 'Countries' }, 'Self', 'View', 'Add');
    const employee = await t.employee({ permissions: matrix });
    const session = await t.api('GET', '/api/v2/session', { token: employee.token });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ admin: false, userType: 'Employee', permissions: matrix });

    const chief = await t.employee({ role: 'admin' });
    const chiefSession = await t.api('GET', '/api/v2/session', { token: chief.token });
    expect(chiefSession.body.admin).toBe(true);
    expect(chiefSession.body.permissions.Company.Employees.Global).toEqual(
      Object.fromEntries(CAPABILITIES.map((c) => [c, true])),
    );
    const audit = await t.api('GET', '/api/v2/countries', { token: chief.token });
    expect(audit.status).toBe(200);
  });

  it('applies a change of permissions to the next request of an existing session', async () => {
    const employee = await t.employee();
    expect((await t.api('GET', '/api/v2/countries', { token: employee.token })).status).toBe(403);
    await setPermissions(
      employee.employeeId,
      grant({ feature: 'Master Data', subFeature: 'Countries' }, 'Global', 'View'),
    );
    expect((await t.api('GET', '/api/v2/countries', { token: employee.token })).status).toBe(200);
    await setPermissions(employee.employeeId, {});
    expect((await t.api('GET', '/api/v2/countries', { token: employee.token })).status).toBe(403);
  });
});

describe('Self and Global scope', () => {
  it('shows, changes and deletes only the rows the account created in Self scope', async () => {
    const key = { feature: 'Master Data', subFeature: 'Countries' };
    const employee = await t.employee({ permissions: grant(key, 'Self', 'View', 'Add', 'Edit', 'Delete') });
    const theirs = await t.api('POST', '/api/v2/countries', { body: { name: 'Admin Land', code: 'ADL' } });
    expect(theirs.status).toBe(201);
    const mine = await t.api('POST', '/api/v2/countries', {
      token: employee.token,
      body: { name: 'Employee Land', code: 'EML' },
    });
    expect(mine.status, mine.text).toBe(201);

    const list = await t.api('GET', '/api/v2/countries?range=[0,99]', { token: employee.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Employee Land']);
    expect(list.headers.get('content-range')).toBe('countries 0-0/1');

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken Over' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.api(method, `/api/v2/countries/${theirs.body.id}`, { token: employee.token, body });
      expect(res.status, method).toBe(404);
    }
    const stillThere = await t.api('GET', `/api/v2/countries/${theirs.body.id}`);
    expect(stillThere.body.name).toBe('Admin Land');

    const renamed = await t.api('PUT', `/api/v2/countries/${mine.body.id}`, {
      token: employee.token,
      body: { name: 'Employee Country' },
    });
    expect(renamed.status).toBe(200);

    // Global View sees every row.
    await setPermissions(employee.employeeId, {
      'Master Data': { Countries: { Global: { View: true }, Self: { Edit: true } } },
    });
    const all = await t.api('GET', '/api/v2/countries?range=[0,99]', { token: employee.token });
    expect(all.body.map((c: { name: string }) => c.name).sort()).toEqual(['Admin Land', 'Employee Country']);
    // …but Edit stays Self.
    const edit = await t.api('PUT', `/api/v2/countries/${theirs.body.id}`, {
      token: employee.token,
      body: { name: 'Taken Over' },
    });
    expect(edit.status).toBe(404);
  });

  it('narrows the /api/v1 lists too', async () => {
    const key = { feature: 'Company', subFeature: 'Departments' };
    const employee = await t.employee({ permissions: grant(key, 'Self', 'View', 'Add') });
    const created = await t.api('POST', '/api/v1/createDepartment', {
      token: employee.token,
      body: { departmentName: 'Self Made', description: 'Made by the employee.' },
    });
    expect(created.status).toBe(201);
    const list = await t.api('GET', '/api/v1/getAllDepartments?page=1&limit=50', { token: employee.token });
    expect(list.body.data.data.map((d: { departmentName: string }) => d.departmentName)).toEqual(['Self Made']);
  });
});

describe('lookups for a form', () => {
  it('lets an account that may add employees read the departments and designations to choose from', async () => {
    const employee = await t.employee({
      permissions: grant({ feature: 'Company', subFeature: 'Employees' }, 'Self', 'Add'),
    });
    const departments = await t.api('GET', '/api/v1/getAllDepartments', { token: employee.token });
    expect(departments.status).toBe(200);
    expect(departments.body.data.data.length).toBeGreaterThan(0);
    const designations = await t.api('GET', `/api/v1/getDesignationsByDepartmentId/${employee.departmentId}`, {
      token: employee.token,
    });
    expect(designations.status).toBe(200);
    // Reading is all: no change of departments, and nothing unrelated.
    const create = await t.api('POST', '/api/v1/createDepartment', {
      token: employee.token,
      body: { departmentName: 'Not Allowed', description: 'No.' },
    });
    expect(create.status).toBe(403);
    expect((await t.api('GET', '/api/v2/countries', { token: employee.token })).status).toBe(403);
    expect((await t.api('GET', '/api/v1/getAllEmployees', { token: employee.token })).status).toBe(403);
  });
});

describe('role matrices', () => {
  it("adds the matrix of an active role of the employee's department and designation", async () => {
    const employee = await t.employee();
    const role = await t.api('POST', '/api/v2/roles', {
      body: {
        role_name: 'Clerk',
        department_id: employee.departmentId,
        designation_id: employee.designationId,
      },
    });
    expect(role.status, role.text).toBe(201);
    expect((await t.api('GET', '/api/v2/cities', { token: employee.token })).status).toBe(403);

    const matrix = await t.api('POST', '/api/v2/role-permissions', {
      body: {
        role_id: role.body.id,
        permissions: grant({ feature: 'Master Data', subFeature: 'Cities' }, 'Global', 'View'),
      },
    });
    expect(matrix.status, matrix.text).toBe(201);
    expect((await t.api('GET', '/api/v2/cities', { token: employee.token })).status).toBe(200);

    // An inactive role grants nothing.
    await t.api('PUT', `/api/v2/roles/${role.body.id}`, { body: { is_active: false } });
    expect((await t.api('GET', '/api/v2/cities', { token: employee.token })).status).toBe(403);
    await t.api('PUT', `/api/v2/roles/${role.body.id}`, { body: { is_active: true } });
    expect((await t.api('GET', '/api/v2/cities', { token: employee.token })).status).toBe(200);

    // A role of another designation does not apply.
    const other = await t.employee();
    expect((await t.api('GET', '/api/v2/cities', { token: other.token })).status).toBe(403);
  });
});

describe('granting', () => {
  const employeesKey = { feature: 'Company', subFeature: 'Employees' };

  it('lets nobody change their own permissions', async () => {
    const employee = await t.employee({ permissions: grant(employeesKey, 'Global', 'View', 'Edit') });
    const res = await t.api('PUT', `/api/v2/employees/${employee.employeeId}`, {
      token: employee.token,
      body: { permissions: grant(employeesKey, 'Global', 'View', 'Edit', 'Delete') },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('their own permissions');
    const after = await t.api('GET', `/api/v2/employees/${employee.employeeId}`);
    expect(after.body.permissions).toEqual(grant(employeesKey, 'Global', 'View', 'Edit'));
  });

  it("needs Edit on Employees in Global scope to change another's, and grants only what the caller holds", async () => {
    const target = await t.employee();
    const selfEditor = await t.employee({ permissions: grant(employeesKey, 'Self', 'View', 'Edit') });
    // Self scope: the target was not created by this account, so it is not found at all.
    const bySelf = await t.api('PUT', `/api/v2/employees/${target.employeeId}`, {
      token: selfEditor.token,
      body: { permissions: grant(employeesKey, 'Self', 'View') },
    });
    expect(bySelf.status).toBe(404);

    const editor = await t.employee({ permissions: grant(employeesKey, 'Global', 'View', 'Edit') });
    const beyond = await t.api('PUT', `/api/v2/employees/${target.employeeId}`, {
      token: editor.token,
      body: { permissions: grant({ feature: 'Activity', subFeature: 'Audit Logs' }, 'Global', 'View') },
    });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toContain('Activity › Audit Logs › Global › View');

    const within = await t.api('PUT', `/api/v2/employees/${target.employeeId}`, {
      token: editor.token,
      body: { permissions: grant(employeesKey, 'Global', 'View') },
    });
    expect(within.status, within.text).toBe(200);
    expect(within.body.permissions).toEqual(grant(employeesKey, 'Global', 'View'));
  });

  it('lets only an Admin give the admin role', async () => {
    const editor = await t.employee({ permissions: grant(employeesKey, 'Global', 'View', 'Edit') });
    const target = await t.employee();
    const res = await t.api('PUT', `/api/v2/employees/${target.employeeId}`, {
      token: editor.token,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(403);
    const byAdmin = await t.api('PUT', `/api/v2/employees/${target.employeeId}`, { body: { role: 'admin' } });
    expect(byAdmin.status).toBe(200);
    expect((await t.api('GET', '/api/v2/session', { token: target.token })).body.admin).toBe(true);
  });

  it('refuses a matrix with features or capabilities outside the catalogue', async () => {
    const target = await t.employee();
    for (const permissions of [
      { Riders: { 'View Riders': { Global: { View: true } } } },
      { Company: { Payroll: { Global: { View: true } } } },
      { Company: { Employees: { Global: { Approve: true } } } },
      { Company: { Employees: { Everywhere: { View: true } } } },
      { Dashboard: { Dashboard: { Global: { Add: true } } } },
    ]) {
      const res = await t.api('PUT', `/api/v2/employees/${target.employeeId}`, { body: { permissions } });
      expect(res.status, JSON.stringify(permissions)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('refuses a role matrix that applies to the caller, or grants what the caller lacks', async () => {
    const rolesKey = { feature: 'Company', subFeature: 'Role Permissions' };
    const manager = await t.employee({
      permissions: {
        ...grant(rolesKey, 'Global', 'View', 'Add', 'Edit', 'Delete'),
        'Master Data': { Countries: { Global: { View: true } } },
      },
    });
    const ownRole = await t.api('POST', '/api/v2/roles', {
      body: { role_name: 'Own', department_id: manager.departmentId, designation_id: manager.designationId },
    });
    const own = await t.api('POST', '/api/v2/role-permissions', {
      token: manager.token,
      body: {
        role_id: ownRole.body.id,
        permissions: grant({ feature: 'Master Data', subFeature: 'Countries' }, 'Global', 'View'),
      },
    });
    expect(own.status).toBe(403);

    const other = await t.employee();
    const otherRole = await t.api('POST', '/api/v2/roles', {
      body: { role_name: 'Other', department_id: other.departmentId, designation_id: other.designationId },
    });
    const beyond = await t.api('POST', '/api/v2/role-permissions', {
      token: manager.token,
      body: {
        role_id: otherRole.body.id,
        permissions: grant({ feature: 'Donations', subFeature: 'Donations' }, 'Global', 'View'),
      },
    });
    expect(beyond.status).toBe(403);
    const within = await t.api('POST', '/api/v2/role-permissions', {
      token: manager.token,
      body: {
        role_id: otherRole.body.id,
        permissions: grant({ feature: 'Master Data', subFeature: 'Countries' }, 'Global', 'View'),
      },
    });
    expect(within.status, within.text).toBe(201);
  });
});
