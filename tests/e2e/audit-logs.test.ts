/**
 * The audit-log screens in a real browser against the real server: writes made over the API appear in the list
 * (newest first, the action filter, the search), the view shows the before/after table in the trust's time, a
 * correction is appended without changing the entry, and a manual note returns to the list.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: it reads the whole audit log, from empty.
  stack = await startOwnStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
});

/** A call to the API with the page's session; answers the status and body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: {
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
          'x-xsrf-token': decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? ''),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  );
}

const actions = (): Promise<string[]> => page.locator('table tbody tr td:nth-child(2)').allInnerTexts();
const expectActions = (expected: string[]) =>
  expect.poll(actions, { timeout: 15_000, interval: 100 }).toEqual(expected);

describe.skipIf(!hasChromium)('audit logs in Chromium', () => {
  let countryId: number;
  let updateId: number;

  it('lists the entries of writes made over the API, newest first, with the action filter and search', async () => {
    await page.goto(`${stack.url}/audit-logs`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/audit-logs');
    await page.getByText('No logs found.').waitFor();

    const created = await api('POST', '/api/v2/countries', { name: 'Kenya', code: 'KE' });
    expect(created.status).toBe(201);
    countryId = created.body.id;
    expect((await api('PUT', `/api/v2/countries/${countryId}`, { name: 'Republic of Kenya' })).status).toBe(200);
    const logs = await api('GET', `/api/v2/audit-logs?filter=${encodeURIComponent('{"action_type":"Update"}')}`);
    updateId = logs.body[0].id;

    await page.reload();
    await expectActions(['Update', 'Create']);
    const first = page.locator('table tbody tr').first();
    await expect
      .poll(() => first.locator('td').allInnerTexts())
      .toEqual([
        '1',
        'Update',
        'Countries',
        String(countryId),
        'Administrator',
        expect.stringMatching(/\d/),
        expect.stringMatching(/view/i),
      ]);

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Create' }).click();
    await expectActions(['Create']);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await expectActions(['Update', 'Create']);
    await page.getByPlaceholder('Search logs').fill('Republic');
    await expectActions(['Update']);
    await page.getByPlaceholder('Search logs').fill('');
    await expectActions(['Update', 'Create']);
  });

  it("shows an entry's changes as a before/after table in the trust's time", async () => {
    await page.locator('table tbody tr').first().getByRole('link', { name: 'View' }).click();
    await page.waitForURL(`**/audit-logs/view/${updateId}`);
    const table = page.getByRole('table', { name: 'Changes' });
    await expect
      .poll(() => table.locator('tbody tr').first().locator('th, td').allInnerTexts(), { timeout: 15_000 })
      .toEqual(['Country Name', 'Kenya', 'Republic of Kenya']);
    await page.getByText('No notes refer to this entry.').waitFor();
    // The server's time in the trust's zone (Asia/Kolkata by default): the page shows the same wall-clock time,
    // labelled with the zone (i18n/format.ts: "25 Nov 2026, 9:48 pm IST").
    const entry = await api('GET', `/api/v2/audit-logs/${updateId}`);
    expect(entry.body.date_time).toMatch(/\+05:30$/);
    const [, hour, minute] = /T(\d{2}):(\d{2})/.exec(entry.body.date_time)!;
    const hour12 = ((Number(hour) + 11) % 12) + 1;
    await page
      .getByText(new RegExp(`\\b0?(${Number(hour)}|${hour12}):${minute}\\s?(am|pm)? IST$`))
      .first()
      .waitFor();
  });

  it('appends a correction that refers to the entry and leaves the entry as it was', async () => {
    const before = await api('GET', `/api/v2/audit-logs/${updateId}`);
    await page.getByRole('link', { name: 'Correct' }).click();
    await page.waitForURL(`**/audit-logs/edit/${updateId}`);
    await page.getByText('An audit log entry is never changed.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Correction' }).fill('Renamed at the embassy’s request.');
    await page.getByRole('button', { name: 'Add Correction' }).click();
    await page.waitForURL(`**/audit-logs/view/${updateId}`);
    await page.getByText('Administrator: Renamed at the embassy’s request.').waitFor();
    expect(await api('GET', `/api/v2/audit-logs/${updateId}`)).toEqual(before);
  });

  it('records a manual note and returns to the list', async () => {
    await page.goto(`${stack.url}/audit-logs/add`);
    await page.getByRole('combobox', { name: 'Module' }).click();
    await page.getByRole('option', { name: 'Countries' }).click();
    await page.getByRole('spinbutton', { name: 'Record ID (optional)' }).fill(String(countryId));
    await page.getByRole('textbox', { name: 'Note' }).fill('Codes checked against ISO 3166.');
    await page.getByRole('button', { name: 'Save' }).click();
    // The list, its filter and search cleared (its parameters in the address), the new note first.
    await page.waitForURL(/\/audit-logs\?/);
    await expectActions(['Note', 'Note', 'Update']);
    const notes = await api('GET', `/api/v2/audit-logs?filter=${encodeURIComponent('{"q":"ISO 3166"}')}`);
    expect(notes.body).toHaveLength(1);
    expect(notes.body[0]).toMatchObject({ module: 'countries', record_id: countryId, refers_to_id: null });
  });

  it('shows a note saved while the list was filtered to Delete', async () => {
    await page.goto(`${stack.url}/audit-logs`);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Delete' }).click();
    await expect.poll(async () => (await actions()).every((action) => action === 'Delete')).toBe(true);
    await page.getByRole('link', { name: 'Add Note' }).click();
    await page.getByRole('combobox', { name: 'Module' }).click();
    await page.getByRole('option', { name: 'General' }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('Nothing was deleted this week.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/audit-logs\?/);
    await expectActions(['Note', 'Note', 'Note']);
  });

  it('names a referenced record by what it is called now, and a deleted one by its last name', async () => {
    const library = await api('POST', '/api/v2/departments', { department_name: 'Library', description: 'Books.' });
    const science = await api('POST', '/api/v2/departments', { department_name: 'Science', description: 'Labs.' });
    expect([library.status, science.status]).toEqual([201, 201]);
    const clerk = await api('POST', '/api/v2/designations', {
      designation: 'Lab Clerk',
      description: 'Keeps the labs.',
      department_id: library.body.id,
    });
    expect(clerk.status).toBe(201);
    const moved = await api('PUT', `/api/v2/designations/${clerk.body.id}`, { department_id: science.body.id });
    expect(moved.status).toBe(200);
    expect((await api('DELETE', `/api/v2/departments/${library.body.id}`)).status).toBe(200);
    const [update] = (
      await api(
        'GET',
        `/api/v2/audit-logs?filter=${encodeURIComponent(JSON.stringify({ module: 'designations', action_type: 'Update', record_id: clerk.body.id }))}`,
      )
    ).body;

    await page.goto(`${stack.url}/audit-logs/view/${update.id}`);
    const row = page.getByRole('table', { name: 'Changes' }).getByRole('row', { name: /Department/ });
    await expect
      .poll(() => row.innerText(), { timeout: 15_000 })
      .toMatch(
        new RegExp(
          `ID ${library.body.id}, since deleted \\(last called “Library”\\)\\s+Science \\(ID ${science.body.id}\\)`,
        ),
      );
    await page.getByText(`Lab Clerk (ID ${clerk.body.id})`).waitFor();
  });

  it("names a create's every column by its label and says its times in the trust's time, in English and Hindi", async () => {
    const [created] = (
      await api(
        'GET',
        `/api/v2/audit-logs?filter=${encodeURIComponent(JSON.stringify({ module: 'countries', action_type: 'Create', record_id: countryId }))}`,
      )
    ).body;
    await page.goto(`${stack.url}/audit-logs/view/${created.id}`);
    const table = page.getByRole('table', { name: 'Changes' });
    const cells = (label: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await cells('Country Name').waitFor();
    for (const label of ['ID', 'Created At', 'Updated At']) await cells(label).waitFor();
    expect(await cells('Created At').innerText()).toMatch(/IST$/);
    const text = await table.innerText();
    expect(text).not.toMatch(/created_at|updated_at|\d{4}-\d{2}-\d{2}T\d{2}/);

    await page.getByRole('button', { name: 'Language: हिन्दी' }).click();
    const hindiTable = page.getByRole('table', { name: 'बदलाव' });
    await hindiTable.getByRole('rowheader', { name: 'दर्ज करने की तिथि', exact: true }).waitFor();
    await hindiTable.getByRole('rowheader', { name: 'अपडेट की तिथि', exact: true }).waitFor();
    expect(await hindiTable.innerText()).not.toMatch(/created_at|updated_at|\d{4}-\d{2}-\d{2}T\d{2}/);
    // Back to English (the choice is kept on the account).
    await page.getByRole('button', { name: 'भाषा: English' }).click();
    await table.waitFor();
  });
});
