/**
 * /register in Chromium against the real server (docs/decisions.md, "/register"): the Admin is
 * sent to Add Employee and Add User; an employee who may not add anyone asks for an account for a colleague, and
 * the Admin is notified. No console error, no failed request, axe-core clean, at 1400 and 390 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, adminToken, hasChromium, startStack, uniqueTag, type Stack } from './harness.ts';

let stack: Stack;
let token: string;

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  token = await adminToken(stack);
});
afterAll(async () => {
  await stack?.close();
});

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

async function watchedPage(width: number): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await stack.browser.newContext({ viewport: { width, height: 900 } });
  // The menu drawer closed: on a phone an open drawer covers the page (and hides it from the accessibility tree).
  await context.addInitScript(() => localStorage.setItem('RaStore.sidebar.open', 'false'));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A request the test's own navigation cut short (going to the next page while the bell or a script was still
    // loading) is no fault of the page; any other failure is.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${request.method()} ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { page, context, problems };
}

async function signIn(page: Page, email: string, password: string, userType: 'Admin' | 'Employee') {
  await page.goto(`${stack.url}/login`);
  if (userType === 'Employee') await page.getByLabel('User Type').selectOption('Employee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${stack.url}/`);
  // The back-office's script starts loading as the form is sent; going elsewhere before it has come would abort it
  // (a failed request of the test's own making). Its header shows once it has.
  await page.getByRole('button', { name: 'Profile menu' }).waitFor();
}

describe.skipIf(!hasChromium)('/register in Chromium', () => {
  for (const width of [1400, 390]) {
    it(`sends the Admin to the forms that make accounts (${width} px)`, async () => {
      const { page, context, problems } = await watchedPage(width);
      try {
        await signIn(page, ADMIN.email, ADMIN.password, 'Admin');
        await page.goto(`${stack.url}/register`);
        await page.getByRole('heading', { name: 'Register', level: 1 }).waitFor();
        expect(await page.getByRole('link', { name: 'Add Employee' }).getAttribute('href')).toBe('/employee/add');
        expect(await page.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/user/add');
        await page.waitForLoadState('networkidle');
        expect(await accessibilityProblems(page)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/register-admin-${width}.png`, fullPage: true });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('lets an employee ask for an account for a colleague, and the Admin is notified', async () => {
    const tag = uniqueTag();
    const department = await api('POST', '/api/v2/departments', {
      department_name: `Register ${tag}`,
      description: 'For the register test.',
    });
    expect(department.status, department.text).toBe(201);
    const designation = await api('POST', '/api/v2/designations', {
      designation: `Clerk ${tag}`,
      description: 'For the register test.',
      department_id: department.body.id,
    });
    expect(designation.status, designation.text).toBe(201);
    const email = `register-${tag}@example.org`;
    const password = 'Employee-pass-2026!';
    const employee = await api('POST', '/api/v2/employees', {
      full_name: 'Asha Verma',
      email,
      mobile: '9876543210',
      gender: 'Female',
      dob: '1990-01-01',
      hire_date: '2024-01-01',
      salary: 30000,
      contract_start_date: '2024-01-01',
      contract_last_date: '2027-01-01',
      department_id: department.body.id,
      designation_id: designation.body.id,
      password,
      permissions: { Dashboard: { Dashboard: { Global: { View: true } } } },
    });
    expect(employee.status, employee.text).toBe(201);

    const { page, context, problems } = await watchedPage(390);
    try {
      await signIn(page, email, password, 'Employee');
      await page.goto(`${stack.url}/register`);
      const form = page.getByRole('form', { name: 'Request an account for someone' });
      await form.waitFor();
      expect(await page.getByRole('link', { name: 'Add User' }).count()).toBe(0);
      await form.getByRole('textbox', { name: 'Full name' }).fill('Ravi Kumar');
      await form.getByRole('textbox', { name: 'Email' }).fill(`ravi-${tag}@example.org`);
      await form.getByRole('textbox', { name: /^Note/ }).fill('New mathematics teacher from Monday.');
      await form.getByRole('button', { name: 'Send request' }).click();
      await page.getByRole('status').filter({ hasText: 'Your request has been sent to the administrators.' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/register-employee-sent-390.png', fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const notices = await api(
      'GET',
      `/api/v2/notifications?filter=${encodeURIComponent(JSON.stringify({ q: `ravi-${tag}@example.org` }))}&range=[0,9]`,
    );
    expect(notices.status, notices.text).toBe(200);
    expect(notices.body).toHaveLength(1);
    expect(notices.body[0].message).toBe(`Account requested for Ravi Kumar (ravi-${tag}@example.org) by Asha Verma`);
    expect(notices.body[0].link).toMatch(/^\/audit-logs\/view\/\d+$/);
  });
});
