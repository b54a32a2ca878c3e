// engines: pglite, postgres — lists, and conflicts of unique names
/**
 * Departments and designations on the spec's /api/v1 contract, including its misspelt routes and its refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, departments } from '../../src/server/db/schema.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function createDepartment(departmentName: string, description = `${departmentName} department`) {
  const res = await t.api('POST', '/api/v1/createDepartment', { body: { departmentName, description } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; departmentName: string };
}

async function createDesignation(departmentId: number, designation: string) {
  const res = await t.api('POST', '/api/v1/createDesignation', {
    body: { departmentId, designation, description: `${designation} role` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; designation: string };
}

describe('departments', () => {
  it('should require authentication', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/getAllDepartments'],
      ['GET', '/api/v1/searchDepartments?search=x'],
      ['GET', '/api/v1/filterDepartments?departmentName=x'],
      ['POST', '/api/v1/createDepartment'],
      ['PUT', '/api/v1/updateDepartment/1'],
      ['DELETE', '/api/v1/deleteDepartment/1'],
    ] as const) {
      const body = method === 'POST' || method === 'PUT' ? {} : undefined;
      expect((await t.api(method, path, { token: null, body })).status, path).toBe(401);
    }
  });

  it('creates a department and answers the contract shape', async () => {
    const res = await t.api('POST', '/api/v1/createDepartment', {
      body: { departmentName: ' HR ', description: 'People' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Department created successfully.',
      data: { departmentName: 'HR', description: 'People' },
    });
    expect(res.body.data.id).toBeGreaterThan(0);
    expect(res.body.data.createdAt).toBeTruthy();
    const [entry] = (await t.database.db.select().from(auditLogs)).filter((e) => e.module === 'departments');
    expect(entry).toMatchObject({ action_type: 'Create', record_id: res.body.data.id });
  });

  it("refuses a missing name or description with the spec's sentences, under the contract's field names", async () => {
    const res = await t.api('POST', '/api/v1/createDepartment', { body: { departmentName: '   ', description: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Department Name is required.' });
    expect(res.body.errors).toEqual([
      { field: 'departmentName', message: 'Department Name is required.' },
      { field: 'description', message: 'Description is required.' },
    ]);
  });

  it('pages with page and limit, and lists every department without them', async () => {
    for (const name of ['IT', 'Finance', 'Sales']) await createDepartment(name);
    const page = await t.api('GET', '/api/v1/getAllDepartments?page=2&limit=3');
    expect(page.status).toBe(200);
    expect(page.body.success).toBe(true);
    expect(page.body.data).toMatchObject({ totalPages: 2, currentPage: 2, totalItems: 4 });
    expect(page.body.data.data.map((d: { departmentName: string }) => d.departmentName)).toEqual(['Sales']);
    const all = await t.api('GET', '/api/v1/getAllDepartments');
    expect(all.body.data.data.map((d: { departmentName: string }) => d.departmentName)).toEqual([
      'HR',
      'IT',
      'Finance',
      'Sales',
    ]);
    expect(all.body.data).toMatchObject({ totalPages: 1, currentPage: 1, totalItems: 4 });
  });

  it('refuses page or limit below 1, above 100 or not whole numbers', async () => {
    for (const query of ['page=0&limit=3', 'page=1&limit=101', 'page=abc&limit=3', 'page=1&limit=2.5', 'page=-1']) {
      const res = await t.api('GET', `/api/v1/getAllDepartments?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success, query).toBe(false);
    }
  });

  it('searches names and descriptions, and filters by exact name', async () => {
    const search = await t.api('GET', '/api/v1/searchDepartments?search=fin');
    expect(search.body.data.data.map((d: { departmentName: string }) => d.departmentName)).toEqual(['Finance']);
    const filter = await t.api('GET', '/api/v1/filterDepartments?departmentName=IT&page=1&limit=3');
    expect(filter.body.data.data.map((d: { departmentName: string }) => d.departmentName)).toEqual(['IT']);
    expect(filter.body.data.totalItems).toBe(1);
  });

  it('updates a department, 404 for a missing one, 400 for a bad id', async () => {
    const dept = await createDepartment('Acounts');
    const res = await t.api('PUT', `/api/v1/updateDepartment/${dept.id}`, {
      body: { departmentName: 'Accounts', description: 'Books' },
    });
    expect(res.body).toMatchObject({
      success: true,
      message: 'Department updated successfully.',
      data: { id: dept.id, departmentName: 'Accounts', description: 'Books' },
    });
    expect((await t.api('PUT', '/api/v1/updateDepartment/99999', { body: { departmentName: 'X' } })).status).toBe(404);
    expect((await t.api('PUT', '/api/v1/updateDepartment/x1', { body: { departmentName: 'X' } })).status).toBe(400);
    const blank = await t.api('PUT', `/api/v1/updateDepartment/${dept.id}`, { body: { departmentName: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'departmentName', message: 'Department Name is required.' }]);
  });

  it("refuses to delete a department that has designations, with the spec's sentence", async () => {
    const dept = await createDepartment('Library');
    const designation = await createDesignation(dept.id, 'Librarian');
    const list = await t.api('GET', '/api/v1/filterDepartments?departmentName=Library');
    expect(list.body.data.data[0].designationCount).toBe(1);

    const refused = await t.api('DELETE', `/api/v1/deleteDepartment/${dept.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'This department is connected to designations. Please remove them first.',
    });
    expect((await t.api('DELETE', `/api/v1/deleteDesiganation/${designation.id}`)).status).toBe(200);
    const done = await t.api('DELETE', `/api/v1/deleteDepartment/${dept.id}`);
    expect(done.body).toEqual({ success: true, message: 'Department deleted successfully.' });
    expect((await t.api('DELETE', `/api/v1/deleteDepartment/${dept.id}`)).status).toBe(404);
  });
  it('refuses a duplicate name, whatever its case and spaces, on /api/v1 and /api/v2', async () => {
    const sentence = 'A department with this name already exists.';
    const original = await createDepartment('Outreach Unit');
    for (const departmentName of ['Outreach Unit', '  outreach UNIT ']) {
      const res = await t.api('POST', '/api/v1/createDepartment', { body: { departmentName, description: 'Again' } });
      expect(res.status, departmentName).toBe(409);
      expect(res.body).toMatchObject({ success: false, message: sentence });
    }
    const v2 = await t.api('POST', '/api/v2/departments', {
      body: { department_name: 'OUTREACH unit', description: 'Again' },
    });
    expect(v2.status).toBe(409);
    expect(v2.body.message).toBe(sentence);
    expect(v2.body.errors).toEqual([{ field: 'department_name', message: sentence }]);
    // Renaming another department onto it is refused too; renaming a department to its own name in other case is not.
    const other = await createDepartment('Kitchen Unit');
    const renamed = await t.api('PUT', `/api/v1/updateDepartment/${other.id}`, {
      body: { departmentName: 'outreach unit', description: 'x' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe(sentence);
    const patched = await t.api('PUT', `/api/v2/departments/${other.id}`, {
      body: { department_name: 'Outreach unit ' },
    });
    expect(patched.status).toBe(409);
    const own = await t.api('PUT', `/api/v1/updateDepartment/${original.id}`, {
      body: { departmentName: 'OUTREACH UNIT', description: 'x' },
    });
    expect(own.status, own.text).toBe(200);
    const rows = await t.database.db.select().from(departments);
    expect(rows.filter((d) => String(d.department_name).toLowerCase() === 'outreach unit')).toHaveLength(1);
  });
});

describe('designations', () => {
  it('creates a designation with an integer department, and refuses what the spec refuses', async () => {
    const dept = await createDepartment('Teaching');
    const res = await t.api('POST', '/api/v1/createDesignation', {
      body: { departmentId: dept.id, designation: 'Teacher', description: 'Teaches' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ designation: 'Teacher', departmentId: dept.id });

    const noDept = await t.api('POST', '/api/v1/createDesignation', { body: { designation: 'X', description: 'Y' } });
    expect(noDept.status).toBe(400);
    expect(noDept.body.errors).toEqual([{ field: 'departmentId', message: 'Please select a department.' }]);
    const textDept = await t.api('POST', '/api/v1/createDesignation', {
      body: { departmentId: '3', designation: 'X', description: 'Y' },
    });
    expect(textDept.status).toBe(400);
    const unknownDept = await t.api('POST', '/api/v1/createDesignation', {
      body: { departmentId: 999999, designation: 'X', description: 'Y' },
    });
    expect(unknownDept.status).toBe(400);
    expect(unknownDept.body.errors).toEqual([
      { field: 'departmentId', message: 'The chosen department does not exist.' },
    ]);
  });

  it('lists designations with their department as an object, searches and filters with paging', async () => {
    const dept = await createDepartment('Kitchen');
    await createDesignation(dept.id, 'Cook');
    await createDesignation(dept.id, 'Cook Assistant');
    const all = await t.api('GET', '/api/v1/getAllDesignations?page=1&limit=5');
    expect(all.status).toBe(200);
    const cook = all.body.data.data.find((d: { designation: string }) => d.designation === 'Cook');
    expect(cook.departmentId).toEqual({ id: dept.id, departmentName: 'Kitchen' });
    expect(all.body.data).toMatchObject({ currentPage: 1 });
    expect(typeof all.body.data.totalPages).toBe('number');

    const search = await t.api('GET', '/api/v1/searchDesignation?search=cook&page=1&limit=1');
    expect(search.body.data).toMatchObject({ totalItems: 2, totalPages: 2, currentPage: 1 });
    const filter = await t.api('GET', '/api/v1/filterDesignation?designation=Cook&page=1&limit=5');
    expect(filter.body.data.data.map((d: { designation: string }) => d.designation)).toEqual(['Cook']);

    const byDept = await t.api('GET', `/api/v1/getDesignationsByDepartmentId/${dept.id}`);
    expect(byDept.body.success).toBe(true);
    expect(byDept.body.data.map((d: { designation: string }) => d.designation)).toEqual(['Cook', 'Cook Assistant']);
    expect((await t.api('GET', '/api/v1/getDesignationsByDepartmentId/999999')).status).toBe(404);
    expect((await t.api('GET', '/api/v1/getDesignationsByDepartmentId/abc')).status).toBe(400);
  });

  it('updates through both spellings of the route', async () => {
    const dept = await createDepartment('Garden');
    const other = await createDepartment('Grounds');
    const gardener = await createDesignation(dept.id, 'Gardner');
    const misspelt = await t.api('PUT', `/api/v1/updateDesiganation/${gardener.id}`, {
      body: { designation: 'Gardener', departmentId: dept.id, description: 'Plants' },
    });
    expect(misspelt.body).toMatchObject({ success: true, data: { designation: 'Gardener' } });
    const canonical = await t.api('PUT', `/api/v1/updateDesignation/${gardener.id}`, {
      body: { designation: 'Head Gardener', departmentId: other.id, description: 'Plants' },
    });
    expect(canonical.body.data).toMatchObject({ designation: 'Head Gardener', departmentId: other.id });
    expect((await t.api('DELETE', `/api/v1/deleteDesignation/${gardener.id}`)).body.success).toBe(true);
    expect((await t.api('DELETE', `/api/v1/deleteDesiganation/${gardener.id}`)).status).toBe(404);
  });
});
