/**
 * The public website's contract with the server: what a page may ask for (`SiteData`, which the server answers from
 * what the public may read), and what a page gives back (`PageResult`, which the server renders into a document,
 * caches and serves). A page is a plain function of its data: it reads no database and no clock of its own.
 */
import type { ReactElement } from 'react';
import type { WebsiteDonation } from '../src/resources/website-donation.ts';

export type { WebsiteDonation };

/** A row the public may read: its id and the fields its declaration's `publicRead` names. */
export type PublicRow = Record<string, unknown> & { id: number };

/** The trust's settings, as the footer and the contact and donate pages show them (every field may be empty). */
export type Trust = Record<string, unknown>;

export interface SiteData {
  /** A page of a resource's public rows (by its declared name: `news`, `blog_posts`…), and their total. */
  page(
    resource: string,
    options: { page: number; perPage: number; from?: { field: string } },
  ): Promise<{ items: PublicRow[]; total: number }>;
  /** One public row, or undefined when there is none the public may read (a draft, a future item, no such id). */
  one(resource: string, id: number): Promise<PublicRow | undefined>;
  /** The ids of a resource's public rows in its public order, at most `limit`, with their dates (for the sitemap). */
  index(resource: string, limit: number): Promise<{ id: number; date: string | undefined }[]>;
  trust(): Promise<Trust>;
  /** A donation from the website by its reference (`?donation=` after the donate form), or undefined. */
  donation(reference: string): Promise<WebsiteDonation | undefined>;
  /** What a visitor typed in a form the server refused (`?draft=`), given once for a few minutes, or undefined. */
  formDraft(key: string): Promise<Record<string, string> | undefined>;
}

export interface PageRequest {
  /** The path asked for, `/web/news/12`. */
  path: string;
  /** The path's parameters (`:id`). */
  params: Record<string, string>;
  query: URLSearchParams;
  data: SiteData;
  /** The site's origin, for canonical and Open Graph addresses: `https://example.org`. */
  origin: string;
  /** The trust's time zone, for dates. */
  timeZone: string;
}

/** The small scripts a page may take (public-site/islands/<name>.ts): most pages take none. */
export type IslandName = 'slider' | 'lightbox' | 'donate' | 'video';

export interface PageResult {
  /** 200 unless the page says otherwise: 404 for an item that is not public. */
  status?: number;
  /** The document's title (the site's name is added after it). */
  title: string;
  description: string;
  body: ReactElement;
  islands?: IslandName[];
  /** An image for link previews (Open Graph), a public path. */
  image?: string;
  /** `article` for a news item or a blog post. */
  type?: 'website' | 'article';
  /** Structured data (schema.org), each object one `application/ld+json` block. */
  jsonLd?: Record<string, unknown>[];
  /** The navigation entry this page belongs to, to mark it current. */
  section?: string;
  /**
   * One visitor's page (a donation's payment details, a refused form's draft): never kept in the page cache, sent
   * with `Cache-Control: private, no-store`.
   */
  private?: boolean;
}

export interface PublicPage {
  /** A route of the server, `/web/news/:id`. */
  path: string;
  render(request: PageRequest): Promise<PageResult>;
}
