/**
 * The admin in a real browser against the real server: sign in, the dashboard, and countries created, searched,
 * edited and deleted through the generated screens, surviving a restart of the server; a list exported (Excel, and
 * a PDF of Hindi names read back with pdftotext) and a workbook imported.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { buffer } from 'node:stream/consumers';
import { readSheet, writeSheet, type SheetRow } from '../../src/server/services/spreadsheet/index.ts';
import {
  accessibilityProblems,
  ADMIN,
  adminToken,
  downloaded,
  hasChromium,
  startOwnStack,
  type OwnStack,
} from './harness.ts';

let stack: OwnStack;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: it restarts it, counts the dashboard's totals from an empty database, lists every country,
  // and changes the Admin's password.
  stack = await startOwnStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
});

/** The country list, with or without the list's own parameters in the address (react-admin writes them there). */
const COUNTRY_LIST = /\/master\/country(\?[^/]*)?$/;

const rowNames = (): Promise<string[]> => page.locator('table tbody tr td:nth-child(2)').allInnerTexts();

/** The list's names, once they settle on `expected` (the list re-renders as its request completes). */
const expectRows = (expected: string[]) => expect.poll(rowNames, { timeout: 15_000, interval: 100 }).toEqual(expected);

async function addCountry(name: string, code: string) {
  await page.getByRole('link', { name: 'Add Country' }).click();
  await page.waitForURL('**/master/country/add');
  await page.getByRole('textbox', { name: 'Country Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Country Code' }).fill(code);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(COUNTRY_LIST);
  await page.getByText(name, { exact: true }).first().waitFor();
}

describe.skipIf(!hasChromium)('admin in Chromium', () => {
  it('sends a visitor without a session to the login page, and back after signing in', async () => {
    await page.goto(`${stack.url}/master/country`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid email or password.').waitFor();

    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/master/country');
    await page.getByText('No countries found.').waitFor();
    // The session is an HttpOnly cookie: no script of the page can read it, and nothing is in localStorage.
    const session = (await page.context().cookies()).find((c) => c.name === 'session');
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    expect(await page.evaluate(() => document.cookie)).not.toContain(session!.value);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(session!.value);
  });

  it('shows the dashboard computed by the server', async () => {
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Monthly Donation Overview' }).waitFor();
    const card = (name: string) => page.getByRole('region', { name });
    await expect.poll(() => card('Total Users').innerText(), { timeout: 15_000 }).toContain('1');
    await expect(card('Donations').innerText()).resolves.toContain('₹0');
    await expect(card('Blog Posts').innerText()).resolves.toContain('0');
    await expect(card('Contact Messages').innerText()).resolves.toContain('0');
  });

  it('creates, searches, edits and deletes countries, 3 to a page', async () => {
    await page.goto(`${stack.url}/master/country`);
    await addCountry('India', 'IN');
    await addCountry('Indonesia', 'ID');
    await addCountry('Nepal', 'NP');
    await addCountry('Bhutan', 'BT');
    await expectRows(['Bhutan', 'India', 'Indonesia']);
    await page.getByRole('button', { name: 'Next' }).click();
    await expectRows(['Nepal']);

    // A duplicate code is refused with the server's sentence.
    await page.getByRole('link', { name: 'Add Country' }).click();
    await page.getByRole('textbox', { name: 'Country Name' }).fill('Nepal again');
    await page.getByRole('textbox', { name: 'Country Code' }).fill('np');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A country with this code already exists.').first().waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(COUNTRY_LIST);

    await page.getByPlaceholder('Search countries').fill('ind');
    await expectRows(['India', 'Indonesia']);

    await page
      .getByRole('row', { name: /India\b.*IN/ })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.waitForURL(/\/master\/country\/edit\/\d+$/);
    await page.getByRole('textbox', { name: 'Country Name' }).fill('Bharat');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(COUNTRY_LIST);
    await page.getByPlaceholder('Search countries').fill('');
    await expectRows(['Bharat', 'Bhutan', 'Indonesia']);

    await page
      .getByRole('row', { name: /Bhutan/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Are you sure you want to delete this country?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectRows(['Bharat', 'Indonesia', 'Nepal']);
  });

  it('keeps the countries across a restart of the server', async () => {
    await stack.restart();
    await page.goto(`${stack.url}/master/country`);
    await expectRows(['Bharat', 'Indonesia', 'Nepal']);
  });

  it('exports the list as it is searched, and the file holds the rows the screen shows', async () => {
    await page.goto(`${stack.url}/master/country`);
    await page.getByPlaceholder('Search countries').fill('ne');
    await expectRows(['Indonesia', 'Nepal']);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^countries-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows: SheetRow[] = [];
    for await (const row of readSheet(await downloaded(download), 'countries.xlsx', {
      maxRows: 100,
      maxInflatedBytes: 1e7,
    }))
      rows.push(row);
    expect(rows.map((row) => row.cells[1])).toEqual(['Country Name', 'Indonesia', 'Nepal']);
  });

  it('imports a workbook with two bad rows: the preview says which and why, and the valid row is added', async () => {
    // The workbook an office would send: one good row, a country without its code, one with a status it lacks.
    const workbook = await buffer(
      writeSheet(
        'xlsx',
        'Countries',
        ['Country Name', 'Country Code', 'Status'].map((header) => ({ header })),
        (async function* () {
          yield ['Atlantis', 'ATL', 'Active'];
          yield ['Lemuria', '', 'Active'];
          yield ['Mu', 'MUU', 'Sunken'];
        })(),
      ),
    );
    await page.goto(`${stack.url}/master/country`);
    await page.getByPlaceholder('Search countries').fill('');
    await expectRows(['Bharat', 'Indonesia', 'Nepal']);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('menuitem', { name: 'Import a file…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'countries.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook,
    });
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    await dialog.getByText('1 new').waitFor();
    await dialog.getByText('2 with errors').waitFor();
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(3);
    const rows = await dialog.locator('tbody tr').allInnerTexts();
    expect(rows[0]).toMatch(/^2\s+New\s+Atlantis/);
    expect(rows[1]).toMatch(/^3\s+Error/);
    expect(rows[1]).toMatch(/Country Code is required\./);
    expect(rows[1]).not.toMatch(/Country Code: Country Code/);
    expect(rows[2]).toMatch(/^4\s+Error/);
    expect(rows[2]).toMatch(/Sunken/);
    expect(await dialog.getByRole('radio', { name: /Import the valid rows only/ }).isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/e2e-import-preview.png' });
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm import' }).click();
    await dialog.getByText('Import finished: 1 added, 0 updated.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Three to a page (this stack's list): the new country first.
    await expectRows(['Atlantis', 'Bharat', 'Indonesia']);
  });

  it('exports Hindi department names as a PDF whose text reads back in order (pdftotext)', async () => {
    const token = await adminToken(stack);
    const unit = Date.now().toString(36);
    const names = [`पुस्तकालय ${unit}`, `संगीत विभाग ${unit}`];
    for (const name of names) {
      const res = await fetch(`${stack.url}/api/v2/departments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ department_name: name, description: 'हिंदी नाम' }),
      });
      expect(res.status).toBe(201);
    }
    await page.goto(`${stack.url}/department`);
    await page.getByPlaceholder('Search departments').fill(unit);
    await page.getByText(names[1]!).waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'PDF (.pdf)' }).click(),
    ]);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await downloaded(download) }).toString();
    for (const name of names) expect(text).toContain(name);
    expect(text.indexOf(names[0]!)).toBeLessThan(text.indexOf(names[1]!));
  });

  it('signs out for real', async () => {
    const session = (await page.context().cookies()).find((c) => c.name === 'session')!;
    expect(session.httpOnly).toBe(true);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const res = await fetch(`${stack.url}/api/v2/session`, { headers: { cookie: `session=${session.value}` } });
    expect(res.status).toBe(401);
    await page.goto(`${stack.url}/master/state`);
    await page.waitForURL('**/login');
  });

  it("shows the account's own page and changes its password, which ends the session", async () => {
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL('**/account');
    await page.getByText('This account is an administrator: it may do everything.').waitFor();
    await page.getByText(ADMIN.email).first().waitFor();

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(ADMIN.password);
    await form.getByLabel('New password', { exact: true }).fill('password123');
    await form.getByLabel('New password again').fill('password123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('This password is one of the most common passwords. Please choose another.').waitFor();

    const newPassword = 'a-much-better-secret-42';
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('New password again').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    // Back where the session ended.
    await page.waitForURL('**/account');
    await page.getByText('This account is an administrator: it may do everything.').waitFor();
  });
});
