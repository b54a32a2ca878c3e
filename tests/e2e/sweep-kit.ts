/**
 * What the two sweeps share (sweep.test.ts, every screen at two widths; hindi-sweep.test.ts, every screen in Hindi):
 * a stack of their own on a copy of the built app (another build of the shared checkout then pulls no chunk away),
 * a little real data made through the API in the words each gives (English, or Devanagari only, since the Hindi
 * sweep fails on any Latin word), and the walk's helpers.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildIfStale } from '../../scripts/build-if-stale.ts';
import { adminToken, dialogsSettled, startStack, type Stack } from './harness.ts';

/** The words of the records the sweeps make; codes, emails, numbers and dates are the same in both. */
export interface SweepWords {
  department: string;
  departmentDescription: string;
  designation: string;
  designationDescription: string;
  role: string;
  responsibility: string;
  employee: string;
  user: string;
  action: string;
  activity: string;
  country: string;
  state: string;
  city: string;
  newsTitle: string;
  newsBody: string;
  donor: string;
  address: string;
  contactName: string;
  contactSubject: string;
  contactMessage: string;
}

export interface SweepStack {
  stack: Stack;
  close(): Promise<void>;
}

/** The built app (built first when stale) served from a copy of its own, with the data of `words` in it. */
export async function startSweepStack(name: string, words: SweepWords): Promise<SweepStack> {
  buildIfStale();
  const appCopy = mkdtempSync(join(tmpdir(), `${name}-admin-`));
  cpSync('dist/admin', appCopy, { recursive: true });
  const stack = await startStack({ env: { STATIC_DIR: appCopy } });
  try {
    await makeData(stack, await adminToken(stack), words);
  } catch (error) {
    await stack.close();
    throw error;
  }
  return {
    stack,
    async close() {
      await stack.close();
      rmSync(appCopy, { recursive: true, force: true });
    },
  };
}

/** A little real data, so that the lists show rows (and their actions) rather than their empty sentences. */
async function makeData(stack: Stack, token: string, words: SweepWords): Promise<void> {
  const send = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 201 && res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${text}`);
    return text;
  };
  const api = async (path: string, body: unknown) =>
    JSON.parse(await send(path, body, { authorization: `Bearer ${token}` })) as { id: number; account_id: number };

  const department = await api('/api/v2/departments', {
    department_name: words.department,
    description: words.departmentDescription,
  });
  const designation = await api('/api/v2/designations', {
    designation: words.designation,
    description: words.designationDescription,
    department_id: department.id,
  });
  const role = await api('/api/v2/roles', {
    role_name: words.role,
    responsibility: words.responsibility,
    department_id: department.id,
    designation_id: designation.id,
  });
  await api('/api/v2/role-permissions', {
    role_id: role.id,
    permissions: { 'Master Data': { Countries: { Global: { View: true } } } },
  });
  await api('/api/v2/employees', {
    full_name: words.employee,
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
  const user = await api('/api/v2/users', {
    username: words.user,
    email: 'asha.verma@example.org',
    user_type: 'Client',
    is_active: true,
    password: 'a-long-password-1',
  });
  await api('/api/v2/activities', {
    account_id: user.account_id,
    ride_id: 42,
    action: words.action,
    description: words.activity,
    occurred_at: '2026-11-20T09:15:00+05:30',
    status: 'Pending',
  });
  const country = await api('/api/v2/countries', { name: words.country, code: 'IN' });
  const state = await api('/api/v2/states', { name: words.state, country_id: country.id });
  await api('/api/v2/cities', { name: words.city, state_id: state.id, country_id: country.id });
  await api('/api/v2/news', {
    title: words.newsTitle,
    content: `<p>${words.newsBody}</p>`,
    publish_date: '2026-01-11',
    status: 'Active',
  });
  await api('/api/v2/donations', {
    donor_name: words.donor,
    amount: 150000,
    date: '2026-11-20T10:00:00+05:30',
    email: 'kamala@example.org',
    pan: 'ABCDE1234F',
    address: words.address,
  });
  // A password reset for the employee: the server writes its email to the outbox.
  await send('/api/v1/forgotPassword', { email: 'radhika.venkataraman@example.org' });
  await send('/api/public/contact', {
    name: words.contactName,
    email: 'sunita@example.org',
    phone: '9812345678',
    subject: words.contactSubject,
    message: words.contactMessage,
  });
}

/** Until the screen has loaded: no request in flight, no progress bar, no skeleton. */
export async function settled(page: Page): Promise<void> {
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
export async function sidebarLinks(page: Page): Promise<string[]> {
  const sidebar = page.locator('#app-sidebar');
  // Just after signing in, the sign-in form stays on screen until the back-office's script has come.
  await sidebar.waitFor();
  for (;;) {
    const closed = sidebar.locator('[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const hrefs = await sidebar.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

/** A screen's path as a file name for its screenshot. */
export const slug = (path: string) =>
  path === '/' ? 'dashboard' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
