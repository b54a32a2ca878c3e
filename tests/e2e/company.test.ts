/**
 * The department and designation screens in a real browser against the real server, through the admin's
 * legacy-v1 provider on /api/v1: add (with the delayed return to the list), pages of 3, the filter dropdown
 * built from the names that exist, the 'Has Related Designations' badge and its blocked delete, designations
 * with their department's name, edit from the row (navigation state), and delete.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: it reads the whole department and designation lists, from empty, and the filter built from
  // every name that exists.
  stack = await startOwnStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
});

const names = (): Promise<string[]> =>
  page.locator('table tbody tr td:nth-child(2) [data-testid="department-name"]').allInnerTexts();
const expectDepartments = (expected: string[]) =>
  expect.poll(names, { timeout: 15_000, interval: 100 }).toEqual(expected);
const designations = (): Promise<string[]> => page.locator('table tbody tr td:nth-child(2)').allInnerTexts();

/** Creates a department over the API with the page's session (quicker than the form, which the first test uses). */
async function createDepartment(departmentName: string, description: string) {
  const status = await page.evaluate(
    async ([name, text]) => {
      const res = await fetch('/api/v1/createDepartment', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? ''),
        },
        body: JSON.stringify({ departmentName: name, description: text }),
      });
      return res.status;
    },
    [departmentName, description],
  );
  expect(status).toBe(201);
}

/** A field's own sentence under its input (the form's alert repeats the first problem above the form). */
const fieldError = (sentence: string) => page.locator('.MuiFormHelperText-root', { hasText: sentence });

describe.skipIf(!hasChromium)('departments and designations in Chromium', () => {
  it('adds a department through the form and returns to the list after the message', async () => {
    await page.goto(`${stack.url}/department`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/department');
    await page.getByText('No departments found.').waitFor();

    await page.getByRole('link', { name: 'Add Department' }).click();
    await page.waitForURL('**/department/add');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError('Department Name is required.').waitFor();
    await page.getByRole('textbox', { name: 'Department Name' }).fill('HR');
    await page.getByRole('textbox', { name: 'Description' }).fill('Hiring and staff welfare.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Department added successfully.').waitFor();
    expect(page.url()).toMatch(/\/department\/add$/);
    await page.waitForURL(/\/department$/);
    await expectDepartments(['HR']);
  });

  it('pages 3 at a time and filters by the names that exist', async () => {
    await createDepartment('IT', 'Computers and network.');
    await createDepartment('Finance', 'Accounts and donations.');
    await createDepartment('Library', 'Books.');
    await page.reload();
    await expectDepartments(['HR', 'IT', 'Finance']);
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await expectDepartments(['Library']);

    await page.getByRole('button', { name: 'Filter: All' }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'All',
      'HR',
      'IT',
      'Finance',
      'Library',
      'Cancel',
    ]);
    await page.getByRole('menuitem', { name: 'Finance' }).click();
    await expectDepartments(['Finance']);
    await page.getByRole('button', { name: 'Filter: Finance' }).click();
    await page.getByRole('menuitem', { name: 'All' }).click();
    await expectDepartments(['HR', 'IT', 'Finance']);

    await page.getByPlaceholder('Search departments').fill('books');
    await expectDepartments(['Library']);
    await page.getByPlaceholder('Search departments').fill('');
    await expectDepartments(['HR', 'IT', 'Finance']);
  });

  it("adds a designation in a department chosen from the server's list, shown with the department's name", async () => {
    await page.goto(`${stack.url}/designation`);
    await page.getByText('No designations found.').waitFor();
    await page.getByRole('link', { name: 'Add Designation' }).click();
    await page.waitForURL('**/designation/add');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError('Please select a department.').waitFor();
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'IT' }).click();
    await page.getByRole('textbox', { name: 'Designation Name' }).fill('Software Engineer');
    await page.getByRole('textbox', { name: 'Description' }).fill('Builds software.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Designation added successfully.').waitFor();
    await page.waitForURL(/\/designation$/);
    await expect.poll(designations, { timeout: 15_000 }).toEqual(['Software Engineer']);
    expect(await page.locator('table tbody tr td:nth-child(3)').allInnerTexts()).toEqual(['IT']);
  });

  it('shows the badge, refuses to delete a department with designations, and deletes one without', async () => {
    await page.goto(`${stack.url}/department`);
    await expectDepartments(['HR', 'IT', 'Finance']);
    const itRow = page.getByRole('row', { name: /^\s*2\s*IT/ });
    await expect.poll(() => itRow.getByText('Has Related Designations').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('Has Related Designations').count()).toBe(1);

    await itRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This department has designations assigned to it. Please remove them first.').waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close' }).click();

    await page
      .getByRole('row', { name: /Finance/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Are you sure you want to delete this department?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectDepartments(['HR', 'IT', 'Library']);
  });

  it('edits a department from its row and returns to the list', async () => {
    await page
      .getByRole('row', { name: /Library/ })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.waitForURL(/\/department\/edit$/);
    const name = page.getByRole('textbox', { name: 'Department Name' });
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('Library');
    // The record is read again from the server after the state's copy: let that land before changing the form.
    await page.waitForLoadState('networkidle');
    await name.fill('');
    await expect.poll(() => name.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Update' }).click();
    await fieldError('Department Name is required!').waitFor();
    await name.fill('Reading Room');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Department updated successfully.').waitFor();
    await page.waitForURL(/\/department$/);
    await expectDepartments(['HR', 'IT', 'Reading Room']);
  });
});
