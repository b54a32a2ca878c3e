/**
 * Donations in a real browser against the real server: a donation marked Received gets its receipt number, its
 * receipt is downloaded as a PDF, it is cancelled with a reason, and Form 10BD is downloaded; axe-core finds no
 * serious or critical violation on these screens. With E2E_SCREENSHOTS=<dir>, each screen is saved there. On a
 * server of its own, a receipt issued under a registration that had expired: the dashboard's dates, the warning
 * before issuing, and what the receipt says.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  ADMIN,
  adminToken,
  dialogsSettled,
  downloaded,
  hasChromium,
  searchList,
  startOwnStack,
  startStack,
  uniqueTag,
  type OwnStack,
  type Stack,
} from './harness.ts';

let stack: Stack;
let page: Page;
let token: string;
const SHOTS = process.env.E2E_SCREENSHOTS;
/** The donor is this file's own: the server is shared. */
const DONOR = `Kamala Devi ${uniqueTag()}`;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
}

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  token = await adminToken(stack);
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(20_000);
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await stack?.close();
});

async function look(name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * The receipt number the next donation of 2026-27 marked Received takes: one after the highest issued so far (the
 * server is shared; on an empty database, 2026-27/000001).
 */
async function nextReceipt(): Promise<string> {
  const issued = await api('GET', '/api/v2/donations?range=[0,999]&fields=["id","receipt_no"]');
  expect(issued.status, issued.text).toBe(200);
  const rows = issued.body as { receipt_no: string | null }[];
  expect(rows.length, 'more donations than one page: read the others too').toBeLessThan(1000);
  const last = Math.max(
    0,
    ...rows.flatMap((row) => (row.receipt_no?.startsWith('2026-27/') ? [Number(row.receipt_no.slice(8))] : [])),
  );
  return `2026-27/${String(last + 1).padStart(6, '0')}`;
}

describe.skipIf(!hasChromium)('donations in Chromium', () => {
  let id: number;
  let receipt: string;

  it('marks a donation Received, which gives it the next receipt number of its financial year', async () => {
    const created = await api('POST', '/api/v2/donations', {
      donor_name: DONOR,
      amount: 150000,
      date: '2026-11-20T10:00:00+05:30',
      email: 'kamala@example.org',
      pan: 'ABCDE1234F',
      address: 'Assi Ghat, Varanasi',
    });
    expect(created.status, created.text).toBe(201);
    id = created.body.id;

    await page.goto(`${stack.url}/donation/edit/${id}`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`**/donation/edit/${id}`);

    await page.getByRole('combobox', { name: /^Status/ }).click();
    // The server alone cancels: the form offers Received and Pending only.
    await expect
      .poll(async () => (await page.getByRole('option').allTextContents()).filter((t) => t.trim() !== ''))
      .toEqual(['Received', 'Pending']);
    await page.getByRole('option', { name: 'Received' }).click();
    await page.getByLabel(/^Transaction ID/).fill('UTR2026112012345');
    receipt = await nextReceipt();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/donation');

    await page.goto(`${stack.url}/donation-view/${id}`);
    await page.getByText(receipt).waitFor();
    await look('donation-view-received');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('downloads its Hindi receipt from the list, as a page to print and as the server’s PDF', async () => {
    await page.goto(`${stack.url}/donation`);
    // Found by the list's search: the newest donations of the shared server come first.
    await searchList(page, 'Search by donor, reference or transaction ID', DONOR);
    const row = page.getByRole('row').filter({ hasText: DONOR });
    await row.getByRole('link', { name: 'Download Receipt' }).click();
    await page.waitForURL(`**/donation-receipt/${id}`);
    await page.getByText(receipt).first().waitFor();
    await page.getByText('₹1,50,000').first().waitFor();
    await page.getByText('एक लाख पचास हज़ार रुपये मात्र').first().waitFor();
    await page.getByRole('button', { name: 'Print / Save as PDF' }).waitFor();
    await look('donation-receipt-page');
    expect(await accessibilityProblems(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${receipt.replace('/', '-')}.pdf`);
    const pdf = await downloaded(download);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('keeps the receipt number and the date apart on a 390 px phone, on the page and in print', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      // The phone's menu drawer closed: open, it covers the page (and hides it from the accessibility tree).
      await page.evaluate(() => localStorage.setItem('RaStore.sidebar.open', 'false'));
      await page.goto(`${stack.url}/donation-receipt/${id}`);
      const number = page.locator('article span', { hasText: 'रसीद संख्या:' });
      const date = page.locator('article span', { hasText: 'दिनांक:' });
      await number.waitFor();
      const [a, b] = [(await number.boundingBox())!, (await date.boundingBox())!];
      // Either the date goes under the number, or a clear space stands between them: never "2026-27/000001दिनांक".
      const below = b.y >= a.y + a.height - 1;
      const apart = b.x - (a.x + a.width) >= 8;
      expect(below || apart, JSON.stringify({ a, b })).toBe(true);
      // Wherever the receipt number is written (the head and the foot), it stays on one line.
      const lines = await page.locator('article').evaluate((article, no) => {
        const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
        const found: number[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.indexOf(no) ?? -1;
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + no.length);
          found.push(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
        }
        return found;
      }, receipt);
      expect(lines).toEqual([1, 1]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByRole('article').screenshot({ path: '/tmp/donation-receipt-390.png' });
      expect(await accessibilityProblems(page)).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.setItem('RaStore.sidebar.open', 'true'));
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('cancels the receipted donation with a reason, keeping its number', async () => {
    await page.goto(`${stack.url}/donation-view/${id}`);
    await page.getByRole('button', { name: 'Cancel Donation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this donation?' });
    await dialog.getByText(`Receipt ${receipt} stays issued`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel Donation' }).click();
    await dialog.getByText('Please give the reason for cancelling, 3 to 500 characters.').waitFor();
    await dialog.getByLabel('Reason for Cancellation').fill('The cheque was returned by the bank.');
    await dialogsSettled(page);
    await look('donation-cancel-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel Donation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('The cheque was returned by the bank.').waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Cancel Donation' }).count()).toBe(0);
    const stored = await api('GET', `/api/v2/donations/${id}`);
    expect(stored.body).toMatchObject({ status: 'Cancelled', receipt_no: receipt });
  });

  it('downloads Form 10BD for a financial year', async () => {
    await api('POST', '/api/v2/tax-wordings', {
      from_year: '2026-27',
      act_name: 'आयकर अधिनियम, 2025',
      registration_section: '12AB',
      deduction_section: '80G',
      statement_form: 'फ़ॉर्म 10BD',
      certificate_form: 'फ़ॉर्म 10BE',
      receipt_note: 'यह दान कर-कटौती के योग्य है।',
    });
    const received = await api('POST', '/api/v2/donations', {
      donor_name: 'Gopal Sharma',
      amount: 5100,
      date: '2026-11-21T10:00:00+05:30',
      status: 'Received',
      pan: 'ZYXWV9876A',
    });
    expect(received.status, received.text).toBe(201);

    await page.goto(`${stack.url}/donation`);
    await page.getByRole('button', { name: 'Form 10BD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Statement of Donations (Form 10BD)' });
    await dialog.getByRole('combobox', { name: 'Financial Year' }).click();
    await page.getByRole('option', { name: '2026-27' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('form-10bd-2026-27.csv');
    const csv = (await downloaded(download)).toString('utf8');
    expect(csv).toContain('ZYXWV9876A');
    expect(csv).not.toContain('ABCDE1234F');
    await dialog.getByText('Form 10BD for 2026-27 downloaded.').waitFor();
    await dialogsSettled(page);
    await look('donation-form-10bd');
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});

/**
 * A receipt issued while the trust's registration had expired (valid until 31 March 2026, a donation of
 * 26 November 2026): the dashboard shows the Admin the dates, the form warns before the receipt is issued, and the
 * receipt says it, on the page and in the PDF. Its own server: it changes the trust's registration dates, which the
 * other files' receipts print.
 */
describe.skipIf(!hasChromium)('a receipt under an expired registration, in Chromium', () => {
  let own: OwnStack;
  let ownPage: Page;
  let ownToken: string;
  const fromToday = (days: number) =>
    new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${own.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ownToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
  };

  beforeAll(async () => {
    own = await startOwnStack();
    ownToken = await adminToken(own);
    ownPage = await own.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    ownPage.setDefaultTimeout(20_000);
    const settings = await call('PUT', '/api/v2/trust-settings/1', {
      name_hi: 'श्री विद्या प्रचारिणी न्यास',
      address: 'गुरुकुल मार्ग, वाराणसी 221001',
      pan: 'AAATS1234Q',
      registration_number: 'AAATS1234QE20214',
      registration_date: '2021-05-28',
      registration_valid_until: '2026-03-31',
      approval_number: 'AAATS1234QF20214',
      approval_date: '2021-05-28',
      approval_valid_until: fromToday(45),
      signatory: 'अनिल शर्मा, सचिव',
    });
    expect(settings.status, settings.text).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await own?.close();
  });

  it('shows the Admin on the dashboard the registration that has expired and the approval that runs out soon', async () => {
    await ownPage.goto(`${own.url}/login`);
    await ownPage.getByLabel('Email').fill(ADMIN.email);
    await ownPage.getByLabel(/^Password/).fill(ADMIN.password);
    await ownPage.getByRole('button', { name: 'Log In' }).click();
    await ownPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    const note = ownPage.getByRole('region', { name: 'Registration and Approval Dates' });
    await note.waitFor();
    const text = await note.innerText();
    expect(text).toContain('Registration (12A/12AB) AAATS1234QE20214: its validity ended on 31 Mar 2026');
    expect(text).toContain('Approval (80G) AAATS1234QF20214: valid until');
    expect(text).toContain('45 days from today.');
    await ownPage.screenshot({ path: '/tmp/dashboard-registration-dates.png', fullPage: true });
    expect(await accessibilityProblems(ownPage)).toEqual([]);
    await note.getByRole('link', { name: 'Open Trust Settings' }).click();
    await ownPage.waitForURL('**/settings');
  });

  it('warns before issuing, naming the registration and its dates, and issues once acknowledged', async () => {
    const created = await call('POST', '/api/v2/donations', {
      donor_name: 'Kamala Devi',
      amount: 125051,
      date: '2026-11-26T10:00:00+05:30',
      email: 'kamala@example.org',
      pan: 'ABCDE1234F',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;

    await ownPage.goto(`${own.url}/donation/edit/${id}`);
    await ownPage.getByRole('combobox', { name: /^Status/ }).click();
    await ownPage.getByRole('option', { name: 'Received' }).click();
    await ownPage.getByRole('button', { name: 'Save' }).click();
    const dialog = ownPage.getByRole('dialog', { name: 'Issue this receipt anyway?' });
    await dialog
      .getByText(
        'Registration (12A/12AB) AAATS1234QE20214 was valid until 31 Mar 2026: it had expired on the donation’s date, 26 Nov 2026.',
      )
      .waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Issue Receipt' }).isDisabled()).toBe(true);
    await dialogsSettled(ownPage);
    await ownPage.screenshot({ path: '/tmp/donation-issue-warning.png' });
    expect(await accessibilityProblems(ownPage)).toEqual([]);
    // Going back issues nothing.
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await call('GET', `/api/v2/donations/${id}`)).body.receipt_no).toBeNull();

    await ownPage.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('checkbox', { name: /I understand/ }).check();
    await dialog.getByRole('button', { name: 'Issue Receipt' }).click();
    await ownPage.waitForURL('**/donation');
    const issued = await call('GET', `/api/v2/donations/${id}`);
    expect(issued.body).toMatchObject({ status: 'Received', receipt_no: '2026-27/000001' });

    // The receipt says it, in Hindi, on the page and in the PDF; the page tells staff in their language.
    await ownPage.goto(`${own.url}/donation-receipt/${id}`);
    const line =
      'न्यास का पंजीकरण, संख्या AAATS1234QE20214, 31 मार्च 2026 तक वैध था: दान की तिथि 26 नवंबर 2026 को यह वैध नहीं था।';
    await ownPage.getByRole('article').getByText(line).waitFor();
    await ownPage.getByText('This receipt says that on the donation’s date:').waitFor();
    await ownPage.screenshot({ path: '/tmp/donation-receipt-lapsed.png', fullPage: true });
    expect(await accessibilityProblems(ownPage)).toEqual([]);
    const [download] = await Promise.all([
      ownPage.waitForEvent('download'),
      ownPage.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const pdf = await downloaded(download);
    const file = join(tmpdir(), `lapsed-receipt-${process.pid}.pdf`);
    await writeFile(file, pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').normalize('NFC');
    expect(text.replace(/\s+/g, ' ')).toContain(`ध्यान दें: ${line}`);
    execFileSync('pdftoppm', ['-r', '80', '-png', '-singlefile', file, '/tmp/donation-receipt-lapsed-pdf']);
  });
});
