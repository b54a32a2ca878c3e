/**
 * The back-office speaks Hindi everywhere (issue 13): signed in as the Admin with Hindi chosen, in Chromium at
 * 1400 px, every link of the rendered sidebar (its groups opened, so a new entry is covered without editing this
 * test), and each area's Add screen and first record's View and Edit screens that its list links to. The data made through
 * the API is in Devanagari only, so a Latin word on a screen is a word left in English rather than data. On each
 * screen the visible text (the page's innerText, what its form fields hold, and the aria-label, title and placeholder of visible
 * elements) is
 * read and every Latin word of three letters or more that is not in ALLOWED fails the test, listed as page → words.
 * A screenshot of each screen goes to $HINDI_SWEEP_SHOTS (default /tmp/hindi-sweep), to be looked at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, type Stack } from './harness.ts';
import { settled, sidebarLinks, slug, startSweepStack, type SweepStack, type SweepWords } from './sweep-kit.ts';

const SHOTS = process.env.HINDI_SWEEP_SHOTS ?? '/tmp/hindi-sweep';

/**
 * Latin words that may stay on a Hindi screen (compared without regard to case). Email addresses and web
 * addresses are data and are taken out of the text before it is read.
 */
const ALLOWED = new Set(
  [
    // The Admin's own account, made by the server from its environment: its name.
    'Administrator',
    // Codes and names staff say as they are.
    'IST',
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
 * gives their English): the activity of a sign-in and of a password reset, the audit log's name for the public
 * website, the notification of a contact message, the outbox's copy of the reset email, whose subject carries the
 * trust's name from its settings, and a donation's default category. Taken out of the text as whole phrases, so the same words elsewhere still count.
 */
const SERVER_RECORDS = [
  /\bSign-in\b/g,
  /\bSigned in as (Admin|Employee|User|Client)\b\.?/g,
  /\bPassword reset request\b/g,
  /\bA password reset link was requested and emailed\./g,
  /\bPublic website\b/g,
  /\bNew contact message from\b/g,
  /\bReset your [^\n]*? password\b/g,
  // A donation's category when staff give none: the declaration's default, stored as the value, which the receipt
  // prints as 'सामान्य कोष (General Fund)' (receipt-document.ts). The show and edit screens show the stored value.
  /\bGeneral Fund\b/g,
];

let stack: Stack;
let sweep: SweepStack | undefined;

/** The data the sweep makes, in Devanagari only: a Latin word on a screen is then a word left in English. */
const WORDS: SweepWords = {
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
  state: 'उत्तर प्रदेश',
  city: 'वाराणसी',
  newsTitle: 'घाटों पर वार्षिक संस्कृत पाठ',
  newsBody: 'विद्यार्थियों ने अस्सी घाट पर वेद पाठ किया।',
  donor: 'कमला देवी',
  address: 'अस्सी घाट, वाराणसी',
  contactName: 'सुनीता देवी',
  contactSubject: 'मेरे बेटे का प्रवेश',
  contactMessage: 'नमस्ते। क्या इस वर्ष कक्षा छह में स्थान है?',
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

beforeAll(async () => {
  if (!hasChromium) return;
  sweep = await startSweepStack('hindi-sweep', WORDS);
  stack = sweep.stack;
}, 400_000);
afterAll(async () => {
  await sweep?.close();
});

describe('what the sweep counts as a word left in English', () => {
  it('is a Latin word of three letters or more that is not data, a record of the server or allowed', () => {
    expect(leftovers('कर शब्दावली Tax Wording, 12A/12AB, ABCDE1234F, IN')).toEqual(['Tax', 'Wording']);
    expect(leftovers('radhika@example.org https://example.org/a IST Signed in as Admin. Save')).toEqual(['Save']);
  });
});

describe.skipIf(!hasChromium)('the back-office in Hindi', () => {
  it('shows no English word but allowed codes on any screen of the sidebar, its Add, View and Edit screens', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await stack.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await page.goto(`${stack.url}/login`);
      await page.getByRole('button', { name: /हिन्दी/ }).click();
      await page.getByRole('heading', { name: 'लॉग इन' }).waitFor();
      await page.locator('#login-email').fill(ADMIN.email);
      await page.locator('#login-password').fill(ADMIN.password);
      await page.getByRole('button', { name: /लॉग इन करें/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await settled(page);

      // The Login link signs out first; walking it would end the session.
      const walk = (await sidebarLinks(page)).filter((path) => path !== '/login');
      expect(walk.length).toBeGreaterThan(20);

      const found: Record<string, string[]> = {};
      const visit = async (path: string) => {
        await page.goto(`${stack.url}${path}`);
        await settled(page);
        await page.screenshot({ path: `${SHOTS}/${slug(path)}.png`, fullPage: true });
        const words = leftovers(await visibleText(page));
        if (words.length) found[path] = words;
      };
      const extra = new Set<string>(['/notifications', '/account']);
      for (const path of walk) {
        await visit(path);
        const more = await page
          .locator('#main-content a[href]')
          .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
        const add = more.find((href) => /\/(add|create)$/.test(href));
        const view = more.find((href) => /[/-](view|profile)\/[^/]+$/.test(href));
        const edit = more.find((href) => /\/edit\/[^/]+$/.test(href));
        for (const next of [add, view, edit]) if (next && !walk.includes(next)) extra.add(next);
      }
      for (const path of extra) await visit(path);
      console.log(`Hindi sweep: ${walk.length + extra.size} screens, screenshots in ${SHOTS}`);
      expect(Object.entries(found).map(([path, words]) => `${path} → ${words.join(', ')}`)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);
});
