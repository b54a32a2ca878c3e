/**
 * What the sweeps of sweep.test.ts walk with: the data they make through the API in the words each gives (Devanagari
 * only for the Hindi walk, which fails on any Latin word; English for the English walks, added after the Hindi one),
 * waiting for a screen to settle, and the sidebar's links.
 */
import type { Page, Request } from 'playwright-core';
import type { Stack } from './harness.ts';

/** The words of the records the sweeps make; emails, numbers and dates are alike in both. */
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
  /** A country's code is unique on a server: each language's country has its own. */
  countryCode: string;
  state: string;
  city: string;
  newsTitle: string;
  newsBody: string;
  donor: string;
  address: string;
  contactName: string;
  contactSubject: string;
  contactMessage: string;
  /** Put before the @ of each email address (an account's email is unique on a server). */
  emailSuffix: string;
}

/** A little real data, so that the lists show rows (and their actions) rather than their empty sentences. */
export async function makeData(stack: Pick<Stack, 'url'>, token: string, words: SweepWords): Promise<void> {
  const email = (name: string) => `${name}${words.emailSuffix}@example.org`;
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
    email: email('radhika.venkataraman'),
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
    email: email('asha.verma'),
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
  const country = await api('/api/v2/countries', { name: words.country, code: words.countryCode });
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
    email: email('kamala'),
    pan: 'ABCDE1234F',
    address: words.address,
  });
  // A password reset for the employee: the server writes its email to the outbox.
  await send('/api/v1/forgotPassword', { email: email('radhika.venkataraman') });
  await send('/api/public/contact', {
    name: words.contactName,
    email: email('sunita'),
    phone: '9812345678',
    subject: words.contactSubject,
    message: words.contactMessage,
  });
}

/** The requests a page has in flight, and how many it has started: what `settled` waits on. */
interface Traffic {
  pending: Set<Request>;
  started: number;
  /** Resolves once nothing is in flight. */
  idle(): Promise<void>;
}

const traffic = new WeakMap<Page, Traffic>();

/** Starts counting `page`'s requests; call it before the page's first navigation. */
export function watchTraffic(page: Page): Traffic {
  const known = traffic.get(page);
  if (known) return known;
  const waiting: (() => void)[] = [];
  const watched: Traffic = {
    pending: new Set(),
    started: 0,
    idle: () => (watched.pending.size === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
  const done = (request: Request) => {
    watched.pending.delete(request);
    if (watched.pending.size === 0) for (const resolve of waiting.splice(0)) resolve();
  };
  page.on('request', (request) => {
    watched.pending.add(request);
    watched.started += 1;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  traffic.set(page, watched);
  return watched;
}

/** How long a screen must stay still, its network quiet, to count as loaded. */
const STILL_MS = 150;

/**
 * Until the screen has loaded and stopped moving: no request in flight or started, and for STILL_MS on end no progress
 * bar (react-admin's loading indicator is one while any query runs), no skeleton, its main content there, every dialog
 * faded in, and no CSS transition running (a drawer closing, a collapse opening). What Playwright's network idle waits
 * for, without its fixed 500 ms.
 */
export async function settled(page: Page): Promise<void> {
  const watched = watchTraffic(page);
  for (let round = 0; ; round++) {
    await withTimeout(watched.idle(), 20_000, `${page.url()}: requests still in flight after 20 s`);
    const started = watched.started;
    const token = `${Date.now()}-${round}`;
    await page.waitForFunction(
      ({ token, stillMs }) => {
        const still =
          document.readyState === 'complete' &&
          document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root').length === 0 &&
          document.querySelector('#main-content, main') !== null &&
          [...document.querySelectorAll('.MuiDialog-container')].every(
            (element) => getComputedStyle(element).opacity === '1',
          ) &&
          document.getAnimations().every((animation) => !(animation instanceof CSSTransition));
        const since = window as unknown as Record<string, number | undefined>;
        if (!still) {
          since[token] = undefined;
          return false;
        }
        since[token] ??= performance.now();
        return performance.now() - since[token] >= stillMs;
      },
      { token, stillMs: STILL_MS },
      { polling: 'raf' },
    );
    if (watched.pending.size === 0 && watched.started === started) return;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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

/** The hrefs of the links in the screen's main content. */
export const mainLinks = (page: Page): Promise<string[]> =>
  page.locator('#main-content a[href]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));

/** A screen's path as a file name for its screenshot. */
export const slug = (path: string) =>
  path === '/' ? 'dashboard' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
