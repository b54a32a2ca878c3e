// engines: pglite, postgres — lists, search and filters
/**
 * The admin's legacy-v1 provider entry for employees against the real server over HTTP: lists paged by the
 * server, search, a whole-number search as an employee id, the designation filter (a bare array, paged in the
 * browser), a multipart create with a real photo, an update with isActive 0, and delete.
 */
import sharp from 'sharp';
import type { DataProvider } from 'react-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/admin/providers/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let provider: DataProvider;
let calls: { method: string; path: string; contentType: string | null }[] = [];
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const recordingFetch: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      contentType: init?.body instanceof FormData ? 'multipart' : headers.get('Content-Type'),
    });
    return fetch(input, init);
  };
  provider = createDataProvider({
    mode: 'server',
    apiUrl: `${t.url}/api/v2`,
    legacyApiUrl: `${t.url}/api/v1`,
    fetch: recordingFetch,
    getToken: () => t.token,
  });
  const make = async (path: string, body: object) => (await t.api('POST', path, { body })).body.data;
  ids.hr = (await make('/api/v1/createDepartment', { departmentName: 'HR', description: 'People' })).id;
  ids.it = (await make('/api/v1/createDepartment', { departmentName: 'IT', description: 'Computers' })).id;
  ids.manager = (
    await make('/api/v1/createDesignation', { departmentId: ids.hr, designation: 'HR Manager', description: 'x' })
  ).id;
  ids.engineer = (
    await make('/api/v1/createDesignation', { departmentId: ids.it, designation: 'Engineer', description: 'x' })
  ).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  calls = [];
});

const paths = () => calls.map((c) => `${c.method} ${c.path}`);
const page = (n: number, perPage: number, filter: Record<string, unknown> = {}) => ({
  pagination: { page: n, perPage },
  sort: { field: 'id', order: 'ASC' as const },
  filter,
});

async function photo(): Promise<File> {
  const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'asha.png', { type: 'image/png' });
}

const employee = (n: number, overrides: Record<string, unknown> = {}) => ({
  full_name: `Employee ${n}`,
  email: `employee${n}@example.org`,
  mobile: '+91 98765 43210',
  gender: n % 2 ? 'Female' : 'Male',
  dob: '1990-04-12',
  hire_date: '2024-06-01',
  salary: 45000,
  contract_start_date: '2024-06-01',
  contract_last_date: '2027-05-31',
  password: `password-${n}`,
  department_id: ids.hr,
  designation_id: ids.manager,
  ...overrides,
});

describe('employees through /api/v1', () => {
  it('creates as multipart form data with the photo, and answers in the declared names', async () => {
    const permissions = { Company: { Employees: { Self: { View: true } } } };
    const { data } = await provider.create('employees', {
      data: { ...employee(1, { full_name: 'Asha Verma', permissions }), user_profile: { rawFile: await photo() } },
    });
    expect(calls).toEqual([{ method: 'POST', path: '/api/v1/createEmployee', contentType: 'multipart' }]);
    expect(data).toMatchObject({
      full_name: 'Asha Verma',
      email: 'employee1@example.org',
      salary: 45000,
      is_active: true,
      status: 'Active',
      permissions,
      department_id: ids.hr,
      designation_id: ids.manager,
      department_name: 'HR',
      designation: 'HR Manager',
    });
    expect(typeof data.user_profile).toBe('string');
    expect(JSON.stringify(data)).not.toMatch(/password/);
    ids.asha = Number(data.id);
    // The stored photo is served at its path.
    const served = await fetch(`${t.url}${data.user_profile}`);
    expect(served.status).toBe(200);

    for (let n = 2; n <= 7; n++) {
      const it = n > 5;
      const created = await provider.create('employees', {
        data: {
          ...employee(n, it ? { department_id: ids.it, designation_id: ids.engineer } : {}),
          user_profile: { rawFile: await photo() },
        },
      });
      ids[`e${n}`] = Number(created.data.id);
    }
  });

  it('reports a refused create with the field under its declared name', async () => {
    await expect(
      provider.create('employees', {
        data: { ...employee(9, { full_name: '' }), user_profile: { rawFile: await photo() } },
      }),
    ).rejects.toMatchObject({ status: 400, body: { errors: { full_name: 'Please fill out Full Name' } } });
  });

  it('pages the list on the server, 5 per page, with department and designation names', async () => {
    const second = await provider.getList('employees', page(2, 5));
    expect(paths()).toEqual(['GET /api/v1/getAllEmployees?page=2&limit=5']);
    expect(second.total).toBe(7);
    expect(second.data.map((e) => e.full_name)).toEqual(['Employee 6', 'Employee 7']);
    expect(second.data[0]).toMatchObject({ department_name: 'IT', designation: 'Engineer' });
  });

  it('searches names and emails with the search param, and a whole number as an employee id', async () => {
    const byName = await provider.getList('employees', page(1, 5, { q: 'asha' }));
    expect(paths()).toEqual(['GET /api/v1/getAllEmployees?search=asha&page=1&limit=5']);
    expect(byName.data.map((e) => e.id)).toEqual([ids.asha]);

    calls = [];
    const byId = await provider.getList('employees', page(1, 5, { q: String(ids.e3) }));
    expect(paths()).toEqual([`GET /api/v1/getEmployeeById/${ids.e3}`]);
    expect(byId).toMatchObject({ total: 1, data: [{ id: ids.e3, full_name: 'Employee 3' }] });

    const none = await provider.getList('employees', page(1, 5, { q: '99999' }));
    expect(none).toEqual({ data: [], total: 0 });
  });

  it('filters by designation on filterByDesignation and pages the array here', async () => {
    const first = await provider.getList('employees', page(1, 5, { designation_id: ids.manager }));
    expect(paths()).toEqual([`GET /api/v1/filterByDesignation?designationId=${ids.manager}`]);
    expect(first.total).toBe(5);
    expect(first.data).toHaveLength(5);
    const engineers = await provider.getList('employees', page(1, 5, { designation_id: ids.engineer }));
    expect(engineers.data.map((e) => e.full_name)).toEqual(['Employee 6', 'Employee 7']);
    const second = await provider.getList('employees', page(2, 1, { designation_id: ids.engineer }));
    expect(second.data.map((e) => e.full_name)).toEqual(['Employee 7']);
  });

  it('updates as JSON with isActive 0, without the photo path', async () => {
    const sent: unknown[] = [];
    const watching = createDataProvider({
      mode: 'server',
      apiUrl: `${t.url}/api/v2`,
      legacyApiUrl: `${t.url}/api/v1`,
      fetch: (input, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return fetch(input, init);
      },
      getToken: () => t.token,
    });
    const { data } = await watching.update('employees', {
      id: ids.e2!,
      data: { ...employee(2), password: undefined, is_active: false, status: 'Inactive', user_profile: '/x.png' },
      previousData: { id: ids.e2! },
    });
    expect(sent[0]).toMatchObject({ isActive: 0, status: 'Inactive', fullName: 'Employee 2' });
    expect(sent[0]).not.toHaveProperty('userProfile');
    expect(data).toMatchObject({ id: ids.e2, is_active: false, status: 'Inactive' });
    const again = await provider.getList('employees', page(1, 5, { q: String(ids.e2) }));
    expect(again.data[0]).toMatchObject({ is_active: false, status: 'Inactive' });
  });

  it('deletes', async () => {
    await provider.delete('employees', { id: ids.e7!, previousData: { id: ids.e7! } });
    expect(paths()).toEqual([`DELETE /api/v1/deleteEmployee/${ids.e7}`]);
    const all = await provider.getList('employees', page(1, 5));
    expect(all.total).toBe(6);
  });
});
