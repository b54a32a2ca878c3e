/**
 * The back-office sweep (issue 13): signed in as the Admin, in Chromium at 1400 px and at 390 px, every link of
 * the rendered sidebar (its groups opened, so a new entry is covered without editing this test), and each area's
 * Add and View screens that its list links to. On every screen: no sideways scroll of the page, no console error,
 * no failed request, and no serious or critical axe-core violation. A screenshot of each screen at each width goes
 * to $SWEEP_SHOTS (default /tmp/sweep), to be looked at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, hasChromium, type Stack } from './harness.ts';
import { settled, sidebarLinks, slug, startSweepStack, type SweepStack, type SweepWords } from './sweep-kit.ts';

const SHOTS = process.env.SWEEP_SHOTS ?? '/tmp/sweep';
/** Both widths; SWEEP_WIDTHS=390 walks one while a screen is being fixed. */
const WIDTHS = (process.env.SWEEP_WIDTHS ?? '1400,390').split(',').map(Number);

let stack: Stack;
let sweep: SweepStack | undefined;

/** English words for the data the sweep makes. */
const WORDS: SweepWords = {
  department: 'Library',
  departmentDescription: 'Books, manuscripts and the reading room.',
  designation: 'Head Librarian',
  designationDescription: 'Keeps the books',
  role: 'Librarian',
  responsibility: 'Lends and catalogues books',
  employee: 'Radhika Venkataraman Subramanian',
  user: 'Asha Verma',
  action: 'Ride booked',
  activity: 'Asha booked a ride to the station',
  country: 'India',
  state: 'Uttar Pradesh',
  city: 'Varanasi',
  newsTitle: 'Annual Sanskrit recitation on the ghats',
  newsBody: 'The students recited the Vedas at Assi Ghat.',
  donor: 'Kamala Devi',
  address: 'Assi Ghat, Varanasi',
  contactName: 'Sunita Devi',
  contactSubject: 'Admission for my son',
  contactMessage: 'Namaste. Is there a seat in class 6 this year?',
};

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
beforeAll(async () => {
  if (!hasChromium) return;
  sweep = await startSweepStack('sweep', WORDS);
  stack = sweep.stack;
}, 400_000);
afterAll(async () => {
  await sweep?.close();
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
