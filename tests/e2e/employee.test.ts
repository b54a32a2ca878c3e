/**
 * The add-employee wizard in a real browser against the real server: step 1 refuses a missing field, the photo is
 * uploaded as a real image, step 2 chooses the department, its designation and every permission, Submit creates
 * the employee (multipart on /api/v1/createEmployee) and the list shows it after the spec's 2-second delay.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startStack, type Stack } from './harness.ts';

let stack: Stack;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
});

/** Calls the API with the page's session. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads arbitrary JSON
async function api(path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ([url, payload]) => {
      const res = await fetch(url as string, {
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? ''),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: res.status, json: await res.json() };
    },
    [path, body] as const,
  );
}

async function choose(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!hasChromium)('the add-employee wizard in Chromium', () => {
  it('creates an employee with a photo and permissions, then shows it in the list', async () => {
    await page.goto(`${stack.url}/employee/add`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/employee/add');

    const department = await api('/api/v1/createDepartment', { departmentName: 'Teaching', description: 'Teachers' });
    expect(department.status).toBe(201);
    const designation = await api('/api/v1/createDesignation', {
      departmentId: department.json.data.id,
      designation: 'Sanskrit Teacher',
      description: 'Teaches Sanskrit',
    });
    expect(designation.status).toBe(201);
    await page.reload();

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill out Full Name' }).waitFor();

    const fields: [string, string][] = [
      ['Full Name', 'Kiran Joshi'],
      ['Email', 'kiran@example.org'],
      ['Mobile', '9876543210'],
      ['Date of Birth', '1992-08-15'],
      ['Hire Date', '2025-06-01'],
      ['Salary', '32000'],
      ['Contract Start Date', '2025-06-01'],
      ['Contract End Date', '2028-05-31'],
      ['Password', 'kiran-password'],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await choose('Gender', 'Female');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill out Photo' }).waitFor();

    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#5a8' } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'kiran.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: 'Next' }).click();

    await choose('Department', 'Teaching');
    await choose('Designation', 'Sanskrit Teacher');
    await page.getByRole('button', { name: 'Select All' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Employee added successfully.').waitFor();
    const submitted = Date.now();
    await page.waitForURL(/\/employee$/);
    expect(Date.now() - submitted).toBeGreaterThan(1_000);
    await page.getByText('Kiran Joshi').first().waitFor();

    const list = await api('/api/v1/getAllEmployees?page=1&limit=5');
    const kiran = list.json.data.employees.find((e: { email: string }) => e.email === 'kiran@example.org');
    expect(kiran).toMatchObject({
      fullName: 'Kiran Joshi',
      Department: { departmentName: 'Teaching' },
      Designation: { designation: 'Sanskrit Teacher' },
    });
    expect(kiran.userProfile).toMatch(/^\/uploads\/employees\/[0-9a-f]{32}\.png$/);
    expect(kiran.permissions.Company.Employees.Global).toEqual({ View: true, Add: true, Edit: true, Delete: true });
    const served = await fetch(`${stack.url}${kiran.userProfile}`);
    expect(served.headers.get('content-type')).toBe('image/png');
  });
});
