// engines: pglite, postgres — lists, and rows read back from the database
/**
 * The admin's legacy-v1 provider entries for roles and activities against the real server over HTTP: the spec's
 * /api/v1 requests (getAllRoles, getRoleById, createRole, updateRole, deleteRole; getAllActivities,
 * filterActivities, getActivityById), records in the declaration's snake_case names, and activities added on
 * /api/v2.
 */
import { eq } from 'drizzle-orm';
import { HttpError, type DataProvider } from 'react-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/admin/providers/index.ts';
import { activities } from '../../src/server/db/schema.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let provider: DataProvider;
let calls: string[] = [];
const dept: Record<string, number> = {};
const desig: Record<string, number> = {};
const role: Record<string, number> = {};
let accountId: number;

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
  const make = async (path: string, body: object) => (await t.api('POST', path, { body })).body.data.id as number;
  dept.HR = await make('/api/v1/createDepartment', { departmentName: 'HR', description: 'People' });
  dept.IT = await make('/api/v1/createDepartment', { departmentName: 'IT', description: 'Computers' });
  desig.manager = await make('/api/v1/createDesignation', {
    departmentId: dept.HR,
    designation: 'HR Manager',
    description: 'Leads HR',
  });
  desig.engineer = await make('/api/v1/createDesignation', {
    departmentId: dept.IT,
    designation: 'Software Engineer',
    description: 'Builds software',
  });
  accountId = (await t.api('GET', '/api/v2/session')).body.id as number;
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

describe('roles through /api/v1', () => {
  it('creates with the contract body and answers in the declared names, with department and designation', async () => {
    const { data } = await provider.create('roles', {
      data: {
        role_name: 'Admin',
        responsibility: 'Runs the office',
        department_id: String(dept.HR),
        designation_id: desig.manager,
        is_active: true,
        department_name: 'ignored',
      },
    });
    expect(calls).toEqual(['POST /api/v1/createRole']);
    expect(data).toMatchObject({
      role_name: 'Admin',
      responsibility: 'Runs the office',
      is_active: true,
      department_id: dept.HR,
      designation_id: desig.manager,
      department_name: 'HR',
      designation: 'HR Manager',
    });
    expect(data).not.toHaveProperty('roleName');
    expect(data).not.toHaveProperty('Department');
    role.Admin = Number(data.id);
    for (const [name, department, designation] of [
      ['User', dept.IT, desig.engineer],
      ['Manager', dept.HR, desig.manager],
      ['HR', dept.HR, desig.manager],
    ] as const) {
      const created = await provider.create('roles', {
        data: { role_name: name, department_id: department, designation_id: designation },
      });
      role[name] = Number(created.data.id);
    }
  });

  it("says the server's sentence when a required field is missing", async () => {
    const refused = await provider.create('roles', { data: { role_name: 'Nobody' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).message).toBe('All fields (Role Name, Department, and Designation) are required.');
  });

  it('maps pages to page and limit, reading data.rows and data.count', async () => {
    const second = await provider.getList('roles', page(2, 3));
    expect(calls).toEqual(['GET /api/v1/getAllRoles?page=2&limit=3']);
    expect(second.total).toBe(4);
    expect(second.data.map((r) => r.role_name)).toEqual(['HR']);
    const first = await provider.getList('roles', page(1, 3));
    expect(first.data.map((r) => r.role_name)).toEqual(['Admin', 'User', 'Manager']);
    expect(first.data[1]).toMatchObject({ department_name: 'IT', designation: 'Software Engineer' });
  });

  it('filters by role name and searches on the whole list, paged here', async () => {
    const named = await provider.getList('roles', page(1, 3, { role_name: 'Manager' }));
    expect(calls).toEqual(['GET /api/v1/getAllRoles']);
    expect(named).toMatchObject({ total: 1, data: [{ id: role.Manager, role_name: 'Manager' }] });

    calls = [];
    const searched = await provider.getList('roles', page(1, 3, { q: 'office' }));
    expect(calls).toEqual(['GET /api/v1/getAllRoles']);
    expect(searched.data.map((r) => r.role_name)).toEqual(['Admin']);
  });

  it('reads one role on getRoleById', async () => {
    const { data } = await provider.getOne('roles', { id: role.User! });
    expect(calls).toEqual([`GET /api/v1/getRoleById/${role.User}`]);
    expect(data).toMatchObject({ role_name: 'User', department_name: 'IT', designation: 'Software Engineer' });
  });

  it('updates on updateRole and deletes on deleteRole', async () => {
    await provider.update('roles', {
      id: role.User!,
      data: { role_name: 'Staff', responsibility: 'Helps', department_id: dept.HR, designation_id: desig.manager },
      previousData: { id: role.User! },
    });
    expect(calls).toEqual([`PUT /api/v1/updateRole/${role.User}`]);
    expect((await provider.getOne('roles', { id: role.User! })).data).toMatchObject({
      role_name: 'Staff',
      department_name: 'HR',
    });

    calls = [];
    await provider.delete('roles', { id: role.HR! });
    expect(calls).toEqual([`DELETE /api/v1/deleteRole/${role.HR}`]);
    const gone = await provider.getOne('roles', { id: role.HR! }).catch((error: unknown) => error);
    expect((gone as HttpError).status).toBe(404);
  });
});

describe('activities through /api/v1 (added on /api/v2)', () => {
  const added: Record<string, number> = {};

  it('adds an activity on /api/v2 and reads it on getActivityById in the declared names', async () => {
    const { data } = await provider.create('activities', {
      data: {
        account_id: accountId,
        ride_id: 42,
        action: 'Ride booked',
        description: 'Booked a ride',
        occurred_at: '2026-11-20T09:15:00+05:30',
        status: 'Pending',
      },
    });
    expect(calls).toEqual(['POST /api/v2/activities']);
    added.booked = Number(data.id);

    calls = [];
    const one = await provider.getOne('activities', { id: added.booked });
    expect(calls).toEqual([`GET /api/v1/getActivityById/${added.booked}`]);
    expect(one.data).toMatchObject({
      id: added.booked,
      account_id: accountId,
      ride_id: 42,
      user_type: 'Admin',
      mobile: null,
      action: 'Ride booked',
      description: 'Booked a ride',
      status: 'Pending',
    });
    expect(typeof one.data.created_at).toBe('string');
    expect(typeof one.data.updated_at).toBe('string');
    expect(one.data).not.toHaveProperty('riderId');

    const missing = await provider.getOne('activities', { id: 999999 }).catch((error: unknown) => error);
    expect((missing as HttpError).status).toBe(404);
    expect((missing as HttpError).message).toBe('Activity not found.');
  });

  it('pages getAllActivities with page and limit, reading data.activities and totalItems', async () => {
    const all = await t.api('GET', '/api/v1/getAllActivities?page=1&limit=100');
    const total = all.body.data.totalItems as number;
    const first = await provider.getList('activities', page(1, 3));
    expect(calls).toEqual(['GET /api/v1/getAllActivities?page=1&limit=3']);
    expect(first.total).toBe(total);
    expect(first.data).toHaveLength(Math.min(3, total));
    expect(first.data[0]).toMatchObject({ id: added.booked, ride_id: 42, account_id: accountId });
  });

  it('asks filterActivities when a status is set or both dates are, getAllActivities with one date', async () => {
    const add = async (status: string, createdAt: string) => {
      const { data } = await provider.create('activities', {
        data: { account_id: accountId, ride_id: 7, action: 'Test', status, occurred_at: createdAt },
      });
      await t.database.db
        .update(activities)
        .set({ created_at: new Date(createdAt) })
        .where(eq(activities.id, Number(data.id)));
      return Number(data.id);
    };
    const early = await add('Failed', '2025-01-02T12:00:00+05:30');
    const late = await add('Failed', '2025-01-05T12:00:00+05:30');
    const other = await add('Success', '2025-01-03T12:00:00+05:30');

    calls = [];
    const failed = await provider.getList('activities', page(1, 3, { status: 'Failed' }));
    expect(calls).toEqual(['GET /api/v1/filterActivities?page=1&limit=3&status=Failed']);
    expect(failed.data.map((a) => a.id)).toEqual(expect.arrayContaining([early, late]));
    expect(failed.data.every((a) => a.status === 'Failed')).toBe(true);

    calls = [];
    const days = await provider.getList('activities', page(1, 3, { startDate: '2025-01-01', endDate: '2025-01-04' }));
    expect(calls).toEqual(['GET /api/v1/filterActivities?page=1&limit=3&startDate=2025-01-01&endDate=2025-01-04']);
    expect(days.data.map((a) => a.id).sort()).toEqual([early, other].sort());
    expect(days.total).toBe(2);

    calls = [];
    const both = await provider.getList(
      'activities',
      page(1, 3, { status: 'Failed', startDate: '2025-01-04', endDate: '2025-01-06' }),
    );
    expect(calls).toEqual([
      'GET /api/v1/filterActivities?page=1&limit=3&status=Failed&startDate=2025-01-04&endDate=2025-01-06',
    ]);
    expect(both.data.map((a) => a.id)).toEqual([late]);

    calls = [];
    await provider.getList('activities', page(1, 3, { startDate: '2025-01-01' }));
    expect(calls).toEqual(['GET /api/v1/getAllActivities?page=1&limit=3']);
  });
});
