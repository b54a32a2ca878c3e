/**
 * The back-office sweep (issue 13): signed in as the Admin, in Chromium at 1400 px and at 390 px, every link of
 * the rendered sidebar (its groups opened, so a new entry is covered without editing this test), and each area's
 * Add and View screens that its list links to. On every screen: no sideways scroll of the page, no console error,
 * no failed request, and no serious or critical axe-core violation. A screenshot of each screen at each width goes
 * to $SWEEP_SHOTS (default /tmp/sweep), to be looked at.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import {
  accessibilityProblems,
  ADMIN,
  adminToken,
  dialogsSettled,
  hasChromium,
  startStack,
  type Stack,
} from './harness.ts';

const SHOTS = process.env.SWEEP_SHOTS ?? '/tmp/sweep';
/** Both widths; SWEEP_WIDTHS=390 walks one while a screen is being fixed. */
const WIDTHS = (process.env.SWEEP_WIDTHS ?? '1400,390').split(',').map(Number);

let stack: Stack;
let token: string;

async function api(method: string, path: string, body?: unknown): Promise<{ id: number }> {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as { id: number };
}

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

/** A little real data, so that the lists show rows (and their actions) rather than their empty sentences. */
async function makeData(): Promise<void> {
  const department = await api('POST', '/api/v2/departments', {
    department_name: 'Library',
    description: 'Books, manuscripts and the reading room.',
  });
  const designation = await api('POST', '/api/v2/designations', {
    designation: 'Head Librarian',
    description: 'Keeps the books',
    department_id: department.id,
  });
  const role = await api('POST', '/api/v2/roles', {
    role_name: 'Librarian',
    responsibility: 'Lends and catalogues books',
    department_id: department.id,
    designation_id: designation.id,
  });
  await api('POST', '/api/v2/role-permissions', {
    role_id: role.id,
    permissions: { 'Master Data': { Countries: { Global: { View: true } } } },
  });
  await api('POST', '/api/v2/employees', {
    full_name: 'Radhika Venkataraman Subramanian',
    email: 'radhika.venkataraman@example.org',
    password: 'a-long-password-1',
    mobile: '9876543210',
    gender: 'Female',
    dob: '1991-04-12',
    hire_date: '2024-06-01',
    salary: 30000,
    contract_start_date: '2024-06-01',
    contract_last_date: '2027-05-31',
    role: 'user',
    permissions: {},
    department_id: department.id,
    designation_id: designation.id,
  });
  const user = (await api('POST', '/api/v2/users', {
    username: 'Asha Verma',
    email: 'asha.verma@example.org',
    user_type: 'Client',
    is_active: true,
    password: 'a-long-password-1',
  })) as unknown as { account_id: number };
  await api('POST', '/api/v2/activities', {
    account_id: user.account_id,
    ride_id: 42,
    action: 'Ride booked',
    description: 'Asha booked a ride to the station',
    occurred_at: '2026-11-20T09:15:00+05:30',
    status: 'Pending',
  });
  const country = await api('POST', '/api/v2/countries', { name: 'India', code: 'IN' });
  const state = await api('POST', '/api/v2/states', { name: 'Uttar Pradesh', country_id: country.id });
  await api('POST', '/api/v2/cities', { name: 'Varanasi', state_id: state.id, country_id: country.id });
  await api('POST', '/api/v2/news', {
    title: 'Annual Sanskrit recitation on the ghats',
    content: '<p>The students recited the Vedas at Assi Ghat.</p>',
    publish_date: '2026-01-11',
    status: 'Active',
  });
  await api('POST', '/api/v2/donations', {
    donor_name: 'Kamala Devi',
    amount: 150000,
    date: '2026-11-20T10:00:00+05:30',
    email: 'kamala@example.org',
    pan: 'ABCDE1234F',
    address: 'Assi Ghat, Varanasi',
  });
  // A password reset for the employee: the server writes its email to the outbox.
  const reset = await fetch(`${stack.url}/api/v1/forgotPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'radhika.venkataraman@example.org' }),
  });
  if (reset.status !== 200) throw new Error(`forgotPassword: ${reset.status}`);
  await post('/api/public/contact', {
    name: 'Sunita Devi',
    email: 'sunita@example.org',
    phone: '9812345678',
    subject: 'Admission for my son',
    message: 'Namaste. Is there a seat in class 6 this year?',
  });
}

interface Problems {
  console: string[];
  requests: string[];
}

/** Records the page's console errors, uncaught errors, failed requests and 4xx/5xx answers from now on. */
function watch(page: Page): Problems {
  const problems: Problems = { console: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Known (issue 13 item 10, another engineer's): the sign-in form asks GET /api/v2/session while signed out and
    // Chromium logs the 401. Only that request, only on the sign-in page, is let through.
    const at = message.location().url;
    if (/\/api\/v2\/session$/.test(at) && page.url().includes('/login') && message.text().includes('401')) return;
    problems.console.push(`${page.url()}: ${message.text()} (${at})`);
  });
  page.on('pageerror', (error) => problems.console.push(`${page.url()}: uncaught ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.requests.push(
      `${page.url()}: ${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`,
    ),
  );
  page.on('response', (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    if (url.pathname === '/api/v2/session' && response.status() === 401 && page.url().includes('/login')) return;
    problems.requests.push(
      `${page.url()}: ${response.request().method()} ${response.url()} answered ${response.status()}`,
    );
  });
  return problems;
}

/** Until the screen has loaded: no request in flight, no progress bar, no skeleton. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root').length === 0 &&
      document.querySelector('#main-content, main') !== null,
  );
  await dialogsSettled(page);
  // Transitions (a drawer closing, a collapse opening) end within MUI's 225 ms.
  await page.waitForTimeout(300);
}

/** Opens every collapsed group of the sidebar, then reads its links' paths, in order. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const sidebar = page.locator('#app-sidebar');
  for (;;) {
    const closed = sidebar.locator('[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const hrefs = await sidebar.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

const slug = (path: string) => (path === '/' ? 'dashboard' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-'));

interface Finding {
  path: string;
  overflow?: string;
  axe?: string[];
  console?: string[];
  requests?: string[];
}

/** Opens a screen, waits for it, screenshots it and returns what is wrong on it. */
async function check(page: Page, problems: Problems, path: string, width: number): Promise<Finding> {
  problems.console.length = 0;
  problems.requests.length = 0;
  await page.goto(`${stack.url}${path}`);
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${width}/${slug(path)}.png`, fullPage: true });
  const finding: Finding = { path };
  const sizes = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: window.innerWidth,
    // The innermost elements sticking out past the window's right edge, to say where an overflow comes from.
    culprits: [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 1 &&
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)} "${(element.textContent ?? '').slice(0, 40)}"`,
      ),
  }));
  if (sizes.scroll > sizes.inner)
    finding.overflow = `${sizes.scroll} px wide in ${sizes.inner}: ${sizes.culprits.join(', ')}`;
  const axe = await accessibilityProblems(page);
  if (axe.length) finding.axe = axe;
  if (problems.console.length) finding.console = [...problems.console];
  if (problems.requests.length) finding.requests = [...problems.requests];
  return finding;
}

const isClean = (finding: Finding) => Object.keys(finding).length === 1;

/**
 * The sweep's own copy of the built app: the walk takes minutes, and another build of the shared checkout swapped
 * into dist/admin meanwhile would leave the open pages asking for chunks that are gone.
 */
let appCopy: string | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  buildIfStale();
  appCopy = mkdtempSync(join(tmpdir(), 'sweep-admin-'));
  cpSync('dist/admin', appCopy, { recursive: true });
  stack = await startStack({ env: { STATIC_DIR: appCopy } });
  token = await adminToken(stack);
  await makeData();
}, 400_000);
afterAll(async () => {
  await stack?.close();
  if (appCopy) rmSync(appCopy, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)('the back-office sweep', () => {
  let links: string[] = [];

  for (const width of WIDTHS) {
    it(`every screen of the sidebar at ${width} px: fits, no console error, no failed request, axe clean`, async () => {
      mkdirSync(`${SHOTS}/${width}`, { recursive: true });
      const context = await stack.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const problems = watch(page);
      try {
        await page.goto(`${stack.url}/login`);
        await page.getByLabel('Email').fill(ADMIN.email);
        await page.getByLabel(/^Password/).fill(ADMIN.password);
        await page.getByRole('button', { name: 'Log In' }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        await settled(page);

        // On a phone the sidebar is a drawer over the page: open it if it is closed, read it, close it.
        const toggle = page.locator('[data-sidebar-toggle]');
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        const found = await sidebarLinks(page);
        // The Login link signs out first (issue 13 item 10); walking it would end the sweep's session.
        const walk = found.filter((path) => path !== '/login');
        expect(walk.length).toBeGreaterThan(20);
        if (links.length === 0) links = walk;
        // The phone's drawer offers the same screens as the desktop's sidebar.
        else expect(walk).toEqual(links);
        if (width < 600) {
          await page.keyboard.press('Escape');
          await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        }

        const findings: Finding[] = [];
        const extra = new Set<string>();
        for (const path of walk) {
          findings.push(await check(page, problems, path, width));
          // The area's Add screen and its first record's View screen, when the list links to them.
          const more = await page
            .locator('#main-content a[href]')
            .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
          const add = more.find((href) => /\/(add|create)$/.test(href));
          const view = more.find((href) => /\/(view|profile)\/[^/]+$/.test(href));
          for (const next of [add, view]) if (next && !walk.includes(next)) extra.add(next);
        }
        // The header's own screens: the bell's View More and the profile menu's My Profile.
        for (const path of ['/notifications', '/account']) extra.add(path);
        for (const path of extra) findings.push(await check(page, problems, path, width));
        console.log(`sweep ${width} px: ${findings.length} screens, screenshots in ${SHOTS}/${width}`);
        expect(findings.filter((finding) => !isClean(finding))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600_000);
  }
});
