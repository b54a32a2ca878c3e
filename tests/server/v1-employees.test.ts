// engines: pglite, postgres — lists, the statement budget, rows read back
/**
 * Employees on the spec's /api/v1 contract (JSON parts; the multipart photo upload has its own tests), and the
 * sign-in account that goes with each employee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '../../src/resources/password-policy.ts';
import { auditLogs } from '../../src/server/db/schema.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let hr: { id: number };
let it_: { id: number };
let manager: { id: number };
let engineer: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  const make = async (path: string, body: object) => (await t.api('POST', path, { body })).body.data;
  hr = await make('/api/v1/createDepartment', { departmentName: 'HR', description: 'People' });
  it_ = await make('/api/v1/createDepartment', { departmentName: 'IT', description: 'Computers' });
  manager = await make('/api/v1/createDesignation', {
    departmentId: hr.id,
    designation: 'HR Manager',
    description: 'x',
  });
  engineer = await make('/api/v1/createDesignation', {
    departmentId: it_.id,
    designation: 'Engineer',
    description: 'x',
  });
});
afterAll(async () => {
  await t?.close();
});

const employee = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Asha Verma',
  email: 'asha@example.org',
  mobile: '+91 98765 43210',
  gender: 'Female',
  dob: '1990-04-12',
  hireDate: '2024-06-01',
  salary: '45000',
  contractStartDate: '2024-06-01',
  contractLastDate: '2027-05-31',
  password: 'asha-password',
  departmentId: String(hr.id),
  designationId: String(manager.id),
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.api('POST', '/api/v1/createEmployee', { body: employee(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; email: string };
}

describe('employees', () => {
  it('should require authentication', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/getAllEmployees'],
      ['GET', '/api/v1/getEmployeeById/1'],
      ['GET', '/api/v1/filterByDesignation?designationId=1'],
      ['DELETE', '/api/v1/deleteEmployee/1'],
    ] as const) {
      expect((await t.api(method, path, { token: null })).status, path).toBe(401);
    }
  });

  it('creates an employee who can then sign in as Employee; never answers the password', async () => {
    const res = await t.api('POST', '/api/v1/createEmployee', { body: employee() });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Employee created successfully.',
      data: {
        fullName: 'Asha Verma',
        email: 'asha@example.org',
        gender: 'Female',
        dob: '1990-04-12',
        salary: 45000,
        status: 'Active',
        isActive: true,
        role: 'user',
        permissions: {},
        Department: { id: hr.id, departmentName: 'HR' },
        Designation: { id: manager.id, designation: 'HR Manager' },
      },
    });
    expect(res.text).not.toMatch(/password|argon2/i);

    const login = await t.api('POST', '/api/v1/login', {
      body: { email: 'ASHA@example.org', password: 'asha-password', userType: 'Employee' },
      token: null,
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ userType: 'Employee', name: 'Asha Verma' });

    const entries = (await t.database.db.select().from(auditLogs)).filter((e) => e.module === 'employees');
    expect(JSON.stringify(entries)).not.toMatch(/asha-password|argon2/);
  });

  it('answers the fields of section 5 in its sentences, and refuses what does not fit', async () => {
    const missing = await t.api('POST', '/api/v1/createEmployee', {
      body: employee({ fullName: '', mobile: undefined }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { field: 'fullName', message: 'Please fill out Full Name' },
      { field: 'mobile', message: 'Please fill out Mobile' },
    ]);
    const noPassword = await t.api('POST', '/api/v1/createEmployee', {
      body: employee({ email: 'p@example.org', password: '' }),
    });
    expect(noPassword.body.errors).toEqual([{ field: 'password', message: 'Please fill out Password' }]);
    const badDate = await t.api('POST', '/api/v1/createEmployee', { body: employee({ dob: '1990-02-30' }) });
    expect(badDate.body.errors).toEqual([{ field: 'dob', message: 'Date of Birth must be a date (YYYY-MM-DD).' }]);
    const reversed = await t.api('POST', '/api/v1/createEmployee', {
      body: employee({ email: 'r@example.org', contractLastDate: '2024-01-01' }),
    });
    expect(reversed.body.errors).toEqual([
      { field: 'contractLastDate', message: 'The contract end date must not be before its start date.' },
    ]);
    const wrongDesignation = await t.api('POST', '/api/v1/createEmployee', {
      body: employee({ email: 'w@example.org', designationId: engineer.id }),
    });
    expect(wrongDesignation.status).toBe(400);
    const gender = await t.api('POST', '/api/v1/createEmployee', { body: employee({ gender: 'Other' }) });
    expect(gender.body.errors).toEqual([{ field: 'gender', message: 'Gender must be one of: Male, Female.' }]);
  });

  it('refuses an email that another employee or account already uses, with 409', async () => {
    await create({ email: 'dup@example.org' });
    const again = await t.api('POST', '/api/v1/createEmployee', { body: employee({ email: 'DUP@example.org' }) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'An employee with this email already exists.' });
    const admin = await t.api('POST', '/api/v1/createEmployee', { body: employee({ email: 'admin@example.org' }) });
    expect(admin.status).toBe(409);
  });

  it('lists with paging and search, gets by id, filters by designation', async () => {
    const ravi = await create({ fullName: 'Ravi Kumar', email: 'ravi@example.org' });
    await create({
      fullName: 'Meena Iyer',
      email: 'meena@example.org',
      departmentId: it_.id,
      designationId: engineer.id,
    });
    const page = await t.api('GET', '/api/v1/getAllEmployees?page=1&limit=2');
    expect(page.body.success).toBe(true);
    expect(page.body.data.employees).toHaveLength(2);
    expect(page.body.data).toMatchObject({ currentPage: 1, totalItems: 4, totalPages: 2 });
    const search = await t.api('GET', '/api/v1/getAllEmployees?page=1&limit=5&search=ravi');
    expect(search.body.data.employees.map((e: { fullName: string }) => e.fullName)).toEqual(['Ravi Kumar']);

    const one = await t.api('GET', `/api/v1/getEmployeeById/${ravi.id}`);
    expect(one.body).toMatchObject({ success: true, data: { id: ravi.id, fullName: 'Ravi Kumar' } });
    const missing = await t.api('GET', '/api/v1/getEmployeeById/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Employee not found' });

    const byDesignation = await t.api('GET', `/api/v1/filterByDesignation?designationId=${engineer.id}`);
    expect(Array.isArray(byDesignation.body)).toBe(true);
    expect(byDesignation.body.map((e: { fullName: string }) => e.fullName)).toEqual(['Meena Iyer']);
    expect((await t.api('GET', '/api/v1/filterByDesignation?designationId=x')).status).toBe(400);
    expect((await t.api('GET', '/api/v1/filterByDesignation')).status).toBe(400);
  });

  it('updates with isActive 1/0; deactivating ends the sessions and the sign-in', async () => {
    const sunil = await create({ fullName: 'Sunil Rao', email: 'sunil@example.org', password: 'sunil-password' });
    const login = await t.api('POST', '/api/v1/login', {
      body: { email: 'sunil@example.org', password: 'sunil-password' },
      token: null,
    });
    const token = login.body.user.token as string;
    expect((await t.api('GET', '/api/v2/session', { token })).status).toBe(200);

    const res = await t.api('PUT', `/api/v1/updateEmployee/${sunil.id}`, {
      body: {
        mobile: '9876543210',
        status: 'Inactive',
        isActive: 0,
        role: 'supervisor',
        permissions: { User: { 'User List': { Global: { View: true } } } },
        departmentId: it_.id,
        designationId: engineer.id,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      isActive: false,
      status: 'Inactive',
      role: 'supervisor',
      Department: { departmentName: 'IT' },
      permissions: { User: { 'User List': { Global: { View: true } } } },
    });
    expect((await t.api('GET', '/api/v2/session', { token })).status).toBe(401);
    const again = await t.api('POST', '/api/v1/login', {
      body: { email: 'sunil@example.org', password: 'sunil-password' },
      token: null,
    });
    expect(again.status).toBe(401);

    const badMatrix = await t.api('PUT', `/api/v1/updateEmployee/${sunil.id}`, {
      body: { permissions: { User: { 'User List': { Everywhere: { View: true } } } } },
    });
    expect(badMatrix.status).toBe(400);
    expect(badMatrix.body.errors[0].field).toBe('permissions');
    expect((await t.api('PUT', '/api/v1/updateEmployee/999999', { body: { mobile: '9876543210' } })).status).toBe(404);
  });

  it('deletes an employee with its sign-in, and keeps a designation that employees hold', async () => {
    const gone = await create({ fullName: 'Temp', email: 'temp@example.org', password: 'temp-password' });
    const refused = await t.api('DELETE', `/api/v1/deleteDesiganation/${manager.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This designation is connected to employees. Please remove them first.');

    const res = await t.api('DELETE', `/api/v1/deleteEmployee/${gone.id}`);
    expect(res.body).toEqual({ success: true, message: 'Employee deleted successfully.' });
    const login = await t.api('POST', '/api/v1/login', {
      body: { email: 'temp@example.org', password: 'temp-password' },
      token: null,
    });
    expect(login.status).toBe(401);
    expect((await t.api('DELETE', `/api/v1/deleteEmployee/${gone.id}`)).status).toBe(404);
  });

  it('keeps the sign-in account in step through /api/v2 as well', async () => {
    const res = await t.api('POST', '/api/v2/employees', {
      body: {
        full_name: 'Via Vtwo',
        email: 'v2@example.org',
        mobile: '9876543210',
        gender: 'Male',
        dob: '1991-01-01',
        hire_date: '2024-01-01',
        salary: 1000,
        contract_start_date: '2024-01-01',
        contract_last_date: '2025-01-01',
        department_id: hr.id,
        designation_id: manager.id,
        password: 'v2-password-1',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.password).toBeUndefined();
    const login = await t.api('POST', '/api/v1/login', {
      body: { email: 'v2@example.org', password: 'v2-password-1' },
      token: null,
    });
    expect(login.status).toBe(200);
    const noPassword = await t.api('POST', '/api/v2/employees', {
      body: { ...res.body, id: undefined, email: 'n@example.org' },
    });
    expect(noPassword.status).toBe(400);
    expect((await t.api('DELETE', `/api/v2/employees/${res.body.id}`)).status).toBe(200);
  });
});

describe('employee list statements', () => {
  it('reads a page with its departments and designations in one statement, plus the session', async () => {
    const path = '/api/v1/getAllEmployees?page=1&limit=5';
    await t.api('GET', path); // the total is now cached
    for (let i = 0; i < 2; i++) {
      const before = t.database.stats.statements;
      const res = await t.api('GET', `${path}&search=${i === 0 ? 'a' : 'e'}`);
      expect(res.status).toBe(200);
      expect(res.body.data.employees[0].Department).toHaveProperty('departmentName');
      // session lookup + rows joined with their references (the total counted in the same statement)
      expect(t.database.stats.statements - before).toBeLessThanOrEqual(2);
    }
  });
});

describe('createEmployee with its photo (multipart, as the contract sends it)', () => {
  async function photo(): Promise<Blob> {
    const sharp = (await import('sharp')).default;
    const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  }

  function form(fields: Record<string, string>, file?: Blob): FormData {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    if (file) data.append('userProfile', file, 'me.jpg');
    return data;
  }

  const post = (data: FormData) =>
    fetch(`${t.url}/api/v1/createEmployee`, {
      method: 'POST',
      body: data,
      headers: { authorization: `Bearer ${t.token}` },
    });

  async function storedPhotos(): Promise<string[]> {
    const { readdir } = await import('node:fs/promises');
    const { join } = await import('node:path');
    return readdir(join(t.app.services.config.UPLOADS_DIR, 'employees')).catch(() => []);
  }

  it('stores the photo re-encoded, answers its path, serves it, and removes it with the employee', async () => {
    const fields = employee({ email: 'photo@example.org' }) as Record<string, string>;
    const res = await post(form(fields, await photo()));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.userProfile).toMatch(/^\/uploads\/employees\/[0-9a-f]{32}\.jpg$/);
    const served = await fetch(`${t.url}${body.data.userProfile}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(512);

    expect((await t.api('DELETE', `/api/v1/deleteEmployee/${body.data.id}`)).status).toBe(200);
    expect((await fetch(`${t.url}${body.data.userProfile}`)).status).toBe(404);
  });

  it('leaves no file behind when the create fails, and asks for a missing photo', async () => {
    await create({ email: 'taken@example.org' });
    const before = await storedPhotos();
    const duplicate = await post(
      form(employee({ email: 'taken@example.org' }) as Record<string, string>, await photo()),
    );
    expect(duplicate.status).toBe(409);
    const invalid = await post(
      form(employee({ email: 'x@example.org', gender: 'Other' }) as Record<string, string>, await photo()),
    );
    expect(invalid.status).toBe(400);
    expect(await storedPhotos()).toEqual(before);

    const noPhoto = await post(form(employee({ email: 'nophoto@example.org' }) as Record<string, string>));
    expect(noPhoto.status).toBe(400);
    expect((await noPhoto.json()).errors).toEqual([{ field: 'userProfile', message: 'Please fill out Photo' }]);
    // Without the photo, the form's other problems are said in the same answer.
    const noPhotoAndMore = await post(
      form(employee({ email: 'nophoto@example.org', salary: '-1', password: 'short' }) as Record<string, string>),
    );
    expect((await noPhotoAndMore.json()).errors).toEqual([
      { field: 'salary', message: 'Salary cannot be negative.' },
      { field: 'password', message: PASSWORD_POLICY.tooShort },
      { field: 'userProfile', message: 'Please fill out Photo' },
    ]);
    const notImage = await post(
      form(
        employee({ email: 'text@example.org' }) as Record<string, string>,
        new Blob(['hello'], { type: 'image/jpeg' }),
      ),
    );
    expect(notImage.status).toBe(400);
    expect(await storedPhotos()).toEqual(before);
  });
  it('tells every problem of step 1 in one 400, as the wizard sends it', async () => {
    const before = await storedPhotos();
    const fields = employee({
      email: 'no-at-sign.example.org',
      mobile: '12345',
      salary: '-5',
      contractStartDate: '2026-06-01',
      contractLastDate: '2026-01-01',
      password: 'short',
    }) as Record<string, string>;
    const res = await post(form(fields, await photo()));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual([
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'mobile', message: 'Please enter a valid mobile number.' },
      { field: 'salary', message: 'Salary cannot be negative.' },
      { field: 'contractLastDate', message: 'The contract end date must not be before its start date.' },
      { field: 'password', message: PASSWORD_POLICY.tooShort },
    ]);
    expect(body.message).toBe('Please enter a valid email address.');
    expect(await storedPhotos()).toEqual(before);
  });
});

describe('one password policy for employees, on /api/v1 and /api/v2', () => {
  it('refuses the 8 characters the old rule let through and a common password, with the policy’s sentences', async () => {
    let n = 0;
    for (const [password, message] of [
      ['', 'Please fill out Password'],
      ['kiran-pw', PASSWORD_POLICY.tooShort],
      ['short-pw9', PASSWORD_POLICY.tooShort],
      ['Password123', PASSWORD_POLICY.common],
      ['  qwertyuiop ', PASSWORD_POLICY.common],
    ]) {
      n += 1;
      const v1 = await t.api('POST', '/api/v1/createEmployee', {
        body: employee({ email: `policy${n}@example.org`, password }),
      });
      expect(v1.status, password).toBe(400);
      expect(v1.body.errors, password).toEqual([{ field: 'password', message }]);
      const v2 = await t.api('POST', '/api/v2/employees', {
        body: {
          full_name: 'Policy Person',
          email: `policy-v2-${n}@example.org`,
          mobile: '+91 98765 43210',
          gender: 'Male',
          dob: '1990-04-12',
          hire_date: '2024-06-01',
          salary: 1000,
          contract_start_date: '2024-06-01',
          contract_last_date: '2027-05-31',
          department_id: hr.id,
          designation_id: manager.id,
          password,
        },
      });
      expect(v2.status, password).toBe(400);
      expect(v2.body.errors, password).toEqual([{ field: 'password', message }]);
    }
    const ten = await create({ email: 'ten@example.org', password: 'sh0rt-pw9x' });
    const login = await t.api('POST', '/api/v1/login', {
      body: { email: ten.email, password: 'sh0rt-pw9x', userType: 'Employee' },
      token: null,
    });
    expect(login.status).toBe(200);
  });
});

describe('correcting the name, email, salary and photo', () => {
  async function jpeg(colour: string): Promise<Blob> {
    const sharp = (await import('sharp')).default;
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  }

  const putPhoto = (id: number, file?: Blob, extra: Record<string, string> = {}) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(extra)) data.append(key, value);
    if (file) data.append('userProfile', file, 'me.jpg');
    return fetch(`${t.url}/api/v2/employees/${id}/photo`, {
      method: 'PUT',
      body: data,
      headers: { authorization: `Bearer ${t.token}` },
    });
  };

  const entriesOf = async (id: number) =>
    (await t.database.db.select().from(auditLogs)).filter(
      (e) => e.module === 'employees' && e.record_id === id && e.action_type === 'Update',
    );

  it('renames, re-addresses and re-pays an employee on the contract’s update; the sign-in follows; audited', async () => {
    const nila = await create({ fullName: 'Nila Das', email: 'nila@example.org', password: 'nila-password' });
    const res = await t.api('PUT', `/api/v1/updateEmployee/${nila.id}`, {
      body: { fullName: 'Nila Dasgupta', email: 'nila.dasgupta@example.org', salary: 51000 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      fullName: 'Nila Dasgupta',
      email: 'nila.dasgupta@example.org',
      salary: 51000,
    });
    const signIn = (email: string) =>
      t.api('POST', '/api/v1/login', { body: { email, password: 'nila-password' }, token: null });
    expect((await signIn('nila@example.org')).status).toBe(401);
    const login = await signIn('nila.dasgupta@example.org');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ name: 'Nila Dasgupta', userType: 'Employee' });

    const [entry] = await entriesOf(nila.id);
    expect(JSON.stringify(entry!.details)).toMatch(/Nila Dasgupta/);
    expect(JSON.stringify(entry!.details)).toMatch(/nila\.dasgupta@example\.org/);
    expect(JSON.stringify(entry!.details)).toMatch(/51000/);

    // Every problem at once; an email that another account signs in with is a 409 under the email.
    const wrong = await t.api('PUT', `/api/v1/updateEmployee/${nila.id}`, {
      body: { fullName: '', email: 'nila-at-example', salary: -1 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'fullName', message: 'Please fill out Full Name' },
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'salary', message: 'Salary cannot be negative.' },
    ]);
    const taken = await t.api('PUT', `/api/v1/updateEmployee/${nila.id}`, { body: { email: 'ADMIN@example.org' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'email', message: 'An employee with this email already exists.' }]);
  });

  it('replaces the photo on its own route, removes the old file once committed, and audits it', async () => {
    const { readdir } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const folder = join(t.app.services.config.UPLOADS_DIR, 'employees');
    const data = new FormData();
    for (const [key, value] of Object.entries(employee({ email: 'ira@example.org', fullName: 'Ira Sen' })))
      data.append(key, String(value));
    data.append('userProfile', await jpeg('#336'), 'first.jpg');
    const made = await fetch(`${t.url}/api/v1/createEmployee`, {
      method: 'POST',
      body: data,
      headers: { authorization: `Bearer ${t.token}` },
    });
    const first = (await made.json()).data as { id: number; userProfile: string };
    expect(made.status).toBe(201);

    const res = await putPhoto(first.id, await jpeg('#c63'));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.userProfile).toMatch(/^\/uploads\/employees\/[0-9a-f]{32}\.jpg$/);
    expect(body.data.userProfile).not.toBe(first.userProfile);
    expect((await fetch(`${t.url}${body.data.userProfile}`)).status).toBe(200);
    expect((await fetch(`${t.url}${first.userProfile}`)).status).toBe(404);
    const byId = await t.api('GET', `/api/v1/getEmployeeById/${first.id}`);
    expect(byId.body.data.userProfile).toBe(body.data.userProfile);
    const entries = await entriesOf(first.id);
    expect(JSON.stringify(entries.at(-1)!.details)).toContain(body.data.userProfile);

    // Refused: no photo, not an image, other fields beside it, an unknown employee; no file is left behind.
    const files = await readdir(folder);
    const none = await putPhoto(first.id);
    expect(none.status).toBe(400);
    expect((await none.json()).errors).toEqual([{ field: 'userProfile', message: 'Please fill out Photo' }]);
    expect((await putPhoto(first.id, new Blob(['hello'], { type: 'image/jpeg' }))).status).toBe(400);
    expect((await putPhoto(first.id, await jpeg('#393'), { fullName: 'Sneaky' })).status).toBe(400);
    expect((await putPhoto(999_999, await jpeg('#393'))).status).toBe(404);
    expect(await readdir(folder)).toEqual(files);
    // Without a session, nothing.
    const anonymous = await fetch(`${t.url}/api/v2/employees/${first.id}/photo`, { method: 'PUT' });
    expect(anonymous.status).toBe(401);
  });
});
