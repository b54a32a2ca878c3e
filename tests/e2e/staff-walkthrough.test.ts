/**
 * Faults found walking through the back-office as staff meet it, in Chromium against the real server: the role form has
 * one Department input, the dashboard fits the window at 1400 and 390 px with no serious accessibility problem, and the
 * activity logs show what was saved and link to the right user.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, adminToken, hasChromium, startStack, uniqueTag, type Stack } from './harness.ts';

let stack: Stack;
let page: Page;
let token: string;
/** This file's records are named with it: the server is shared. */
const tag = uniqueTag();

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  token = await adminToken(stack);
  page = await stack.browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(15_000);
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** The labels of the form's inputs, in order. */
const formLabels = () => page.locator('form label').allInnerTexts();

describe.skipIf(!hasChromium)('faults found walking through the back-office', () => {
  it('the role form has one Department input, on add and on edit', async () => {
    type Created = { data: { id: number } };
    const department = await api('POST', '/api/v1/createDepartment', {
      departmentName: `IT ${tag}`,
      description: 'Network',
    });
    expect(department.status).toBe(201);
    const departmentId = (department.json as Created).data.id;
    const designation = await api('POST', '/api/v1/createDesignation', {
      designation: `Clerk ${tag}`,
      departmentId,
      description: 'Desk',
    });
    expect(designation.status).toBe(201);
    const role = await api('POST', '/api/v1/createRole', {
      roleName: `Ops ${tag}`,
      responsibility: 'Runs things',
      departmentId,
      designationId: (designation.json as Created).data.id,
    });
    expect(role.status).toBe(201);

    await page.goto(`${stack.url}/employee-role/add`);
    await page.getByRole('combobox', { name: 'Department' }).waitFor();
    expect(await formLabels()).toEqual(['Role Name', 'Responsibility', 'Department', 'Designation']);
    expect(await page.getByRole('combobox', { name: /^Department/ }).count()).toBe(1);

    await page.goto(`${stack.url}/employee-role/edit/${(role.json as Created).data.id}`);
    await page.getByRole('combobox', { name: /^Department/ }).waitFor();
    await expect.poll(formLabels).toEqual(['Role Name', 'Responsibility', 'Department', 'Designation']);
    expect(await page.getByRole('combobox', { name: /^Department/ }).count()).toBe(1);
  });

  for (const width of [1400, 390]) {
    it(`the dashboard fits a ${width} px window and has no serious accessibility problem`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.url}/`);
      await page.locator('#donation-chart-title').waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      await page.screenshot({ path: `/tmp/staff-walkthrough-dashboard-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.setViewportSize({ width: 1400, height: 900 });
    });
  }

  it('the dashboard has no serious accessibility problem while it loads: every progress bar is named', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    // The figures and the bell's notifications are held until axe has looked: the page stays loading.
    const held: Route[] = [];
    const hold = (route: Route) => void held.push(route);
    await page.route(/\/api\/v2\/(dashboard|notifications)/, hold);
    try {
      await page.goto(`${stack.url}/`);
      // The page's bar and the header's spinner (react-admin's own, while the notifications load).
      await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await page.unroute(/\/api\/v2\/(dashboard|notifications)/, hold);
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    }
    await page.locator('#donation-chart-title').waitFor();
  });

  it('activity logs: Action and Timestamp shown, the User ID opens that user (after a reload too), 999 refused', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const created = await api('POST', '/api/v2/users', {
      username: `Asha Verma ${tag}`,
      email: `asha-${tag}@example.org`,
      user_type: 'Client',
      is_active: true,
      password: 'a-long-password-1',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const account = (created.json as { account_id: number }).account_id;
    const activity = await api('POST', '/api/v2/activities', {
      account_id: account,
      ride_id: 42,
      action: 'Ride booked',
      description: `Asha booked a ride ${tag}`,
      occurred_at: '2026-11-20T09:15:00+05:30',
      status: 'Pending',
    });
    expect(activity.status).toBe(201);

    // The Pending ones: the shared server's sign-ins, Success, come in meanwhile.
    await page.goto(`${stack.url}/activity-logs?filter=${encodeURIComponent(JSON.stringify({ status: 'Pending' }))}`);
    const row = page.locator('table tbody tr', { hasText: `Asha booked a ride ${tag}` });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('Ride booked');
    const headers = await page.locator('table thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(
      expect.arrayContaining(['User ID', 'Action', 'Description', 'Timestamp', 'Created At']),
    );

    await row.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/activity-logs\/view\/\d+$/);
    const term = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    await expect.poll(() => term('Action').innerText()).toBe('Ride booked');
    expect(await term('Timestamp').innerText()).not.toBe('-');

    await page.getByRole('link', { name: String(account) }).click();
    await page.waitForURL(`**/user/profile?account=${account}`);
    await page.getByText(`asha-${tag}@example.org`).first().waitFor();
    await page.reload();
    await page.getByText(`asha-${tag}@example.org`).first().waitFor();
    expect(await page.getByText('User not found').count()).toBe(0);

    await page.goto(`${stack.url}/activity-logs/add`);
    await page.getByRole('spinbutton', { name: 'User ID' }).fill('999');
    await page.getByRole('spinbutton', { name: 'Ride ID' }).fill('7');
    await page.getByRole('textbox', { name: 'Action' }).fill('Ride booked');
    await page.getByLabel('Timestamp').fill('2026-11-20T09:15');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User ID 999 is not an account of this server.').first().waitFor();
    expect(page.url()).toMatch(/\/activity-logs\/add$/);
  });

  it('activity logs: From and To find the activities of the Timestamp typed, not of the day they were entered', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const session = await api('GET', '/api/v2/session');
    const description = `Ride of last March ${tag}`;
    const activity = await api('POST', '/api/v2/activities', {
      account_id: (session.json as { id: number }).id,
      ride_id: 43,
      action: 'Ride completed',
      description,
      occurred_at: '2025-03-10T18:30:00+05:30',
      status: 'Failed',
    });
    expect(activity.status).toBe(201);

    // No other filter (the list remembers the last one, Pending in the test above).
    await page.goto(`${stack.url}/activity-logs?filter=${encodeURIComponent('{}')}`);
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2025-03-10');
    // The list asks the contract's filterActivities for that day (once both dates are given).
    const filtered = page.waitForResponse(
      (response) => response.url().includes('/api/v1/filterActivities') && response.url().includes('2025-03-10'),
    );
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2025-03-10');
    const answer = (await (await filtered).json()) as { data: { activities: { description: string }[] } };
    expect(answer.data.activities.map((a) => a.description)).toContain(description);
    const row = page.locator('table tbody tr', { hasText: description });
    await expect.poll(() => row.innerText()).toContain('10 Mar 2025');
  });
});
