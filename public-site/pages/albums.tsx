/**
 * What the two galleries share (`/web/images` and `/web/videos`): the grid of albums, newest first and 12 a page,
 * each under its own thumbnail; an album's heading; the Hindi 404 with the way back; and which pictures a page may
 * show at all (an album's thumbnail from YouTube or Vimeo never: the page asks nothing of them before a click).
 */
import { imageAtWidth } from '../../src/resources/media.ts';
import { BackLink, listPage, Pager, Picture } from '../components.tsx';
import { hindiDate, isoDate } from '../format.ts';
import type { PageRequest, PageResult, PublicRow } from '../site.ts';
import { WORDS } from '../words.ts';

/** Albums a page of the grid: four rows of three on a wide screen. */
export const ALBUMS_PER_PAGE = 12;

export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The `:id` of an album's address, when it is one a record may have. */
export function albumId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}

/** Hosts of the video sites and their picture servers: a picture from them would tell them of the visit. */
const VIDEO_SITE_HOSTS =
  /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|ggpht\.com|vimeo\.com|vimeocdn\.com)$/i;

/**
 * A picture the page may show: an upload, or an https address elsewhere that is not a video site's (the pages'
 * policy lets images in over https only; a plain http one, stored before addresses had to be https, would show as
 * a broken box, so the album's blank shows instead).
 */
export function ownPicture(value: unknown): string | undefined {
  const path = text(value);
  if (path === '') return undefined;
  if (path.startsWith('/uploads/')) return path;
  try {
    const url = new URL(path);
    if (url.protocol !== 'https:') return undefined;
    return VIDEO_SITE_HOSTS.test(url.hostname) ? undefined : path;
  } catch {
    return undefined;
  }
}

/** The grid's column widths, as `sizes` (styles.css: one column, two from 560 px, three from 900 px). */
const GRID_SIZES = '(min-width: 1088px) 336px, (min-width: 900px) 31vw, (min-width: 560px) 47vw, 92vw';

export interface AlbumKind {
  /** The declared resource: `image_albums`, `video_albums`. */
  resource: string;
  /** `/web/images`. */
  base: string;
  section: 'images' | 'videos';
  words: { title: string; description: string; empty: string; notFound: string; all: string };
  /** How many pictures or videos an album holds, in words: "5 चित्र". */
  count(album: PublicRow): string;
}

function AlbumCard({
  album,
  kind,
  timeZone,
  first,
}: {
  album: PublicRow;
  kind: AlbumKind;
  timeZone: string;
  first: boolean;
}) {
  const title = text(album.title);
  return (
    <li className="album-card">
      <a href={`${kind.base}/${album.id}`}>
        {ownPicture(album.thumbnail) ? (
          <Picture src={ownPicture(album.thumbnail)} alt="" sizes={GRID_SIZES} ratio={[4, 3]} lazy={!first} />
        ) : (
          <span className="album-blank" aria-hidden="true" />
        )}
        <span className="album-title">{title}</span>
      </a>
      <p className="meta">
        <time dateTime={isoDate(album.date)}>{hindiDate(album.date, timeZone)}</time> · {kind.count(album)}
      </p>
    </li>
  );
}

/** The grid of a gallery's albums, newest first, 12 a page (beyond the last page, the last). */
export async function albumList(kind: AlbumKind, request: PageRequest): Promise<PageResult> {
  const { timeZone } = request;
  const { items, page, pages } = await listPage(request, kind.resource, ALBUMS_PER_PAGE);
  return {
    title: page > 1 ? `${kind.words.title}: ${WORDS.pagination.pageOf(page, pages)}` : kind.words.title,
    description: kind.words.description,
    section: kind.section,
    image: imageAtWidth(ownPicture(items[0]?.thumbnail), 1280),
    body: (
      <>
        <h1>{kind.words.title}</h1>
        {items.length === 0 ? (
          <p className="empty">{kind.words.empty}</p>
        ) : (
          <ul className="album-grid">
            {items.map((album, i) => (
              <AlbumCard key={album.id} album={album} kind={kind} timeZone={timeZone} first={i === 0 && page === 1} />
            ))}
          </ul>
        )}
        <Pager base={kind.base} page={page} pages={pages} />
      </>
    ),
  };
}

/** The album a page asks for, or the Hindi 404 with the way back to the albums. */
export async function findAlbum(
  kind: AlbumKind,
  { params, data }: PageRequest,
): Promise<{ album: PublicRow } | { missing: PageResult }> {
  const id = albumId(params.id);
  const album = id !== undefined ? await data.one(kind.resource, id) : undefined;
  if (album) return { album };
  return {
    missing: {
      status: 404,
      title: kind.words.notFound,
      description: kind.words.notFound,
      section: kind.section,
      body: (
        <>
          <h1>{kind.words.notFound}</h1>
          <p>{WORDS.gallery.notFoundText}</p>
          <BackLink href={kind.base} label={kind.words.all} />
        </>
      ),
    },
  };
}

/** An album's heading: the way back, its title, date and description. */
export function AlbumHeader({ album, kind, timeZone }: { album: PublicRow; kind: AlbumKind; timeZone: string }) {
  const description = text(album.description);
  return (
    <>
      <BackLink href={kind.base} label={kind.words.all} />
      <h1>{text(album.title)}</h1>
      <p className="meta">
        <time dateTime={isoDate(album.date)}>{hindiDate(album.date, timeZone)}</time> · {kind.count(album)}
      </p>
      {description ? <p className="album-description">{description}</p> : null}
    </>
  );
}

/** The structured data of an album (schema.org ImageGallery or VideoGallery). */
export function albumJsonLd(
  album: PublicRow,
  type: 'ImageGallery' | 'VideoGallery',
  { origin, path }: { origin: string; path: string },
): Record<string, unknown> {
  const thumbnail = ownPicture(album.thumbnail);
  return {
    '@context': 'https://schema.org',
    '@type': type,
    name: text(album.title),
    ...(text(album.description) ? { description: text(album.description) } : {}),
    ...(isoDate(album.date) ? { datePublished: isoDate(album.date) } : {}),
    ...(thumbnail ? { image: new URL(thumbnail, origin).toString() } : {}),
    url: `${origin}${path}`,
  };
}
