/**
 * Access control in a real browser against the real server: an employee whose matrix grants only
 * Company › Departments › Global › View signs in and sees only the Departments entry of the menu, the department
 * list without Add and without row actions, the access-denied page (with its explanation) for the screens it may
 * not open and, once an administrator takes the permission away, for the server's 403 on the list's data; and
 * signs out from that page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let page: Page;
let adminToken: string;
let employeeId: number;

const EMPLOYEE = { email: 'meera@example.org', password: 'meera-password-1', name: 'Meera Iyer' };
const DEPARTMENTS_VIEW = { Company: { Departments: { Global: { View: true } } } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads arbitrary JSON
async function api(method: string, path: string, body?: unknown, token = adminToken): Promise<any> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: the employee's department list (pages of 3, in the order made) opens on its departments.
  stack = await startOwnStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);

  const login = await fetch(`${stack.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  adminToken = (await login.json()).user.token;
  const department = await api('POST', '/api/v2/departments', { department_name: 'Library', description: 'Books' });
  await api('POST', '/api/v2/departments', { department_name: 'Kitchen', description: 'Meals' });
  const designation = await api('POST', '/api/v2/designations', {
    designation: 'Librarian',
    description: 'Keeps the books',
    department_id: department.id,
  });
  const employee = await api('POST', '/api/v2/employees', {
    full_name: EMPLOYEE.name,
    email: EMPLOYEE.email,
    password: EMPLOYEE.password,
    mobile: '9876543210',
    gender: 'Female',
    dob: '1991-04-12',
    hire_date: '2024-06-01',
    salary: 30000,
    contract_start_date: '2024-06-01',
    contract_last_date: '2027-05-31',
    role: 'user',
    permissions: DEPARTMENTS_VIEW,
    department_id: department.id,
    designation_id: designation.id,
  });
  employeeId = employee.id;
});
afterAll(async () => {
  await stack?.close();
});

const sidebar = () => page.getByRole('navigation', { name: 'Main menu' });
const reason = () => page.getByTestId('access-denied-reason');

describe.skipIf(!hasChromium)('access control in Chromium', () => {
  it('signs the employee in, to the only page it may open, with a menu of only that page', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('User Type').selectOption('Employee');
    await page.getByLabel('Email').fill(EMPLOYEE.email);
    await page.getByLabel(/^Password/).fill(EMPLOYEE.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    // The dashboard is not theirs: they land on Departments.
    await page.waitForURL('**/department');
    await page.getByText('Library', { exact: true }).waitFor();
    // Signed in by the HttpOnly cookie alone: no script of the page sees the session, none of it is stored.
    const session = (await page.context().cookies()).find((c) => c.name === 'session');
    expect(session?.httpOnly).toBe(true);
    const seen = await page.evaluate(() => ({
      cookie: document.cookie,
      stored: JSON.stringify({ ...localStorage, ...sessionStorage }),
    }));
    expect(seen.cookie).not.toMatch(/(^|;\s*)session=/);
    expect(seen.cookie).not.toContain(session!.value);
    expect(seen.cookie).toMatch(/(^|;\s*)XSRF-TOKEN=/);
    expect(seen.stored).not.toContain(session!.value);
    expect(seen.stored).not.toMatch(/token/i);

    const nav = sidebar();
    await nav.getByRole('button', { name: 'Company' }).click();
    await nav.getByRole('button', { name: 'Employee Management' }).click();
    await nav.getByRole('link', { name: 'Department' }).waitFor();
    const links = await nav.getByRole('link').allInnerTexts();
    expect(links).toContain('Department');
    for (const hidden of ['Dashboard', 'All Employees', 'Designation', 'Country', 'Audit Logs', 'Outbox'])
      expect(links).not.toContain(hidden);
    const groups = await nav.getByRole('button').allInnerTexts();
    for (const hidden of ['Master Data', 'User', 'Media Table', 'Gallery']) expect(groups).not.toContain(hidden);
    // The header's bell is every account's: its notifications are its own, whatever the matrix holds.
    await page.getByRole('button', { name: /notification/i }).waitFor();
  });

  it('lists departments without the Add button and without edit or delete actions', async () => {
    await page.goto(`${stack.url}/department`);
    await page.getByText('Library', { exact: true }).waitFor();
    await page.getByText('Kitchen', { exact: true }).waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['S.No', 'Department Name', 'Description', 'Created At']);
    expect(await page.getByRole('link', { name: 'Add Department' }).count()).toBe(0);
    expect(await page.getByRole('table').getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('table').getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  it('shows the access-denied page, with its explanation, for /employee and /master/country', async () => {
    await page.goto(`${stack.url}/employee`);
    await page.waitForURL('**/access-denied');
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    expect(await reason().innerText()).toBe(
      'Your account does not have permission to view Employees (Company › Employees › View).',
    );
    await page.getByText(`You are signed in as ${EMPLOYEE.name} (${EMPLOYEE.email}).`).waitFor();
    await page.getByText(/Ask an administrator to grant it: in Employees .* or in Role Permissions/).waitFor();
    // No way back to a dashboard they may not see.
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).count()).toBe(0);

    await page.goto(`${stack.url}/master/country`);
    await page.waitForURL('**/access-denied');
    await expect
      .poll(() => reason().innerText())
      .toBe('Your account does not have permission to view Countries (Master Data › Countries › View).');
  });

  it("shows the server's sentence when the server refuses the page's data", async () => {
    await page.goto(`${stack.url}/department`);
    await page.getByText('Library', { exact: true }).waitFor();
    // An administrator takes the permission away; the open page asks for its data again.
    await api('PUT', `/api/v2/employees/${employeeId}`, { permissions: {} });
    await page.getByPlaceholder(/search/i).fill('Lib');
    await page.waitForURL('**/access-denied');
    await expect.poll(() => reason().innerText()).toMatch(/Company › Departments › View/);
    // The menu follows the new matrix: Company keeps only its Authentication group.
    await sidebar().getByRole('button', { name: 'Company' }).click();
    await sidebar().getByRole('button', { name: 'Authentication' }).waitFor();
    await expect.poll(() => sidebar().getByRole('button', { name: 'Employee Management' }).count()).toBe(0);
  });

  it('signs out from the access-denied page, for real', async () => {
    const session = (await page.context().cookies()).find((c) => c.name === 'session')!;
    expect(session.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    const res = await fetch(`${stack.url}/api/v2/session`, { headers: { cookie: `session=${session.value}` } });
    expect(res.status).toBe(401);
  });
});
