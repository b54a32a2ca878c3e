// engines: pglite, postgres — activities recorded by the server, lists
/**
 * Roles and the activity log on the spec's /api/v1 contract, and the activities the server records itself.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../src/server/db/schema.ts';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let department: { id: number };
let otherDepartment: { id: number };
let designation: { id: number };
beforeAll(async () => {
  t = await startTestApp();
  const make = async (path: string, body: object) => (await t.api('POST', path, { body })).body.data;
  department = await make('/api/v1/createDepartment', { departmentName: 'HR', description: 'People' });
  otherDepartment = await make('/api/v1/createDepartment', { departmentName: 'IT', description: 'Computers' });
  designation = await make('/api/v1/createDesignation', {
    departmentId: department.id,
    designation: 'HR Manager',
    description: 'Leads HR',
  });
});
afterAll(async () => {
  await t?.close();
});

const ALL_REQUIRED = 'All fields (Role Name, Department, and Designation) are required.';

describe('roles', () => {
  it('should require authentication, deleteRole included', async () => {
    expect((await t.api('GET', '/api/v1/getAllRoles', { token: null })).status).toBe(401);
    expect((await t.api('GET', '/api/v1/getRoleById/1', { token: null })).status).toBe(401);
    expect((await t.api('DELETE', '/api/v1/deleteRole/1', { token: null })).status).toBe(401);
  });

  it('creates, reads, lists, updates and deletes a role in the contract shape', async () => {
    const res = await t.api('POST', '/api/v1/createRole', {
      body: { departmentId: department.id, designationId: designation.id, roleName: 'HR', responsibility: 'Hiring' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Role created successfully.' });
    const id = res.body.data.id as number;

    const one = await t.api('GET', `/api/v1/getRoleById/${id}`);
    expect(one.body).toMatchObject({
      success: true,
      data: {
        id,
        roleName: 'HR',
        responsibility: 'Hiring',
        is_active: true,
        departmentId: department.id,
        designationId: designation.id,
        Department: { id: department.id, departmentName: 'HR' },
        Designation: { id: designation.id, designation: 'HR Manager' },
      },
    });
    expect(typeof one.body.message).toBe('string');

    const list = await t.api('GET', '/api/v1/getAllRoles?page=1&limit=3');
    expect(list.body).toMatchObject({ success: true, data: { count: 1 } });
    expect(list.body.data.rows[0].Department.departmentName).toBe('HR');

    const update = await t.api('PUT', `/api/v1/updateRole/${id}`, {
      body: {
        roleName: 'HR Lead',
        responsibility: 'Hiring and welfare',
        departmentId: department.id,
        designationId: designation.id,
      },
    });
    expect(update.body).toEqual({ success: true, message: 'Role updated successfully.' });
    expect((await t.api('GET', `/api/v1/getRoleById/${id}`)).body.data.roleName).toBe('HR Lead');

    expect((await t.api('DELETE', `/api/v1/deleteRole/${id}`)).body).toEqual({
      success: true,
      message: 'Role deleted successfully.',
    });
    expect((await t.api('GET', `/api/v1/getRoleById/${id}`)).status).toBe(404);
  });

  it("refuses a missing name, department or designation with the spec's sentence", async () => {
    for (const body of [
      { departmentId: department.id, designationId: designation.id },
      { roleName: 'X', designationId: designation.id },
      { roleName: 'X', departmentId: department.id },
    ]) {
      const res = await t.api('POST', '/api/v1/createRole', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ALL_REQUIRED);
    }
  });

  it('refuses a designation of another department', async () => {
    const res = await t.api('POST', '/api/v1/createRole', {
      body: { departmentId: otherDepartment.id, designationId: designation.id, roleName: 'X' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'designationId', message: 'The chosen designation is not in the chosen department.' },
    ]);
  });

  it('keeps a designation that roles use from being deleted', async () => {
    const role = await t.api('POST', '/api/v1/createRole', {
      body: { departmentId: department.id, designationId: designation.id, roleName: 'Keeper' },
    });
    const res = await t.api('DELETE', `/api/v1/deleteDesiganation/${designation.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This designation is connected to roles. Please remove them first.');
    await t.api('DELETE', `/api/v1/deleteRole/${role.body.data.id}`);
  });
});

describe('activities', () => {
  it('records sign-ins (Success and Failed), sign-outs and password-reset requests', async () => {
    const before = (await t.api('GET', '/api/v1/getAllActivities?page=1&limit=100')).body.data.totalItems as number;
    await t.api('POST', '/api/v1/login', { body: { email: ADMIN.email, password: 'wrong-password' }, token: null });
    const login = await t.api('POST', '/api/v1/login', { body: ADMIN, token: null });
    await t.api('POST', '/api/v1/logout', { token: login.body.user.token });
    await t.api('POST', '/api/v1/forgotPassword', { body: { email: ADMIN.email }, token: null });
    await t.api('POST', '/api/v1/forgotPassword', { body: { email: 'nobody@example.org' }, token: null });
    // A reset request is handled after its answer (the same time for known and unknown addresses).
    await t.app.services.passwordReset.idle();

    const list = await t.api('GET', '/api/v1/getAllActivities?page=1&limit=4');
    expect(list.body.data.totalItems).toBe(before + 4);
    const newest = list.body.data.activities as { action: string; status: string }[];
    expect(newest.map((a) => `${a.action}:${a.status}`)).toEqual([
      'Password reset request:Success',
      'Sign-out:Success',
      'Sign-in:Success',
      'Sign-in:Failed',
    ]);
    expect(list.body.data.activities[0].riderId).toEqual({
      id: null,
      userId: { id: login.body.user.id, userType: 'Admin', mobile: null },
    });
    const rows = await t.database.db.select().from(activities).where(eq(activities.action, 'Sign-in'));
    expect(rows.every((row) => !JSON.stringify(row).includes('wrong-password'))).toBe(true);
  });

  it('carries the mobile number of the employee whose account signed in', async () => {
    const employee = await t.employee();
    const list = await t.api('GET', '/api/v1/getAllActivities?page=1&limit=1');
    expect(list.body.data.activities[0].riderId.userId).toEqual({
      id: employee.accountId,
      userType: 'Employee',
      mobile: '9876543210',
    });
  });

  it('adds an activity through /api/v2 and answers it by id on both v1 routes', async () => {
    const session = await t.api('GET', '/api/v2/session');
    const missing = await t.api('POST', '/api/v2/activities', { body: { ride_id: 7 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('All fields are required.');
    const res = await t.api('POST', '/api/v2/activities', {
      body: {
        account_id: session.body.id,
        ride_id: 42,
        action: 'Ride booked',
        description: 'Booked a ride',
        occurred_at: '2026-11-20T09:15:00+05:30',
        status: 'Pending',
      },
    });
    expect(res.status, res.text).toBe(201);
    for (const path of ['searchActivityById', 'getActivityById']) {
      const one = await t.api('GET', `/api/v1/${path}/${res.body.id}`);
      expect(one.body).toMatchObject({
        success: true,
        data: { id: res.body.id, status: 'Pending', description: 'Booked a ride', riderId: { id: 42 } },
      });
    }
    const gone = await t.api('GET', '/api/v1/getActivityById/999999');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ success: false, message: 'Activity not found.' });
  });

  it('filters by status and by calendar days in the trust time zone, inclusive', async () => {
    const session = await t.api('GET', '/api/v2/session');
    const add = async (status: string, createdAt: string) => {
      const res = await t.api('POST', '/api/v2/activities', {
        body: { account_id: session.body.id, action: 'Test', status, occurred_at: createdAt },
      });
      await t.database.db
        .update(activities)
        .set({ created_at: new Date(createdAt) })
        .where(eq(activities.id, res.body.id));
    };
    // 1 Nov 00:10 in India is still 31 Oct in UTC; 3 Nov 23:50 in India is 3 Nov 18:20 UTC.
    await add('Failed', '2026-11-01T00:10:00+05:30');
    await add('Failed', '2026-11-03T23:50:00+05:30');
    await add('Failed', '2026-11-04T00:05:00+05:30');
    await add('Success', '2026-11-02T12:00:00+05:30');
    const res = await t.api(
      'GET',
      '/api/v1/filterActivities?page=1&limit=10&status=Failed&startDate=2026-11-01&endDate=2026-11-03',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.totalItems).toBe(2);
    const days = await t.api('GET', '/api/v1/filterActivities?page=1&limit=10&startDate=2026-11-02&endDate=2026-11-02');
    expect(days.body.data.activities.map((a: { status: string }) => a.status)).toEqual(['Success']);
  });

  it('filters the days of the Timestamp a person typed, not of when the activity was entered', async () => {
    const session = await t.api('GET', '/api/v2/session');
    // Entered today, for a day of last year: the list shows its Timestamp, 10 March 2025.
    const typed = await t.api('POST', '/api/v2/activities', {
      body: {
        account_id: session.body.id,
        action: 'Ride completed',
        status: 'Pending',
        occurred_at: '2025-03-10T18:30:00+05:30',
      },
    });
    expect(typed.status, typed.text).toBe(201);
    const ids = async (query: string) => {
      const res = await t.api('GET', `/api/v1/filterActivities?page=1&limit=100&${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.activities.map((a: { id: number }) => a.id);
    };
    expect(await ids('startDate=2025-03-10&endDate=2025-03-10')).toEqual([typed.body.id]);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    expect(await ids(`startDate=${today}&endDate=${today}`)).not.toContain(typed.body.id);
  });

  it('refuses dates that are not dates, unknown statuses, reversed ranges and bad paging with 400', async () => {
    for (const query of [
      'startDate=2026-02-30',
      'startDate=yesterday',
      'status=Maybe',
      'startDate=2026-11-05&endDate=2026-11-01',
      'page=0&limit=3',
      'page=1&limit=1000',
    ]) {
      const res = await t.api('GET', `/api/v1/filterActivities?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await t.api('GET', '/api/v1/getActivityById/abc')).status).toBe(400);
  });
});
