// engines: pglite, postgres — lists, search and filters
/**
 * The admin's legacy-v1 data provider against the real server over HTTP: react-admin's calls become the spec's
 * /api/v1 requests (paging, search, exact filters, writes), records and field errors come back in the
 * declaration's snake_case names, and getOne/getMany/getManyReference go to /api/v2.
 */
import { HttpError, type DataProvider } from 'react-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/admin/providers/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let provider: DataProvider;
let calls: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const recordingFetch: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return fetch(input, init);
  };
  provider = createDataProvider({
    mode: 'server',
    apiUrl: `${t.url}/api/v2`,
    legacyApiUrl: `${t.url}/api/v1`,
    fetch: recordingFetch,
    getToken: () => t.token,
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  calls = [];
});

const page = (n: number, perPage: number, filter: Record<string, unknown> = {}) => ({
  pagination: { page: n, perPage },
  sort: { field: 'id', order: 'ASC' as const },
  filter,
});

const ids: Record<string, number> = {};

describe('departments through /api/v1', () => {
  it('creates with the contract body and answers in the declared names', async () => {
    const { data } = await provider.create('departments', {
      data: { department_name: 'HR', description: 'People', created_at: 'ignored' },
    });
    expect(calls).toEqual(['POST /api/v1/createDepartment']);
    expect(data).toMatchObject({ department_name: 'HR', description: 'People' });
    expect(data.id).toBeGreaterThan(0);
    expect(typeof data.created_at).toBe('string');
    expect(data).not.toHaveProperty('departmentName');
    ids.HR = Number(data.id);
    for (const [name, description] of [
      ['IT', 'Computers and network'],
      ['Finance', 'Accounts and donations'],
      ['Sales', 'Outreach'],
    ] as const) {
      ids[name] = Number(
        (await provider.create('departments', { data: { department_name: name, description } })).data.id,
      );
    }
  });

  it('maps react-admin pages to page and limit, in id order, with the designation count', async () => {
    const second = await provider.getList('departments', page(2, 3));
    expect(calls).toEqual(['GET /api/v1/getAllDepartments?page=2&limit=3']);
    expect(second.total).toBe(4);
    expect(second.data.map((d) => d.department_name)).toEqual(['Sales']);
    expect(second.data[0]).toMatchObject({ id: ids.Sales, description: 'Outreach', designation_count: 0 });

    const first = await provider.getList('departments', page(1, 3));
    expect(first.data.map((d) => d.department_name)).toEqual(['HR', 'IT', 'Finance']);
  });

  it('sends q to the search route and an exact name to the filter route', async () => {
    const searched = await provider.getList('departments', page(1, 3, { q: 'fin' }));
    expect(searched.data.map((d) => d.department_name)).toEqual(['Finance']);
    expect(searched.total).toBe(1);
    const filtered = await provider.getList('departments', page(1, 3, { department_name: 'IT' }));
    expect(filtered.data.map((d) => d.department_name)).toEqual(['IT']);
    expect(calls).toEqual([
      'GET /api/v1/searchDepartments?search=fin&page=1&limit=3',
      'GET /api/v1/filterDepartments?departmentName=IT&page=1&limit=3',
    ]);
  });

  it('does a search and a filter together on the whole filtered list', async () => {
    const both = await provider.getList('departments', page(1, 3, { q: 'outreach', department_name: 'Sales' }));
    expect(both.data.map((d) => d.department_name)).toEqual(['Sales']);
    const none = await provider.getList('departments', page(1, 3, { q: 'outreach', department_name: 'IT' }));
    expect(none).toEqual({ data: [], total: 0 });
    expect(calls).toEqual([
      'GET /api/v1/filterDepartments?departmentName=Sales',
      'GET /api/v1/filterDepartments?departmentName=IT',
    ]);
  });

  it('fetches every department without paging for a dropdown, sorted here when asked', async () => {
    const { data, total } = await provider.getList('departments', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'department_name', order: 'ASC' },
      filter: {},
    });
    expect(calls).toEqual(['GET /api/v1/getAllDepartments']);
    expect(total).toBe(4);
    expect(data.map((d) => d.department_name)).toEqual(['Finance', 'HR', 'IT', 'Sales']);
  });

  it('refuses a filter the contract does not have, without calling the server', async () => {
    await expect(provider.getList('departments', page(1, 3, { description: 'People' }))).rejects.toThrow(
      'The /api/v1 contract cannot filter departments by "description".',
    );
    expect(calls).toEqual([]);
  });

  it('updates through the contract route', async () => {
    const { data } = await provider.update('departments', {
      id: ids.Finance!,
      data: { id: ids.Finance, department_name: 'Finance', description: 'Accounts, donations and receipts' },
      previousData: { id: ids.Finance! },
    });
    expect(calls).toEqual([`PUT /api/v1/updateDepartment/${ids.Finance}`]);
    expect(data).toMatchObject({ id: ids.Finance, description: 'Accounts, donations and receipts' });
  });

  it("gives a 400's field errors under the declared names", async () => {
    const refused = provider.create('departments', { data: { department_name: '   ', description: '' } });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: 'Department Name is required.',
      body: {
        errors: {
          department_name: 'Department Name is required.',
          description: 'Description is required.',
          root: { serverError: 'Department Name is required.' },
        },
      },
    });
    const blank = provider.update('departments', {
      id: ids.HR!,
      data: { department_name: '' },
      previousData: { id: ids.HR! },
    });
    await expect(blank).rejects.toMatchObject({
      status: 400,
      body: { errors: { department_name: 'Department Name is required.' } },
    });
  });

  it("gives a duplicate name's 409 under the declared name, so the form shows it under the input", async () => {
    const duplicate = provider.create('departments', { data: { department_name: ' hr ', description: 'Again' } });
    await expect(duplicate).rejects.toMatchObject({
      status: 409,
      message: 'A department with this name already exists.',
      body: { errors: { department_name: 'A department with this name already exists.' } },
    });
  });

  it('reads one and many on /api/v2, in the same names', async () => {
    const { data } = await provider.getOne('departments', { id: ids.IT! });
    expect(data).toMatchObject({ id: ids.IT, department_name: 'IT' });
    const many = await provider.getMany('departments', { ids: [ids.HR!, ids.Sales!] });
    expect(many.data.map((d) => d.department_name).sort()).toEqual(['HR', 'Sales']);
    expect(calls.every((call) => call.startsWith('GET /api/v2/departments'))).toBe(true);
  });
});

describe('designations through /api/v1', () => {
  it('creates with departmentId as a number, and lists the department as id and name', async () => {
    const created = await provider.create('designations', {
      data: { designation: 'Software Engineer', department_id: String(ids.IT), description: 'Builds software.' },
    });
    expect(created.data).toMatchObject({ designation: 'Software Engineer', department_id: ids.IT });
    await provider.create('designations', {
      data: { designation: 'HR Manager', department_id: ids.HR, description: 'Leads HR.' },
    });
    await provider.create('designations', {
      data: { designation: 'System Analyst', department_id: ids.IT, description: 'Analyses systems.' },
    });
    expect(calls.slice(0, 1)).toEqual(['POST /api/v1/createDesignation']);

    calls = [];
    const list = await provider.getList('designations', page(1, 5));
    expect(calls).toEqual(['GET /api/v1/getAllDesignations?page=1&limit=5']);
    expect(list.total).toBe(3);
    expect(list.data[0]).toMatchObject({
      id: created.data.id,
      designation: 'Software Engineer',
      department_id: ids.IT,
      department_name: 'IT',
      description: 'Builds software.',
    });
    expect(list.data[0]).not.toHaveProperty('departmentId');

    const departments = await provider.getList('departments', page(1, 3));
    expect(departments.data.map((d) => [d.department_name, d.designation_count])).toEqual([
      ['HR', 1],
      ['IT', 2],
      ['Finance', 0],
    ]);
  });

  it('searches, filters by exact name, and by department', async () => {
    const searched = await provider.getList('designations', page(1, 5, { q: 'manager' }));
    expect(searched.data.map((d) => d.designation)).toEqual(['HR Manager']);
    const exact = await provider.getList('designations', page(1, 5, { designation: 'System Analyst' }));
    expect(exact.data.map((d) => d.designation)).toEqual(['System Analyst']);
    const inIt = await provider.getList('designations', page(1, 1, { department_id: ids.IT }));
    expect(inIt.total).toBe(2);
    expect(inIt.data.map((d) => d.designation)).toEqual(['Software Engineer']);
    expect(calls).toEqual([
      'GET /api/v1/searchDesignation?search=manager&page=1&limit=5',
      'GET /api/v1/filterDesignation?designation=System+Analyst&page=1&limit=5',
      `GET /api/v1/getDesignationsByDepartmentId/${ids.IT}`,
    ]);
  });

  it("gives a missing department's error under department_id", async () => {
    await expect(
      provider.create('designations', { data: { designation: 'Clerk', description: 'Files.' } }),
    ).rejects.toMatchObject({ status: 400, body: { errors: { department_id: 'Please select a department.' } } });
  });

  it('finds the designations of a department on /api/v2 (getManyReference)', async () => {
    const { data, total } = await provider.getManyReference('designations', {
      target: 'department_id',
      id: ids.IT!,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(2);
    expect(data.map((d) => d.designation)).toEqual(['Software Engineer', 'System Analyst']);
    expect(calls.every((call) => call.startsWith('GET /api/v2/designations'))).toBe(true);
  });

  it('updates a designation, moving it to another department', async () => {
    const [analyst] = (await provider.getList('designations', page(1, 5, { designation: 'System Analyst' }))).data;
    calls = [];
    const { data } = await provider.update('designations', {
      id: analyst!.id,
      data: { ...analyst, designation: 'Finance Analyst', department_id: ids.Finance },
      previousData: analyst!,
    });
    expect(calls).toEqual([`PUT /api/v1/updateDesignation/${analyst!.id}`]);
    expect(data).toMatchObject({ designation: 'Finance Analyst', department_id: ids.Finance });
  });

  it("refuses to delete a department with designations with the server's 409 sentence, then deletes", async () => {
    const refused = provider.delete('departments', { id: ids.HR!, previousData: { id: ids.HR! } });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: 'This department is connected to designations. Please remove them first.',
    });

    const [manager] = (await provider.getList('designations', page(1, 5, { designation: 'HR Manager' }))).data;
    calls = [];
    const removed = await provider.delete('designations', { id: manager!.id, previousData: manager! });
    expect(removed.data).toMatchObject({ designation: 'HR Manager' });
    const gone = await provider.delete('departments', {
      id: ids.HR!,
      previousData: { id: ids.HR!, department_name: 'HR' },
    });
    expect(gone.data).toMatchObject({ id: ids.HR, department_name: 'HR' });
    expect(calls).toEqual([
      `DELETE /api/v1/deleteDesignation/${manager!.id}`,
      `DELETE /api/v1/deleteDepartment/${ids.HR}`,
    ]);
    const left = await provider.getList('departments', page(1, 3));
    expect(left.data.map((d) => d.department_name)).toEqual(['IT', 'Finance', 'Sales']);
  });
});
