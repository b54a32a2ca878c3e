// engines: pglite, postgres — migration 0016's rows; notices by date
/**
 * The public home page (/web) and about page (/web/about-us) on a real server and a new database: the Hindi text a
 * new installation starts with (migration 0016), what never shows (an Inactive slide or notice, a notice before its
 * day), a change made through /api/v2 shown at once (the page cache forgotten by the write), and the document's head.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTimeZone } from '../../src/server/services/calendar.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const ORIGIN = 'https://school.example.org';
const TIME_ZONE = 'Asia/Kolkata';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: ORIGIN } });
});
afterAll(async () => {
  await t?.close();
});

/** A calendar day `days` from the trust's today. */
function day(days: number): string {
  const today = inTimeZone(new Date(), TIME_ZONE).slice(0, 10);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.url}${path}`, {
    headers: { 'accept-encoding': 'identity', ...headers },
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function create(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.api('POST', `/api/v2/${path}`, { body });
  expect(res.status, res.text).toBe(201);
  return (res.body as { id: number }).id;
}

async function rows(path: string, filter: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const res = await t.api('GET', `/api/v2/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`);
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, unknown>[];
}

/** The page's `<main>` (the head's inline styles name every class). */
function mainHtml(html: string): string {
  return /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
}

/** The text of the page's `<main>`, tags taken out: what a reader reads. */
function mainText(html: string): string {
  return mainHtml(html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('the home and about pages', () => {
  it("show the spec's Hindi text on a new database, with no invented leaders", async () => {
    const home = await get('/web');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = mainText(home.text);
    // Who we are: running since 2011, 13 trustees.
    expect(text).toContain('हमारा परिचय');
    expect(text).toContain('वर्ष 2011 से');
    expect(text).toContain('13 न्यासी');
    // The three slides, in their order.
    const slides = ['संस्कार, शिक्षा और सेवा', '₹1500 मासिक छात्रवृत्ति', 'एक बच्चे की शिक्षा में सहभागी बनें'];
    const places = slides.map((title) => text.indexOf(title));
    expect(places.every((p) => p >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    expect(home.text).toContain('href="/web/donate-now"');
    // The scholarship notice: ₹1500 a month, class 5 passed.
    expect(text).toContain('छात्रवृत्ति योजना: ₹1500 प्रति माह');
    expect(text).toContain('कक्षा 5 उत्तीर्ण');
    // No leader rows: the section is not there at all.
    expect(await rows('leaders')).toEqual([]);
    expect(home.text).not.toContain('leaders-title');
    // Several slides take the slider's script; its address is served.
    const script = /<script type="module" src="(\/web\/assets\/slider\.[0-9a-f]+\.js)"/.exec(home.text)?.[1];
    expect(script).toBeDefined();
    expect((await get(script!)).status).toBe(200);

    const about = await get('/web/about-us');
    expect(about.status).toBe(200);
    const aboutText = mainText(about.text);
    expect(aboutText).toContain('हमारे बारे में');
    expect(aboutText).toContain('गुरुकुल की स्थापना वर्ष 2011 में');
    expect(aboutText).toContain('13 न्यासियों');
    // The routine: 16 timed entries from waking at 5 am to lights out at 10 pm, as an accessible table.
    expect(about.text).toContain('<caption>विद्यार्थियों की दैनिक समय-सारणी</caption>');
    expect(about.text.match(/<th scope="col">/g)).toHaveLength(2);
    const entries = [...about.text.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><\/tr>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(entries).toHaveLength(16);
    expect(entries[0]).toEqual(['सुबह 5:00', 'जागरण एवं नित्यकर्म']);
    expect(entries.at(-1)).toEqual(['रात 10:00', 'शयन']);
    // The about page sends no script.
    expect(about.text).not.toContain('<script type="module"');
  });

  it('have lang="hi", a title, a description, a canonical link, Open Graph and the organisation', async () => {
    await t.api('PUT', '/api/v2/trust-settings/1', {
      body: {
        name_hi: 'श्री वेद विद्या गुरुकुल',
        name_en: 'Shri Ved Vidya Gurukul',
        address: 'ग्राम रामपुर, ज़िला वाराणसी, उत्तर प्रदेश 221001',
        phone: '+91 94150 12345',
        email: 'office@example.org',
      },
    });
    for (const [path, title] of [
      ['/web', '<title>श्री वेद विद्या गुरुकुल</title>'],
      ['/web/about-us', '<title>हमारे बारे में | श्री वेद विद्या गुरुकुल</title>'],
    ] as const) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/^<!DOCTYPE html><html lang="hi">/);
      expect(page.text).toContain(title);
      const description = /<meta name="description" content="([^"]*)"/.exec(page.text)?.[1] ?? '';
      expect(description.length).toBeGreaterThan(40);
      expect(page.text).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
      expect(page.text).toContain(`<meta property="og:url" content="${ORIGIN}${path}"/>`);
      // One h1 a page.
      expect(page.text.match(/<h1[ >]/g)).toHaveLength(1);
    }
    const home = await get('/web');
    const organisation = jsonLd(home.text).find((data) => data['@type'] === 'EducationalOrganization');
    expect(organisation).toEqual({
      '@context': 'https://schema.org',
      '@type': 'EducationalOrganization',
      name: 'श्री वेद विद्या गुरुकुल',
      alternateName: 'Shri Ved Vidya Gurukul',
      url: `${ORIGIN}/web`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'ग्राम रामपुर, ज़िला वाराणसी, उत्तर प्रदेश 221001',
        addressCountry: 'IN',
      },
      telephone: '+91 94150 12345',
      email: 'office@example.org',
    });
    const about = jsonLd((await get('/web/about-us')).text);
    expect(about[0]).toMatchObject({ '@type': 'AboutPage', about: { '@type': 'EducationalOrganization' } });
  });

  it('never show an Inactive slide or notice, or a notice before its day; shown at once when it may be', async () => {
    // Rendered, and so cached, before the writes below.
    expect((await get('/web')).status).toBe(200);
    const hiddenSlide = await create('hero-slides', {
      title: 'अप्रकाशित स्लाइड',
      position: 1,
      status: 'Inactive',
    });
    const hiddenNotice = await create('notices', {
      title: 'निष्क्रिय सूचना',
      content: '<p>यह सूचना निष्क्रिय है।</p>',
      publish_date: day(-2),
      status: 'Inactive',
    });
    await create('notices', {
      title: 'कल की सूचना',
      content: '<p>यह सूचना कल से दिखेगी।</p>',
      publish_date: day(1),
      status: 'Active',
    });
    await create('notices', {
      title: 'आज की सूचना',
      content: '<p>प्रवेश परीक्षा का परिणाम घोषित।</p>',
      publish_date: day(0),
      status: 'Active',
    });
    let text = mainText((await get('/web')).text);
    expect(text).toContain('आज की सूचना');
    expect(text).not.toContain('अप्रकाशित स्लाइड');
    expect(text).not.toContain('निष्क्रिय सूचना');
    expect(text).not.toContain('कल की सूचना');
    // The public read says the same.
    const publicNotices = await t.api('GET', '/api/v2/public/notices?perPage=50', { token: null });
    expect((publicNotices.body.items as { title: string }[]).map((n) => n.title)).not.toContain('कल की सूचना');
    // The newest notice first.
    expect(text.indexOf('आज की सूचना')).toBeLessThan(text.indexOf('छात्रवृत्ति योजना: ₹1500'));

    expect((await t.api('PUT', `/api/v2/hero-slides/${hiddenSlide}`, { body: { status: 'Active' } })).status).toBe(200);
    expect((await t.api('PUT', `/api/v2/notices/${hiddenNotice}`, { body: { status: 'Active' } })).status).toBe(200);
    text = mainText((await get('/web')).text);
    // Position 1: the first slide now.
    expect(text.indexOf('अप्रकाशित स्लाइड')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('अप्रकाशित स्लाइड')).toBeLessThan(text.indexOf('संस्कार, शिक्षा और सेवा'));
    expect(text).toContain('निष्क्रिय सूचना');

    expect((await t.api('PUT', `/api/v2/hero-slides/${hiddenSlide}`, { body: { status: 'Inactive' } })).status).toBe(
      200,
    );
    expect((await t.api('DELETE', `/api/v2/notices/${hiddenNotice}`)).status).toBe(200);
    text = mainText((await get('/web')).text);
    expect(text).not.toContain('अप्रकाशित स्लाइड');
    expect(text).not.toContain('निष्क्रिय सूचना');
  });

  it('show an edit made through /api/v2 at once: texts, the routine, leaders and slides', async () => {
    const before = await get('/web');
    const etag = before.headers.get('etag')!;
    expect((await get('/web', { 'if-none-match': etag })).status).toBe(304);
    await get('/web/about-us');

    const [who] = await rows('page-texts', { section: 'Home: Who We Are' });
    const edited = await t.api('PUT', `/api/v2/page-texts/${who!.id as number}`, {
      body: { body: '<p>हमारा गुरुकुल अब नए भवन में है।</p>' },
    });
    expect(edited.status, edited.text).toBe(200);
    const after = await get('/web', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(mainText(after.text)).toContain('हमारा गुरुकुल अब नए भवन में है।');
    expect(mainText(after.text)).not.toContain('13 न्यासी निःस्वार्थ');
    // The description follows the text.
    expect(after.text).toContain('<meta name="description" content="हमारा गुरुकुल अब नए भवन में है।"/>');

    const wake = (await rows('daily-routine')).find((entry) => entry.activity === 'जागरण एवं नित्यकर्म');
    const changed = await t.api('PUT', `/api/v2/daily-routine/${wake!.id as number}`, {
      body: { time_of_day: 'सुबह 4:45' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await get('/web/about-us')).text).toContain('<th scope="row">सुबह 4:45</th><td>जागरण एवं नित्यकर्म</td>');

    // A leader: the section appears, with the message.
    const leader = await create('leaders', {
      name: 'आचार्य परीक्षण',
      role: 'प्रधानाचार्य',
      message: 'हर बच्चा अनमोल है।',
      position: 10,
    });
    let home = await get('/web');
    expect(home.text).toContain('id="leaders-title"');
    expect(mainText(home.text)).toContain('आचार्य परीक्षण');
    expect(mainText(home.text)).toContain('हर बच्चा अनमोल है।');
    expect((await t.api('DELETE', `/api/v2/leaders/${leader}`)).status).toBe(200);
    home = await get('/web');
    expect(home.text).not.toContain('id="leaders-title"');
  });

  it("load the first slide's picture first and the others lazily; one slide takes no script, none no slider", async () => {
    const image = async () => {
      const form = new FormData();
      form.append('resource', 'hero_slides');
      form.append('field', 'image');
      const sharp = (await import('sharp')).default;
      const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#845' } })
        .jpeg()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'slide.jpg');
      const response = await fetch(`${t.url}/api/v2/uploads`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${t.token}` },
      });
      return ((await response.json()) as { path: string }).path;
    };
    const first = await create('hero-slides', { title: 'पहली चित्र स्लाइड', image: await image(), position: 0 });
    const second = await create('hero-slides', { title: 'दूसरी चित्र स्लाइड', image: await image(), position: 2 });
    const home = await get('/web');
    const images = [...home.text.matchAll(/<img class="picture hero-image"[^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('loading="eager"');
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[1]).toContain('loading="lazy"');
    expect(images[1]).not.toContain('fetchPriority');
    // The first picture is the page's image for link previews.
    expect(home.text).toMatch(/<meta property="og:image" content="https:\/\/school\.example\.org\/uploads\/images\//);

    // One slide: no controls and no script; none: no slider at all, the rest of the page as it was.
    const slides = await rows('hero-slides');
    for (const slide of slides)
      if (slide.id !== first)
        await t.api('PUT', `/api/v2/hero-slides/${slide.id as number}`, { body: { status: 'Inactive' } });
    let page = await get('/web');
    expect(mainText(page.text)).toContain('पहली चित्र स्लाइड');
    expect(mainHtml(page.text)).not.toContain('hero-controls');
    expect(page.text).not.toContain('<script type="module"');
    await t.api('PUT', `/api/v2/hero-slides/${first}`, { body: { status: 'Inactive' } });
    page = await get('/web');
    expect(page.status).toBe(200);
    expect(mainHtml(page.text)).not.toContain('class="hero"');
    expect(mainText(page.text)).toContain('हमारा परिचय');
    await t.api('DELETE', `/api/v2/hero-slides/${second}`);
  });

  it('answer /web/ with a redirect, and an address beneath the about page with the Hindi 404', async () => {
    const slash = await get('/web/');
    expect(slash.status).toBe(308);
    expect(slash.headers.get('location')).toBe('/web');
    const below = await get('/web/about-us/more');
    expect(below.status).toBe(404);
    expect(below.text).toContain('पृष्ठ नहीं मिला');
    expect((await get('/web/about-us')).headers.get('cache-control')).toBe('public, no-cache');
  });
});
