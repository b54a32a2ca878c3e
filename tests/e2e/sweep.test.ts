/**
 * The back-office sweeps, signed in as the Admin in Chromium: every link of the rendered sidebar (its groups
 * opened, so a new entry is covered without editing this test), and the Add, View (and, in Hindi, Edit) screens that
 * each list links to, plus the header's own screens. On a server of their own, whose data they make: the Hindi walk
 * first, on data in Devanagari only; then the English data is added and the English walk follows.
 *
 * Two walks, each screen opened once per walk (the first loaded, the others routed to within the app: open below):
 * - In Hindi, at 1400 px: the visible text (the page's innerText, what its form fields hold, and the aria-label,
 *   title and placeholder of visible elements) is read and every Latin word of three letters or more that is not in
 *   ALLOWED fails the test, listed as page → words; and the checks below. Screenshots go to $HINDI_SWEEP_SHOTS
 *   (default /tmp/hindi-sweep).
 * - In English, at 390 px (a phone, where a screen is likeliest not to fit): the checks below. Screenshots go to
 *   $SWEEP_SHOTS/390 (default /tmp/sweep); SWEEP_WIDTHS=1400,390 walks English at those widths too.
 *
 * The checks, on every screen of both walks: no sideways scroll of the page, no console error, no failed request,
 * and no serious or critical axe-core violation. The desktop's checks run on the Hindi screens, whose words are the
 * longer of the two languages', so that each screen is not loaded a third time (docs/performance.md, CI).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, adminToken, hasChromium, startOwnStack, type OwnStack } from './harness.ts';
import { mainLinks, makeData, settled, sidebarLinks, slug, watchTraffic, type SweepWords } from './sweep-kit.ts';

const SHOTS = process.env.SWEEP_SHOTS ?? '/tmp/sweep';
const HINDI_SHOTS = process.env.HINDI_SWEEP_SHOTS ?? '/tmp/hindi-sweep';
/** The English walk's widths (the desktop's checks run in the Hindi walk). */
const WIDTHS = (process.env.SWEEP_WIDTHS ?? '390').split(',').map(Number);

let stack: OwnStack;
/** The sidebar's screens as the Hindi walk found them at 1400 px. */
let sidebar: string[] = [];

/**
 * Latin words that may stay on a Hindi screen (compared without regard to case). Email addresses and web
 * addresses are data and are taken out of the text before it is read.
 */
const ALLOWED = new Set(
  [
    // The Admin's own account, made by the server from its environment: its name.
    'Administrator',
    // Codes and names staff say as they are (a time's zone is not named in Hindi: src/resources/times.ts).
    'PDF',
    'CSV',
    'PAN',
    'URL',
    'UPI',
    'IFSC',
    'SMTP',
    'https',
    'http',
    // "Form 10BD", the income-tax form's name.
    'Form',
    // Image formats the photo input accepts, as their files are called.
    'JPEG',
    'PNG',
    'WebP',
    // The password rules' example of a common password, quoted as it is typed.
    'qwertyuiop',
    // A value of the trust's settings: the office hours the form starts with (the declaration's default, kept as the
    // trust writes it), "9:00 AM - 6:00 PM, Mon - Sat".
    'Mon',
    'Sat',
    // The language button offers English in its own name.
    'English',
  ].map((word) => word.toLowerCase()),
);

/**
 * Records the server writes in English and keeps as they were written (they are data once stored, and the spec
 * gives their English): the audit log's name for the public website, and the outbox's copy of the reset email to a
 * person who has chosen no language, whose subject is in Hindi and then in English (services/email-language.ts). The
 * activity log's and the notifications' sentences are not here: the admin says them in Hindi from their keys
 * (src/resources/sentences.ts). Taken out of the text as whole phrases, so the same words elsewhere still count.
 */
const SERVER_RECORDS = [
  /\bPublic website\b/g,
  /\bReset your [^\n]*? password\b/g,
  // A donation's category when staff give none: the declaration's default, stored as the value, which the receipt
  // prints as 'सामान्य कोष (General Fund)' (receipt-document.ts). The show and edit screens show the stored value.
  /\bGeneral Fund\b/g,
];

/** The data of the Hindi walk, in Devanagari only: a Latin word on a screen is then a word left in English. */
const HINDI_WORDS: SweepWords = {
  department: 'पुस्तकालय',
  departmentDescription: 'पुस्तकें, पांडुलिपियाँ और वाचनालय।',
  designation: 'मुख्य पुस्तकालयाध्यक्ष',
  designationDescription: 'पुस्तकों की देखभाल',
  role: 'पुस्तकालयाध्यक्ष',
  responsibility: 'पुस्तकें देना और सूचीबद्ध करना',
  employee: 'राधिका वेंकटरमन',
  user: 'आशा वर्मा',
  action: 'सवारी बुक की गई',
  activity: 'आशा ने स्टेशन के लिए सवारी बुक की',
  country: 'भारत',
  countryCode: 'BH',
  state: 'उत्तर प्रदेश',
  city: 'वाराणसी',
  newsTitle: 'घाटों पर वार्षिक संस्कृत पाठ',
  newsBody: 'विद्यार्थियों ने अस्सी घाट पर वेद पाठ किया।',
  donor: 'कमला देवी',
  address: 'अस्सी घाट, वाराणसी',
  contactName: 'सुनीता देवी',
  contactSubject: 'मेरे बेटे का प्रवेश',
  contactMessage: 'नमस्ते। क्या इस वर्ष कक्षा छह में स्थान है?',
  emailSuffix: '.hi',
};

/** English words for the data of the English walks, added after the Hindi walk. */
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
  countryCode: 'IN',
  state: 'Uttar Pradesh',
  city: 'Varanasi',
  newsTitle: 'Annual Sanskrit recitation on the ghats',
  newsBody: 'The students recited the Vedas at Assi Ghat.',
  donor: 'Kamala Devi',
  address: 'Assi Ghat, Varanasi',
  contactName: 'Sunita Devi',
  contactSubject: 'Admission for my son',
  contactMessage: 'Namaste. Is there a seat in class 6 this year?',
  emailSuffix: '',
};

/** What a person sees or hears on the screen: its text, and the labels, titles and placeholders of what is visible. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    // What a form's fields hold is on screen too (innerText leaves it out); a password is not read, nor the
    // transparent input under a select that holds its value for the form (the select shows it in words).
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      const shown =
        field.type !== 'password' &&
        field.type !== 'hidden' &&
        field.getAttribute('aria-hidden') !== 'true' &&
        field.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      if (shown) parts.push(field.value);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

/** Latin words of three letters or more in `text` that are not allowed, email and web addresses left out. */
function leftovers(text: string): string[] {
  const words = SERVER_RECORDS.reduce((rest, phrase) => rest.replace(phrase, ' '), text)
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .match(/\b[A-Za-z]{3,}\b/g);
  return [...new Set((words ?? []).filter((word) => !ALLOWED.has(word.toLowerCase())))];
}

/** Signs in as the Admin on the sign-in screen, in English or (choosing it there first) in Hindi. */
async function signIn(page: Page, language: 'en' | 'hi'): Promise<void> {
  await page.goto(`${stack.url}/login`);
  if (language === 'hi') {
    await page.getByRole('button', { name: /हिन्दी/ }).click();
    await page.getByRole('heading', { name: 'लॉग इन' }).waitFor();
  }
  await page.locator('#login-email').fill(ADMIN.email);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: language === 'hi' ? /लॉग इन करें/ : /^Log In$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await settled(page);
}

/**
 * Their own server: the Hindi walk needs data in Devanagari only, and the walks take minutes, during which the shared
 * server's data would change under them.
 */
beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startOwnStack();
  await makeData(stack, await adminToken(stack), HINDI_WORDS);
}, 400_000);
afterAll(async () => {
  await stack?.close();
});

describe('what the sweep counts as a word left in English', () => {
  it('is a Latin word of three letters or more that is not data, a record of the server or allowed', () => {
    expect(leftovers('कर शब्दावली Tax Wording, 12A/12AB, ABCDE1234F, IN')).toEqual(['Tax', 'Wording']);
    expect(leftovers('radhika@example.org https://example.org/a Reset your Trust School password Save')).toEqual([
      'Save',
    ]);
    expect(leftovers('4:58 am IST · Signed in as Admin.')).toEqual(['IST', 'Signed', 'Admin']);
  });
});

describe.skipIf(!hasChromium)('the back-office in Hindi', () => {
  it('shows no English word but allowed codes on any screen of the sidebar, its Add, View and Edit screens; each fits, no console error, no failed request, axe clean', async () => {
    mkdirSync(HINDI_SHOTS, { recursive: true });
    const context = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    watchTraffic(page);
    const problems = watch(page);
    try {
      await signIn(page, 'hi');

      // The Login link signs out first; walking it would end the session.
      const walk = (await sidebarLinks(page)).filter((path) => path !== '/login');
      expect(walk.length).toBeGreaterThan(20);
      sidebar = walk;

      const found: Record<string, string[]> = {};
      const findings: Finding[] = [];
      const visit = async (path: string) => {
        findings.push(await check(page, problems, path, HINDI_SHOTS));
        const words = leftovers(await visibleText(page));
        if (words.length) found[path] = words;
      };
      const extra = new Set<string>(['/notifications', '/account']);
      for (const path of walk) {
        await visit(path);
        const more = await mainLinks(page);
        const add = more.find((href) => /\/(add|create)$/.test(href));
        const view = more.find((href) => /[/-](view|profile)\/[^/]+$/.test(href));
        const edit = more.find((href) => /\/edit\/[^/]+$/.test(href));
        for (const next of [add, view, edit]) if (next && !walk.includes(next)) extra.add(next);
      }
      for (const path of extra) await visit(path);
      console.log(`Hindi sweep: ${walk.length + extra.size} screens, screenshots in ${HINDI_SHOTS}`);
      expect(Object.entries(found).map(([path, words]) => `${path} → ${words.join(', ')}`)).toEqual([]);
      expect(findings.filter((finding) => !isClean(finding))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);
});

interface Problems {
  console: string[];
  requests: string[];
}

/** Records the page's console errors, uncaught errors, failed requests and 4xx/5xx answers from now on. */
function watch(page: Page): Problems {
  const problems: Problems = { console: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Known: the sign-in page's GET /api/v2/session may answer 401 (a session the server no longer knows;
    // tests/e2e/login-page.test.ts), and Chromium logs it. Only that request, only on the sign-in page, is let through.
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

/**
 * Goes to `path` as a person following the app's links does: the first screen is loaded from the server, the others
 * are routed to within the loaded app (history.pushState, and the popstate event react-router listens to), so that
 * the app's bundle is not loaded, parsed and started again for each of some 160 screens. That was two thirds of the
 * walks' time (a screen settled in 1.3 s after a full load, 0.5 s after routing: docs/performance.md, CI). That the
 * server answers every deep link with the app is tested by tests/server/app-shell.test.ts, and the browser tests of
 * each area load its screens at their own addresses.
 */
async function open(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).origin !== stack.url) {
    await page.goto(`${stack.url}${path}`);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens a screen, waits for it, screenshots it into `shots` and returns what is wrong on it. */
async function check(page: Page, problems: Problems, path: string, shots: string): Promise<Finding> {
  problems.console.length = 0;
  problems.requests.length = 0;
  await open(page, path);
  await settled(page);
  await page.screenshot({ path: `${shots}/${slug(path)}.png`, fullPage: true });
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
  // What the screen still asks for answered (and nothing cut short by going on to the next screen).
  await watchTraffic(page).idle();
  if (problems.console.length) finding.console = [...problems.console];
  if (problems.requests.length) finding.requests = [...problems.requests];
  return finding;
}

const isClean = (finding: Finding) => Object.keys(finding).length === 1;

/**
 * Of the View links `hrefs` of a list, that of its newest record (the highest id): the English data's, made after the
 * Hindi walk's, whichever order the list keeps.
 */
function newestView(hrefs: string[]): string | undefined {
  const views = hrefs.filter((href) => /\/(view|profile)\/[^/]+$/.test(href));
  const id = (href: string) => Number(href.slice(href.lastIndexOf('/') + 1));
  return views.every((href) => Number.isInteger(id(href))) ? views.sort((a, b) => id(b) - id(a))[0] : views[0];
}

describe.skipIf(!hasChromium)('the back-office sweep', () => {
  let links: string[] = [];

  beforeAll(async () => {
    if (!hasChromium) return;
    const token = await adminToken(stack);
    await makeData(stack, token, WORDS);
    // The Hindi walk chose Hindi on the sign-in screen, and the account kept it: back to English.
    const chosen = await fetch(`${stack.url}/api/v2/session/preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en' }),
    });
    expect(chosen.status, await chosen.text()).toBe(200);
  }, 120_000);

  for (const width of WIDTHS) {
    it(`every screen of the sidebar at ${width} px: fits, no console error, no failed request, axe clean`, async () => {
      mkdirSync(`${SHOTS}/${width}`, { recursive: true });
      const context = await stack.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      watchTraffic(page);
      const problems = watch(page);
      try {
        await signIn(page, 'en');

        // On a phone the sidebar is a drawer over the page: open it if it is closed, read it, close it.
        const toggle = page.locator('[data-sidebar-toggle]');
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        const found = await sidebarLinks(page);
        // The Login link signs out first (src/admin/layout/SignOutFirst.tsx); walking it would end the sweep's session.
        const walk = found.filter((path) => path !== '/login');
        expect(walk.length).toBeGreaterThan(20);
        // The phone's drawer offers the same screens as the desktop's sidebar (the Hindi walk's, or the first width's).
        if (links.length === 0) links = sidebar.length > 0 ? sidebar : walk;
        expect(walk).toEqual(links);
        if (width < 600) {
          await page.keyboard.press('Escape');
          await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
        }

        const findings: Finding[] = [];
        const extra = new Set<string>();
        for (const path of walk) {
          findings.push(await check(page, problems, path, `${SHOTS}/${width}`));
          // The area's Add screen and its newest record's View screen, when the list links to them.
          const more = await mainLinks(page);
          const add = more.find((href) => /\/(add|create)$/.test(href));
          for (const next of [add, newestView(more)]) if (next && !walk.includes(next)) extra.add(next);
        }
        // The header's own screens: the bell's View More and the profile menu's My Profile.
        for (const path of ['/notifications', '/account']) extra.add(path);
        for (const path of extra) findings.push(await check(page, problems, path, `${SHOTS}/${width}`));
        console.log(`sweep ${width} px: ${findings.length} screens, screenshots in ${SHOTS}/${width}`);
        expect(findings.filter((finding) => !isClean(finding))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600_000);
  }
});
