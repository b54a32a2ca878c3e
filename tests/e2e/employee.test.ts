/**
 * The add-employee wizard in a real browser against the real server: step 1 refuses a missing field, the photo is
 * uploaded as a real image, step 2 chooses the department, its designation and every permission, Submit creates
 * the employee (multipart on /api/v1/createEmployee) and the list shows it after the spec's 2-second delay.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let page: Page;
/** Screenshots of the wizard, looked at by whoever changes it. */
const SHOTS = join(tmpdir(), 'employee-e2e');

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: the employee list (pages of 5, in the order made) shows the new employee on its first page.
  stack = await startOwnStack();
  mkdirSync(SHOTS, { recursive: true });
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

/**
 * Screenshots of the page at 1400 and 390 px (the phone's menu closed, as a person on a phone sees the page), and
 * the page's sideways overflow at each width; back to 1280 px after.
 */
async function shoot(name: string): Promise<Record<number, number>> {
  const overflow: Record<number, number> = {};
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    const menu = page.locator('.MuiDrawer-modal');
    if (width < 600 && (await menu.count()) > 0 && (await menu.isVisible())) {
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    overflow[width] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return overflow;
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
  it('shows every problem of step 1 at once, then creates the employee in one round', async () => {
    await page.goto(`${stack.url}/employee/add`);
    await page.getByRole('button', { name: 'Next' }).waitFor();
    // The app bar names the screen.
    await expect.poll(() => page.locator('#react-admin-title').innerText()).toContain('Add Employee');

    const wrong: [string, string][] = [
      ['Full Name', 'Lata Mehra'],
      ['Email', 'lata.example.org'],
      ['Mobile', '12345'],
      ['Date of Birth', '1990-03-04'],
      ['Hire Date', '2025-04-01'],
      ['Salary', '-5'],
      ['Contract Start Date', '2025-04-01'],
      ['Contract End Date', '2025-01-01'],
      ['Password', 'short'],
    ];
    for (const [label, value] of wrong) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Next' }).click();
    const under = (label: string) => page.getByLabel(label, { exact: true });
    const sentences: [string, string][] = [
      ['Email', 'Please enter a valid email address.'],
      ['Mobile', 'Please enter a valid mobile number.'],
      ['Salary', 'Salary cannot be negative.'],
      ['Contract End Date', 'The contract end date must not be before its start date.'],
      ['Password', 'The password must be at least 10 characters long.'],
    ];
    for (const [label, sentence] of sentences) {
      await expect.poll(() => under(label).getAttribute('aria-invalid'), { message: label }).toBe('true');
      const described = await under(label).evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      );
      expect(described, label).toBe(sentence);
    }
    await page.getByText('Please fill out Gender').waitFor();
    await page.getByText('Please fill out Photo').waitFor();
    expect(await page.getByRole('combobox', { name: 'Department' }).count()).toBe(0);
    // Step 1 with its errors fits a phone as it fits a desktop: no sideways scroll.
    expect(await shoot('employee-add-errors')).toEqual({ 1400: 0, 390: 0 });

    // All fixed at once; one Submit creates the employee.
    const fixed: [string, string][] = [
      ['Email', 'lata@example.org'],
      ['Mobile', '9876501234'],
      ['Salary', '28000'],
      ['Contract End Date', '2027-03-31'],
      ['Password', 'lata-garden-2025'],
    ];
    for (const [label, value] of fixed) await under(label).fill(value);
    // Each problem goes as soon as its field is fixed, before Next: the photo's too, once one is chosen.
    for (const [label] of fixed) expect(await under(label).getAttribute('aria-invalid'), label).toBe('false');
    await choose('Gender', 'Female');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'lata.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a58' } })
        .png()
        .toBuffer(),
    });
    await page.getByText('Please fill out Photo').waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').filter({ hasText: 'Please' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await choose('Department', 'Teaching');
    await choose('Designation', 'Sanskrit Teacher');
    expect(await shoot('employee-add-step2')).toEqual({ 1400: 0, 390: 0 });
    let creates = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/createEmployee')) creates += 1;
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Employee added successfully.').waitFor();
    expect(creates).toBe(1);
    const list = await api('/api/v1/getAllEmployees?page=1&limit=100');
    const lata = list.json.data.employees.find((e: { email: string }) => e.email === 'lata@example.org');
    expect(lata).toMatchObject({ fullName: 'Lata Mehra', salary: 28000, mobile: '9876501234' });
    await page.waitForURL(/\/employee$/);
  });

  it('corrects the name, email, salary and photo of an employee', async () => {
    const list = await api('/api/v1/getAllEmployees?page=1&limit=100');
    const lata = list.json.data.employees.find((e: { email: string }) => e.email === 'lata@example.org');
    await page.goto(`${stack.url}/employee/edit/${lata.id}`);
    await page.getByLabel('Full Name', { exact: true }).waitFor();
    await expect.poll(() => page.locator('#react-admin-title').innerText()).toContain('Edit Employee');
    expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Lata Mehra');

    await page.getByLabel('Full Name', { exact: true }).fill('Lata Mehra Rao');
    await page.getByLabel('Email', { exact: true }).fill('lata.rao@example.org');
    await page.getByLabel('Salary', { exact: true }).fill('31500');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'lata-new.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 500, height: 300, channels: 3, background: '#258' } })
        .jpeg()
        .toBuffer(),
    });
    expect(await shoot('employee-edit')).toEqual({ 1400: 0, 390: 0 });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('combobox', { name: 'Department' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/employee$/);

    const saved = await api(`/api/v1/getEmployeeById/${lata.id}`);
    expect(saved.json.data).toMatchObject({ fullName: 'Lata Mehra Rao', email: 'lata.rao@example.org', salary: 31500 });
    expect(saved.json.data.userProfile).toMatch(/^\/uploads\/employees\/[0-9a-f]{32}\.jpg$/);
    expect(saved.json.data.userProfile).not.toBe(lata.userProfile);
    expect((await fetch(`${stack.url}${lata.userProfile}`)).status).toBe(404);

    // The details show it, under their own app-bar title.
    await page.goto(`${stack.url}/employee/view/${lata.id}`);
    await page.getByText('Lata Mehra Rao').first().waitFor();
    await expect.poll(() => page.locator('#react-admin-title').innerText()).toContain('Employee Details');
    const signIn = await fetch(`${stack.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lata.rao@example.org', password: 'lata-garden-2025', userType: 'Employee' }),
    });
    expect(signIn.status).toBe(200);
  });
});
