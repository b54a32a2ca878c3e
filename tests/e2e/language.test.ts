/**
 * The office's language (issue 13), in Chromium against the real server: Hindi chosen on the sign-in screen stays
 * chosen through sign-in and a reload, follows the person to another browser through their account, speaks the
 * forms' validation in Hindi with Devanagari drawn from the admin's own font, shows times in the trust's zone with
 * its name, and English comes back at one click.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: the Admin's account has chosen no language yet (the account's choice wins over the browser's,
  // and cannot be unset).
  stack = await startOwnStack();
  browser = stack.browser;
}, 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
  await stack?.close();
});

async function newPage(width = 1400, timezoneId?: string): Promise<{ page: Page; fonts: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...(timezoneId ? { timezoneId } : {}) });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const fonts: string[] = [];
  page.on('response', (response) => {
    if (/\.woff2($|\?)/.test(response.url()) && response.ok()) fonts.push(response.url());
  });
  return { page, fonts };
}

async function signIn(page: Page, button: RegExp): Promise<void> {
  await page.locator('#login-email').fill(ADMIN.email);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe.skipIf(!hasChromium)('the admin in Hindi', () => {
  it('is chosen on the sign-in screen and stays chosen after signing in and reloading', async () => {
    const { page, fonts } = await newPage();
    await page.goto(`${stack.url}/login`);
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await page.getByRole('button', { name: /हिन्दी/ }).click();
    await page.getByRole('heading', { name: 'लॉग इन' }).waitFor();
    expect(await page.getByLabel(/^ईमेल/).count()).toBe(1);

    await signIn(page, /लॉग इन करें/);
    await page.getByRole('heading', { name: 'मासिक दान का विवरण' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'मासिक दान का विवरण' }).waitFor();
    // The sidebar and the header speak it too.
    await page.getByRole('button', { name: 'मास्टर डेटा' }).waitFor();
    await page.getByRole('button', { name: /भाषा: English/ }).waitFor();
    // Devanagari is drawn from a real font: the device's own when it has one, else the admin's, downloaded.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'हिन्दी'))).toBe(true);
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.family.includes('Devanagari')).map((face) => face.status),
    );
    expect(faces).toContain('loaded');
    // And the heading is drawn with it, not with a Latin font's empty boxes: its width in the heading's own fonts is
    // that in Noto Sans Devanagari (within the spaces, drawn in Latin).
    const widths = await page.getByRole('heading', { name: 'मासिक दान का विवरण' }).evaluate((heading) => {
      const style = getComputedStyle(heading);
      const context = document.createElement('canvas').getContext('2d')!;
      const measure = (family: string) => {
        context.font = `${style.fontWeight} ${style.fontSize} ${family}`;
        return Math.round(context.measureText(heading.textContent ?? '').width);
      };
      return { drawn: measure(style.fontFamily), noto: measure('"Noto Sans Devanagari"') };
    });
    expect(Math.abs(widths.drawn - widths.noto), JSON.stringify(widths)).toBeLessThanOrEqual(4);
    // What was downloaded for it, if anything, is the admin's own file (no third-party request).
    expect(fonts.every((url) => url.startsWith(stack.url))).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('follows the person to another browser, through their account', async () => {
    const { page } = await newPage(390);
    await page.goto(`${stack.url}/login`);
    // This browser never chose: the sign-in screen is in English, the account's choice applies once signed in.
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await signIn(page, /^Log In$/);
    // On a phone the menu may cover the page: its words are enough.
    await page.getByText('मास्टर डेटा').first().waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
  });

  it('says a form’s problems in Hindi, and comes back to English at one click', async () => {
    const { page } = await newPage();
    await page.goto(`${stack.url}/login`);
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await signIn(page, /^Log In$/);
    await page.goto(`${stack.url}/master/country/add`);
    await page.getByRole('textbox', { name: /देश का नाम/ }).waitFor();
    await page.getByRole('button', { name: 'सहेजें' }).click();
    await page.getByText('देश का नाम आवश्यक है।').first().waitFor();

    await page.getByRole('textbox', { name: /देश का नाम/ }).fill('भारत');
    await page.getByRole('textbox', { name: /देश कोड/ }).fill('IN');
    await page.getByRole('button', { name: 'सहेजें' }).click();
    await page.getByText('देश सफलतापूर्वक जोड़ा गया।').waitFor();
    await page.waitForURL((url) => url.pathname === '/master/country');
    // The value of an enum, in Hindi.
    await page.getByText('सक्रिय').first().waitFor();

    await page.getByRole('button', { name: /भाषा: English/ }).click();
    await page.getByRole('link', { name: 'Add Country' }).waitFor();
    await page.getByText('Active').first().waitFor();
  });

  it('shows times in the trust’s time zone, named, whatever the browser’s own zone', async () => {
    const { page } = await newPage(1400, 'America/New_York');
    await page.goto(`${stack.url}/login`);
    await signIn(page, /^Log In$/);
    await page.goto(`${stack.url}/activity-logs`);
    // The sign-ins above are activities; their time carries the zone's name whatever the browser's own zone.
    await page.getByText(/IST$/).first().waitFor();
  });
});
