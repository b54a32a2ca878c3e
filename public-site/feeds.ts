import { plainText } from './format.ts';
import { NAVIGATION, siteName } from './layout.tsx';
import type { SiteData } from './site.ts';
import { WORDS } from './words.ts';

/**
 * The site's documents for machines: `sitemap.xml` (every public page, for search engines), the RSS feed of news and
 * blog posts, and `robots.txt`. Plain functions of their entries; the server gathers them (src/server/routes/web/site.ts).
 */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

export interface SitemapEntry {
  path: string;
  /** A calendar day or an ISO instant. */
  lastModified?: string;
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastModified }) =>
      `<url><loc>${xml(origin + path)}</loc>${lastModified ? `<lastmod>${xml(lastModified.slice(0, 10))}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
}

export interface FeedItem {
  title: string;
  path: string;
  /** A calendar day: the item's publish date. */
  published: string;
  summary: string;
}

/** RFC 822 date of a calendar day, as RSS wants it: "Sun, 22 Nov 2026 00:00:00 +0530". */
function rfc822(day: string, offset = '+0530'): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${days[date.getUTCDay()]}, ${dd} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()} 00:00:00 ${offset}`;
}

export function rssXml(channel: { title: string; description: string; origin: string }, items: readonly FeedItem[]) {
  const { title, description, origin } = channel;
  const entries = items.map(
    (item) =>
      `<item><title>${xml(item.title)}</title><link>${xml(origin + item.path)}</link>` +
      `<guid isPermaLink="true">${xml(origin + item.path)}</guid><pubDate>${rfc822(item.published)}</pubDate>` +
      `<description>${xml(item.summary)}</description></item>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>` +
    `<title>${xml(title)}</title><link>${xml(`${origin}/web`)}</link><description>${xml(description)}</description>` +
    `<language>hi</language><atom:link href="${xml(`${origin}/web/rss.xml`)}" rel="self" type="application/rss+xml"/>` +
    `${entries.join('')}</channel></rss>\n`
  );
}

/** Search engines may read the public website and its images; the back-office and the API are not for them. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /web\nAllow: /uploads/\nDisallow: /\n\nSitemap: ${origin}/web/sitemap.xml\n`;
}

/** A sitemap holds at most 50,000 addresses; the newest of each kind come first. */
const SITEMAP_LIMIT = 50_000;

/** Every public page: the site's own pages, then each public news item, blog post and album. */
export async function sitemap(data: SiteData, origin: string): Promise<string> {
  const kinds: [string, string][] = [
    ['news', '/web/news'],
    ['blog_posts', '/web/blog'],
    ['image_albums', '/web/images'],
    ['video_albums', '/web/videos'],
  ];
  const entries: SitemapEntry[] = NAVIGATION.map(({ href }) => ({ path: href }));
  const share = Math.floor((SITEMAP_LIMIT - entries.length) / kinds.length);
  const lists = await Promise.all(kinds.map(([resource]) => data.index(resource, share)));
  kinds.forEach(([, base], i) => {
    for (const { id, date } of lists[i]!) entries.push({ path: `${base}/${id}`, lastModified: date });
  });
  return sitemapXml(origin, entries);
}

/** Items in the feed: the newest news items and blog posts together. */
const FEED_ITEMS = 20;

export async function feed(data: SiteData, origin: string): Promise<string> {
  const [trust, news, blog] = await Promise.all([
    data.trust(),
    data.page('news', { page: 1, perPage: FEED_ITEMS }),
    data.page('blog_posts', { page: 1, perPage: FEED_ITEMS }),
  ]);
  const items: FeedItem[] = [
    ...news.items.map((item) => ({ item, base: '/web/news' })),
    ...blog.items.map((item) => ({ item, base: '/web/blog' })),
  ]
    .map(({ item, base }) => ({
      title: String(item.title ?? ''),
      path: `${base}/${item.id}`,
      published: String(item.publish_date ?? ''),
      summary: plainText(item.content, 300),
    }))
    .sort((a, b) => (a.published === b.published ? 0 : a.published < b.published ? 1 : -1))
    .slice(0, FEED_ITEMS);
  return rssXml({ title: siteName(trust), description: `${WORDS.news.title} · ${WORDS.blog.title}`, origin }, items);
}
