// engines: pglite, postgres — albums listed newest first, paged
/**
 * The public galleries (`/web/images`, `/web/videos`) from albums staff create through /api/v2 with real uploads:
 * the albums' grid (newest first, 12 a page), an album with every picture of its items under its item's
 * description, large pictures behind plain links, the Hindi 404 with its way back; video albums whose YouTube and
 * Vimeo videos wait behind the album's own thumbnail (the stored id, no picture and no frame from those sites in
 * the page), uploaded videos in a native player, other addresses as links; the players' permission to play once
 * clicked.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariants, srcSetOf } from '../../src/resources/media.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// jsdom (a devDependency, without type declarations of its own) parses the pages as a browser would.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

const ORIGIN = 'https://school.example.org';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: ORIGIN } });
});
afterAll(async () => {
  await t?.close();
});

async function page(path: string) {
  const response = await fetch(`${t.url}${path}`);
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, document: new JSDOM(html).window.document };
}

/** A photo made with sharp and uploaded for a field as the admin's form uploads it: its public path. */
async function upload(resource: string, field: string, colour: string, width = 900, height = 600): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return uploadBytes(resource, field, bytes, 'photo.jpg', 'image/jpeg');
}

async function uploadBytes(resource: string, field: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('resource', resource);
  form.append('field', field);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${t.url}/api/v2/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${t.token}` },
  });
  const body = (await response.json()) as { path: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.path;
}

/** The smallest MP4 the upload route takes: ISO boxes over the whole file, `ftyp` first, a `moov`. */
function mp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length, 0);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('moov', Buffer.alloc(32)),
    box('mdat', Buffer.alloc(64)),
  ]);
}

async function create(path: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.api('POST', path, { body });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

/** Every `src`, `srcset` address and poster of the page's images and videos. */
function pictureAddresses(document: Document): string[] {
  const addresses: string[] = [];
  for (const img of document.querySelectorAll('img')) {
    addresses.push(img.getAttribute('src') ?? '');
    for (const part of (img.getAttribute('srcset') ?? '').split(',')) {
      if (part.trim()) addresses.push(part.trim().split(/\s+/)[0]!);
    }
  }
  for (const video of document.querySelectorAll('video[poster]')) addresses.push(video.getAttribute('poster')!);
  return addresses;
}

const THIRD_PARTY = /youtube|youtu\.be|ytimg|vimeo|googleusercontent|ggpht/i;

describe('image albums', () => {
  let festival: { id: number; thumbnail: string; stage: string[]; prize: string };
  let older: number;

  beforeAll(async () => {
    const thumbnail = await upload('image_albums', 'thumbnail', '#a53');
    const stage = [
      await upload('image_albums', 'images.files', '#264'),
      await upload('image_albums', 'images.files', '#462', 600, 900),
    ];
    const prize = await upload('image_albums', 'images.files', '#642');
    const id = await create('/api/v2/gallery-images', {
      title: 'वार्षिकोत्सव 2026',
      description: 'विद्यार्थियों ने नाटक और नृत्य प्रस्तुत किए।\nअभिभावक भी आए।',
      date: '2026-02-14',
      thumbnail,
      images: [
        { description: 'मंच पर नाटक', files: stage },
        { description: 'पुरस्कार वितरण', files: [prize] },
      ],
    });
    festival = { id, thumbnail, stage, prize };
    older = await create('/api/v2/gallery-images', {
      title: 'योग दिवस',
      description: 'प्रातःकाल का योग।',
      date: '2025-06-21',
      thumbnail: await upload('image_albums', 'thumbnail', '#357'),
      images: [{ description: 'सूर्य नमस्कार', files: [await upload('image_albums', 'images.files', '#753')] }],
    });
  });

  it('lists the albums newest first, each under its own thumbnail with its Hindi date', async () => {
    const { status, document, html } = await page('/web/images');
    expect(status).toBe(200);
    const cards = [...document.querySelectorAll('.album-grid > li')];
    const links = cards.map((card) => card.querySelector('a')!.getAttribute('href'));
    expect(links.indexOf(`/web/images/${festival.id}`)).toBeLessThan(links.indexOf(`/web/images/${older}`));
    const card = cards[links.indexOf(`/web/images/${festival.id}`)]!;
    expect(card.textContent).toContain('वार्षिकोत्सव 2026');
    expect(card.textContent).toContain('14 फ़रवरी 2026');
    expect(card.textContent).toContain('3 चित्र');
    const img = card.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(srcSetOf(festival.thumbnail));
    expect(img.getAttribute('sizes')).toMatch(/^\(min-width: 1088px\)/);
    expect(img.getAttribute('width')).not.toBeNull();
    expect(img.getAttribute('height')).not.toBeNull();
    expect(img.getAttribute('alt')).toBe('');
    // The grid is plain HTML: no script on this page.
    expect(html).not.toContain('<script type="module"');
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      new RegExp(`^${ORIGIN}/uploads/images/[0-9a-f]{32}-1280\\.webp$`),
    );
  });

  it('shows an album: its title, date, description, every picture under its description, linked to its large copy', async () => {
    const { status, document, html } = await page(`/web/images/${festival.id}`);
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('वार्षिकोत्सव 2026');
    expect(document.title).toMatch(/^वार्षिकोत्सव 2026 \| /);
    expect(document.querySelector('.meta time')?.getAttribute('datetime')).toBe('2026-02-14');
    expect(document.querySelector('.album-description')?.textContent).toBe(
      'विद्यार्थियों ने नाटक और नृत्य प्रस्तुत किए।\nअभिभावक भी आए।',
    );
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('नाटक और नृत्य');
    const back = document.querySelector<HTMLAnchorElement>('.back a')!;
    expect(back.getAttribute('href')).toBe('/web/images');
    expect(back.textContent).toContain('सभी एल्बम');

    const sets = [...document.querySelectorAll('figure.photo-set')];
    expect(sets.map((set) => set.querySelector('figcaption')?.textContent)).toEqual(['मंच पर नाटक', 'पुरस्कार वितरण']);
    const photos = [...document.querySelectorAll<HTMLAnchorElement>('a.photo')];
    expect(photos.map((a) => a.getAttribute('href'))).toEqual(
      [...festival.stage, festival.prize].map((path) => imageVariants(path)!.widths[1280]),
    );
    expect(photos.map((a) => a.querySelector('img')!.getAttribute('alt'))).toEqual([
      'मंच पर नाटक (1/2)',
      'मंच पर नाटक (2/2)',
      'पुरस्कार वितरण',
    ]);
    for (const [i, a] of photos.entries()) {
      const img = a.querySelector('img')!;
      expect(img.getAttribute('srcset')).toBe(srcSetOf([...festival.stage, festival.prize][i]));
      expect(img.getAttribute('style')).toContain('aspect-ratio');
    }
    // Below the first pictures, the rest wait until the reader comes near them.
    expect(photos.at(-1)!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    for (const address of pictureAddresses(document)) expect(address).toMatch(/^\/uploads\/images\//);

    // The lightbox: its island, and its dialog labelled, closed, with the page's own words.
    expect(html).toMatch(/<script type="module" src="\/web\/assets\/lightbox\.[0-9a-f]{12}\.js">/);
    const dialog = document.querySelector('dialog#lightbox')!;
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-labelledby')).toBe('lightbox-caption');
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['← पिछला', 'अगला →', 'बंद करें ✕']);
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]:last-of-type')!.textContent!);
    expect(data).toMatchObject({ '@type': 'ImageGallery', name: 'वार्षिकोत्सव 2026', datePublished: '2026-02-14' });
  });

  it('answers an unknown album with HTTP 404 in Hindi and the way back to the albums', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999', `${festival.id}x`]) {
      const { status, document } = await page(`/web/images/${id}`);
      expect(status, id).toBe(404);
      expect(document.querySelector('h1')?.textContent).toBe('एल्बम नहीं मिला');
      expect(document.querySelector('.back a')?.getAttribute('href')).toBe('/web/images');
      expect(document.documentElement.getAttribute('lang')).toBe('hi');
    }
    const res = await t.api('DELETE', `/api/v2/gallery-images/${older}`);
    expect(res.status, res.text).toBeLessThan(300);
    expect((await page(`/web/images/${older}`)).status).toBe(404);
    expect((await page('/web/images')).html).not.toContain(`/web/images/${older}"`);
  });

  it('shows a change at once (the cached page is forgotten)', async () => {
    expect((await page(`/web/images/${festival.id}`)).html).toContain('वार्षिकोत्सव 2026');
    const res = await t.api('PUT', `/api/v2/gallery-images/${festival.id}`, {
      body: { title: 'वार्षिकोत्सव 2026 (संशोधित)' },
    });
    expect(res.status, res.text).toBe(200);
    const { document } = await page(`/web/images/${festival.id}`);
    expect(document.querySelector('h1')?.textContent).toBe('वार्षिकोत्सव 2026 (संशोधित)');
  });

  it('pages the grid 12 at a time', async () => {
    const thumbnails = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        upload('image_albums', 'thumbnail', `#${(300 + i * 37).toString(16)}`, 64, 48),
      ),
    );
    for (const [i, thumbnail] of thumbnails.entries()) {
      await create('/api/v2/gallery-images', {
        title: `एल्बम ${i + 1}`,
        description: 'विवरण',
        date: `2024-01-${String(i + 1).padStart(2, '0')}`,
        thumbnail,
        images: [],
      });
    }
    const first = await page('/web/images');
    expect(first.document.querySelectorAll('.album-grid > li')).toHaveLength(12);
    expect(first.document.querySelector('.pager a[rel="next"]')?.getAttribute('href')).toBe('/web/images?page=2');
    const second = await page('/web/images?page=2');
    // 13 albums in all (one was deleted): the last, the oldest, on page 2.
    expect(second.document.querySelectorAll('.album-grid > li')).toHaveLength(1);
    expect(second.document.querySelector('.album-grid a')?.textContent).toBe('एल्बम 1');
    expect(second.document.title).toContain('पृष्ठ 2 / 2');
    const beyond = await page('/web/images?page=9');
    expect(beyond.document.querySelector('.album-grid a')?.textContent).toBe('एल्बम 1');
    // An album with no pictures yet says so.
    const empty = await page(second.document.querySelector('.album-grid a')!.getAttribute('href')!);
    expect(empty.document.querySelector('.empty')?.textContent).toBe('इस एल्बम में अभी कोई चित्र नहीं है।');
    expect(empty.html).not.toMatch(/lightbox\.[0-9a-f]{12}\.js/);
    expect(empty.document.querySelector('dialog')).toBeNull();
  });

  it('takes pictures by their https:// address, shows them as given under a policy that lets them in, and refuses http://', async () => {
    const album = {
      title: 'पता से चित्र',
      description: 'दूसरी साइट के चित्र',
      date: '2026-03-10',
      thumbnail: 'https://images.example.org/cover.jpg',
      images: [{ description: 'प्रांगण', url: 'https://images.example.org/yard.png' }],
    };
    // A plain http:// picture would be blocked by the pages' policy (and be mixed content on an https site).
    const plainThumbnail = await t.api('POST', '/api/v2/gallery-images', {
      body: { ...album, thumbnail: 'http://images.example.org/cover.jpg' },
    });
    expect(plainThumbnail.status).toBe(400);
    expect(plainThumbnail.body.message).toBe('Thumbnail must be an uploaded image or the https:// address of one.');
    const plainItem = await t.api('POST', '/api/v2/gallery-images', {
      body: { ...album, images: [{ description: 'प्रांगण', url: 'http://images.example.org/yard.png' }] },
    });
    expect(plainItem.status).toBe(400);
    expect(plainItem.body.message).toBe('URL must be the https:// address of an image.');

    const id = await create('/api/v2/gallery-images', album);
    try {
      const grid = await page('/web/images');
      const card = grid.document.querySelector(`.album-grid a[href="/web/images/${id}"]`)!;
      expect(card.querySelector('img')?.getAttribute('src')).toBe(album.thumbnail);
      const shown = await page(`/web/images/${id}`);
      expect(shown.document.querySelector('a.photo img')?.getAttribute('src')).toBe(album.images[0]!.url);
      // Both faces let images come over https, and only images: scripts, frames and requests stay their own.
      for (const headers of [shown.headers, (await fetch(`${t.url}/gallery/images/view/${id}`)).headers]) {
        const policy = headers.get('content-security-policy') ?? '';
        expect(policy).toMatch(/(^|; )img-src 'self' data:[^;]* https:(;|$)/);
        expect(policy).toContain("connect-src 'self'");
        expect(policy).toContain("script-src 'self'");
      }
    } finally {
      expect((await t.api('DELETE', `/api/v2/gallery-images/${id}`)).status).toBeLessThan(300);
    }
  });
});

describe('video albums', () => {
  let album: number;
  let thumbnail: string;
  let file: string;
  let borrowed: number;

  beforeAll(async () => {
    thumbnail = await upload('video_albums', 'thumbnail', '#246', 1280, 720);
    file = await uploadBytes('video_albums', 'videos.file', mp4(), 'day.mp4', 'video/mp4');
    album = await create('/api/v2/gallery-videos', {
      title: 'गुरुकुल की दिनचर्या',
      description: 'सुबह 5 बजे से रात 10 बजे तक।',
      date: '2026-03-01',
      thumbnail,
      video: 'https://www.youtube.com/watch?v=aBcDeFgHi_1',
      videos: [
        { description: 'योग और प्राणायाम', url: 'https://vimeo.com/76979871' },
        { description: 'वार्षिक दिवस', file },
        { description: 'समाचार चैनल पर', url: 'https://news.example.org/clip/7' },
        { description: 'छोटा वीडियो', url: 'https://youtu.be/Zz9_-Yy8Xx7' },
      ],
    });
    // An album whose thumbnail is a picture on YouTube's own servers.
    borrowed = await create('/api/v2/gallery-videos', {
      title: 'बाहरी थंबनेल',
      description: 'थंबनेल YouTube से।',
      date: '2026-01-01',
      thumbnail: 'https://i.ytimg.com/vi/aBcDeFgHi_1/hqdefault.jpg',
      video: 'https://youtu.be/aBcDeFgHi_1',
      videos: [],
    });
  });

  it('lists the albums under their own thumbnails, never a picture from a video site', async () => {
    const { status, document } = await page('/web/videos');
    expect(status).toBe(200);
    const links = [...document.querySelectorAll('.album-grid > li > a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/web/videos/${album}`, `/web/videos/${borrowed}`]);
    expect(document.querySelector('.album-grid > li')?.textContent).toContain('5 वीडियो');
    const addresses = pictureAddresses(document);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(address).toMatch(/^\/uploads\/images\//);
  });

  it('shows YouTube and Vimeo behind the album thumbnail with the stored id, and nothing of theirs before a click', async () => {
    const { status, headers, document, html } = await page(`/web/videos/${album}`);
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('गुरुकुल की दिनचर्या');
    expect(document.querySelector('.back a')?.getAttribute('href')).toBe('/web/videos');
    // Nothing in the page is fetched from a third party: no frame, no picture, no script from elsewhere.
    expect(document.querySelector('iframe')).toBeNull();
    for (const address of pictureAddresses(document)) expect(address).not.toMatch(THIRD_PARTY);
    for (const address of pictureAddresses(document)) expect(address).toMatch(/^\/uploads\/images\//);
    for (const script of document.querySelectorAll('script[src]'))
      expect(script.getAttribute('src')).toMatch(/^\/web\//);
    for (const link of document.querySelectorAll('link[href]'))
      expect(link.getAttribute('href')).not.toMatch(THIRD_PARTY);
    expect(html).toMatch(/<script type="module" src="\/web\/assets\/video\.[0-9a-f]{12}\.js">/);

    const plays = [...document.querySelectorAll<HTMLAnchorElement>('a.video-play[data-embed]')];
    expect(plays.map((a) => [a.getAttribute('href'), a.dataset.embed])).toEqual([
      ['https://www.youtube.com/watch?v=aBcDeFgHi_1', 'https://www.youtube-nocookie.com/embed/aBcDeFgHi_1?autoplay=1'],
      ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1'],
      ['https://www.youtube.com/watch?v=Zz9_-Yy8Xx7', 'https://www.youtube-nocookie.com/embed/Zz9_-Yy8Xx7?autoplay=1'],
    ]);
    expect(plays[0]!.dataset.title).toBe('गुरुकुल की दिनचर्या (YouTube)');
    expect(plays[1]!.getAttribute('aria-label')).toBe('वीडियो चलाएँ (Vimeo): योग और प्राणायाम');
    // Each preview shows the album's own thumbnail.
    for (const a of plays) {
      expect(a.parentElement!.querySelector('img')?.getAttribute('src')).toBe(imageVariants(thumbnail)!.widths[640]);
    }

    const video = document.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('poster')).toBe(imageVariants(thumbnail)!.widths[640]);
    expect(video.querySelector('source')?.getAttribute('src')).toBe(file);
    expect(video.querySelector('source')?.getAttribute('type')).toBe('video/mp4');

    const other = document.querySelector<HTMLAnchorElement>('a.video-play:not([data-embed])')!;
    expect(other.getAttribute('href')).toBe('https://news.example.org/clip/7');
    expect([...document.querySelectorAll('.video-list figcaption')].map((c) => c.textContent)).toEqual([
      'गुरुकुल की दिनचर्या',
      'योग और प्राणायाम',
      'वार्षिक दिवस',
      'समाचार चैनल पर',
      'छोटा वीडियो',
    ]);

    // The two players may play at once when clicked; nothing else may.
    const policy = headers.get('permissions-policy') ?? '';
    expect(policy).toContain('autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    expect(policy).toContain('camera=()');
    expect(headers.get('content-security-policy')).toContain(
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
    );
    const api = await t.api('GET', '/api/health');
    expect(api.headers.get('permissions-policy')).toContain('autoplay=()');
  });

  it('shows no picture from YouTube even when it is the album thumbnail', async () => {
    const { status, document } = await page(`/web/videos/${borrowed}`);
    expect(status).toBe(200);
    expect(pictureAddresses(document)).toEqual([]);
    expect(document.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.querySelector<HTMLAnchorElement>('a.video-play')?.dataset.embed).toBe(
      'https://www.youtube-nocookie.com/embed/aBcDeFgHi_1?autoplay=1',
    );
  });

  it('answers an unknown video album with HTTP 404 in Hindi and the way back', async () => {
    const { status, document } = await page('/web/videos/424242');
    expect(status).toBe(404);
    expect(document.querySelector('h1')?.textContent).toBe('वीडियो एल्बम नहीं मिला');
    expect(document.querySelector('.back a')?.getAttribute('href')).toBe('/web/videos');
    expect(document.querySelector('.back a')?.textContent).toContain('सभी वीडियो एल्बम');
  });
});
