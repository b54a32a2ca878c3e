/**
 * The role-permission matrix in a real browser against the real server: signed in as the Admin, with a
 * department, designation and role made through the API, the spec's /role-permisssion/add (three s's) lands on
 * the add form; department, designation and role are chosen, some boxes ticked, and the matrix saved on
 * /api/v2/role-permissions; the list shows it by its role's names, and the view shows the ticked permissions and
 * the employee it applies to. The list keeps its search after View then Back. On a phone (390 px) the matrix scrolls
 * sideways in its own box while its Feature and Sub-feature columns stay at the box's left edge, in sight and on
 * top. With E2E_SCREENSHOTS=<dir>, the phone's matrix is saved there before and after scrolling.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

const SHOTS = process.env.E2E_SCREENSHOTS;

let stack: OwnStack;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: the role-permission list is read from empty, and every matrix stored is counted.
  stack = await startOwnStack();
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

const TICKED = ['Master Data Countries Global View', 'Company Employees Self Edit', 'Gallery Images Global Add'];

describe.skipIf(!hasChromium)('the role-permission matrix in Chromium', () => {
  it('adds a matrix at /role-permisssion/add, lists it and shows it', async () => {
    await page.goto(`${stack.url}/role-permission`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/role-permission$/);
    await page.getByText('No permissions found.').waitFor();

    const department = await api('/api/v2/departments', { department_name: 'Library', description: 'Books' });
    expect(department.status).toBe(201);
    const designation = await api('/api/v2/designations', {
      designation: 'Librarian',
      description: 'Keeps the books',
      department_id: department.json.id,
    });
    expect(designation.status).toBe(201);
    const role = await api('/api/v2/roles', {
      role_name: 'Book Keeper',
      responsibility: 'Lends books',
      department_id: department.json.id,
      designation_id: designation.json.id,
      is_active: true,
    });
    expect(role.status).toBe(201);
    const employee = await api('/api/v2/employees', {
      full_name: 'Meera Iyer',
      email: 'meera@example.org',
      password: 'meera-password-1',
      mobile: '9876543210',
      gender: 'Female',
      dob: '1990-01-01',
      hire_date: '2024-01-01',
      salary: 30000,
      contract_start_date: '2024-01-01',
      contract_last_date: '2027-01-01',
      department_id: department.json.id,
      designation_id: designation.json.id,
    });
    expect(employee.status).toBe(201);

    // The spec's address with three s's: the server answers it with the canonical one.
    await page.goto(`${stack.url}/role-permisssion/add`);
    await page.waitForURL(/\/role-permission\/add$/);
    await page.getByRole('heading', { name: 'Add Role Permission' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'All fields (Role Name, Department, and Designation) are required.' })
      .waitFor();

    await choose('Department', 'Library');
    await choose('Designation', 'Librarian');
    await choose('Role', 'Book Keeper');
    for (const label of TICKED) await page.getByRole('checkbox', { name: label }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Permission added successfully.').waitFor();
    await page.waitForURL(/\/role-permission$/);

    const row = page.getByRole('row', { name: /Book Keeper/ });
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['1', 'Library', 'Librarian', 'Book Keeper']),
    );

    const stored = await api('/api/v2/role-permissions');
    expect(stored.json).toHaveLength(1);
    expect(stored.json[0]).toMatchObject({
      role_id: role.json.id,
      permissions: {
        'Master Data': { Countries: { Global: { View: true } } },
        Company: { Employees: { Self: { Edit: true } } },
        Gallery: { Images: { Global: { Add: true } } },
      },
    });

    await row.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/role-permission\/view\/\d+$/);
    await page.getByRole('heading', { name: 'Role Permission Details' }).waitFor();
    const matrix = page.getByRole('region', { name: 'Permissions' });
    for (const label of TICKED) await expect.poll(() => matrix.getByLabel(label).innerText()).toBe('Yes');
    expect(await matrix.getByLabel('Company Employees Global Edit').innerText()).toBe('No');
    expect(await matrix.getByRole('checkbox').count()).toBe(0);
    await page
      .getByRole('region', { name: 'Employees it applies to' })
      .getByRole('link', { name: 'Meera Iyer' })
      .waitFor();
  });

  it('keeps the search after View then Back', async () => {
    await page.goto(`${stack.url}/role-permission`);
    const search = page.getByRole('textbox', { name: 'Search by role, department or designation' });
    await search.fill('keeper');
    const row = page.getByRole('row', { name: /Book Keeper/ });
    await row.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/role-permission\/view\/\d+$/);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(/\/role-permission(\?.*)?$/);
    await expect.poll(() => search.inputValue()).toBe('keeper');
    await row.waitFor();
    await search.fill('');
  });

  it('keeps the Feature and Sub-feature columns in sight on a phone while the boxes scroll under them', async () => {
    const phone = await stack.browser.newPage({ viewport: { width: 390, height: 844 } });
    phone.setDefaultTimeout(15_000);
    try {
      await phone.goto(`${stack.url}/role-permission/add`);
      await phone.waitForURL('**/login');
      await phone.getByLabel('Email').fill(ADMIN.email);
      await phone.getByLabel(/^Password/).fill(ADMIN.password);
      await phone.getByRole('button', { name: 'Log In' }).click();
      await phone.waitForURL(/\/role-permission\/add$/);
      // The phone's menu opens over the page once it has loaded (open by default, a fresh browser): closed, as a
      // person closes it to work. Until then the page behind it is hidden from the roles the test finds it by.
      await phone.locator('table input[type="checkbox"]').first().waitFor({ state: 'attached' });
      const menu = phone.locator('.MuiDrawer-modal');
      await menu.waitFor({ state: 'visible' });
      await phone.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      const table = phone.getByRole('table', { name: 'Permissions' });
      const box = table.locator('xpath=..');
      const last = phone.getByRole('checkbox', { name: 'Gallery Videos Global Delete' });
      await last.waitFor({ state: 'attached' });
      const row = table.getByRole('row').filter({ has: last });
      const [feature, subFeature] = [row.getByRole('cell').nth(0), row.getByRole('cell').nth(1)];
      expect(await feature.innerText()).toBe('Gallery');
      expect(await subFeature.innerText()).toBe('Videos');
      await row.scrollIntoViewIfNeeded();
      if (SHOTS) await mkdir(SHOTS, { recursive: true });
      if (SHOTS) await phone.screenshot({ path: join(SHOTS, 'role-permission-matrix-390.png') });

      // The box scrolls sideways, the page does not.
      const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeGreaterThan(100);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
      if (SHOTS) await phone.screenshot({ path: join(SHOTS, 'role-permission-matrix-390-scrolled.png') });

      // The last box has come into sight, and the two names of its row are still at the box's left edge, on top.
      const edge = (await box.boundingBox())!;
      const lastBox = (await last.boundingBox())!;
      expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(edge.x + edge.width + 1);
      const featureBox = (await feature.boundingBox())!;
      const subFeatureBox = (await subFeature.boundingBox())!;
      expect(Math.abs(featureBox.x - edge.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(subFeatureBox.x - (featureBox.x + featureBox.width))).toBeLessThanOrEqual(1);
      for (const [cell, name] of [
        [feature, 'Gallery'],
        [subFeature, 'Videos'],
      ] as const) {
        const onTop = await cell.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return hit !== null && element.contains(hit);
        });
        expect(onTop, name).toBe(true);
      }
      // Ticking a box scrolled under them still works, and names the row in the box's label.
      await last.check();
      expect(await last.isChecked()).toBe(true);
    } finally {
      await phone.close();
    }
  });
});
