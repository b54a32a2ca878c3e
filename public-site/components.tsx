/** Pieces the pages share: a responsive image, the pager, a back link. */
import { imageAtWidth, srcSetOf } from '../src/resources/media.ts';
import type { PageRequest, PublicRow } from './site.ts';
import { WORDS } from './words.ts';

/**
 * An image in a box of a fixed shape (`ratio`, width over height), cropped to fill it, so the page never moves when
 * it arrives. Uploaded images come in their WebP variants (`srcset`, chosen by `sizes`); an address from elsewhere
 * is shown as it is. Below the fold (`lazy`) it loads only when the reader comes near it.
 */
export function Picture({
  src,
  alt,
  sizes,
  ratio = [16, 9],
  lazy = true,
  className,
}: {
  src: unknown;
  alt: string;
  sizes: string;
  ratio?: [number, number];
  lazy?: boolean;
  className?: string;
}) {
  const path = typeof src === 'string' && src !== '' ? src : undefined;
  if (!path) return null;
  const [w, h] = ratio;
  return (
    <img
      className={className ? `picture ${className}` : 'picture'}
      src={imageAtWidth(path, 640)}
      srcSet={srcSetOf(path)}
      sizes={srcSetOf(path) ? sizes : undefined}
      alt={alt}
      width={w * 40}
      height={h * 40}
      style={{ aspectRatio: `${w} / ${h}` }}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      {...(lazy ? {} : { fetchPriority: 'high' as const })}
    />
  );
}

/** Whether a record's image field names an image (`Picture` shows nothing otherwise). */
export function hasImage(src: unknown): boolean {
  return typeof src === 'string' && src !== '';
}

/** Previous and next pages of a list, as plain links (`?page=2`), with where the reader is. */
export function Pager({ base, page, pages }: { base: string; page: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? base : `${base}?page=${n}`);
  return (
    <nav className="pager" aria-label={WORDS.pagination.label}>
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          ← {WORDS.pagination.previous}
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">{WORDS.pagination.pageOf(page, pages)}</span>
      {page < pages ? (
        <a href={href(page + 1)} rel="next">
          {WORDS.pagination.next} →
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="back">
      <a href={href}>← {label}</a>
    </p>
  );
}

/**
 * The page of a public list that `?page=` asks for: its rows, the page shown and the number of pages. Past the last
 * page (an old link), the last page; not a page number, the first.
 */
export async function listPage(
  request: Pick<PageRequest, 'query' | 'data'>,
  resource: string,
  perPage: number,
  from?: { field: string },
): Promise<{ items: PublicRow[]; page: number; pages: number }> {
  const asked = pageNumber(request.query);
  const options = { perPage, ...(from ? { from } : {}) };
  let { items, total } = await request.data.page(resource, { page: asked, ...options });
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (asked <= pages) return { items, page: asked, pages };
  ({ items, total } = await request.data.page(resource, { page: pages, ...options }));
  return { items, page: pages, pages };
}

/** The page number of a list from `?page=`: a whole number from 1, else 1; beyond the last page, the last. */
export function pageNumber(query: URLSearchParams): number {
  const raw = query.get('page');
  if (raw === null || !/^[1-9][0-9]{0,5}$/.test(raw)) return 1;
  return Number(raw);
}
