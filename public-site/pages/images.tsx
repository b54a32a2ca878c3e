/**
 * `/web/images` (the grid of image albums) and `/web/images/{id}` (an album: every picture of its items, each under
 * its item's description). Each picture is a link to its large variant, which the lightbox island opens in place
 * (previous, next, close; by keyboard too); without JavaScript the link opens the picture itself.
 */
import { imageAtWidth } from '../../src/resources/media.ts';
import { Picture } from '../components.tsx';
import type { PageRequest, PageResult, PublicPage, PublicRow } from '../site.ts';
import { WORDS } from '../words.ts';
import { AlbumHeader, albumJsonLd, albumList, findAlbum, ownPicture, text, type AlbumKind } from './albums.tsx';

interface PictureSet {
  description: string;
  pictures: string[];
}

/** An album's items as sets of pictures: its uploaded files, then its address (an image elsewhere). */
function pictureSets(album: PublicRow): PictureSet[] {
  const items = Array.isArray(album.images) ? (album.images as unknown[]) : [];
  return items.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { description, files, url } = item as Record<string, unknown>;
    const pictures = [
      ...(Array.isArray(files) ? files.map(ownPicture) : []),
      ...(typeof url === 'string' ? [ownPicture(url)] : []),
    ].filter((path): path is string => path !== undefined);
    return pictures.length > 0 ? [{ description: text(description), pictures }] : [];
  });
}

const countOf = (album: PublicRow) => pictureSets(album).reduce((sum, set) => sum + set.pictures.length, 0);

const IMAGES: AlbumKind = {
  resource: 'image_albums',
  base: '/web/images',
  section: 'images',
  words: WORDS.gallery.images,
  count: (album) => WORDS.gallery.images.count(countOf(album)),
};

/** The picture grid's column widths (styles.css: two columns, three from 560 px, four from 900 px). */
const PHOTO_SIZES = '(min-width: 1088px) 256px, (min-width: 900px) 23vw, (min-width: 560px) 31vw, 46vw';

/** The lightbox, closed until the island opens it; its words are the page's, so the island carries none. */
function Lightbox() {
  const words = WORDS.gallery.lightbox;
  return (
    <dialog
      className="lightbox"
      id="lightbox"
      aria-modal="true"
      aria-labelledby="lightbox-caption"
      data-counter={words.counter}
    >
      {/* The island puts the large picture here. */}
      <div className="lightbox-stage" />
      <div className="lightbox-bar">
        <p className="lightbox-caption" id="lightbox-caption" aria-live="polite" />
        <div className="lightbox-buttons">
          <button type="button" data-lightbox="previous">
            ← {words.previous}
          </button>
          <button type="button" data-lightbox="next">
            {words.next} →
          </button>
          <button type="button" data-lightbox="close">
            {words.close} ✕
          </button>
        </div>
      </div>
    </dialog>
  );
}

export const imageAlbumList: PublicPage = {
  path: '/web/images',
  render: (request: PageRequest) => albumList(IMAGES, request),
};

export const imageAlbum: PublicPage = {
  path: '/web/images/:id',
  async render(request: PageRequest): Promise<PageResult> {
    const found = await findAlbum(IMAGES, request);
    if ('missing' in found) return found.missing;
    const { album } = found;
    const title = text(album.title);
    const sets = pictureSets(album);
    let n = 0;
    return {
      title,
      description: text(album.description).slice(0, 160) || title,
      section: 'images',
      image: imageAtWidth(ownPicture(album.thumbnail), 1280),
      jsonLd: [albumJsonLd(album, 'ImageGallery', request)],
      islands: sets.length > 0 ? ['lightbox'] : [],
      body: (
        <>
          <AlbumHeader album={album} kind={IMAGES} timeZone={request.timeZone} />
          {sets.length === 0 ? <p className="empty">{WORDS.gallery.images.none}</p> : null}
          {sets.map((set, s) => (
            <figure className="photo-set" key={s}>
              {set.description ? <figcaption>{set.description}</figcaption> : null}
              <ul className="photo-grid">
                {set.pictures.map((path, i) => {
                  n += 1;
                  const alt =
                    set.pictures.length > 1
                      ? `${set.description} (${i + 1}/${set.pictures.length})`
                      : set.description || `${title} ${n}`;
                  return (
                    <li key={i}>
                      <a className="photo" href={imageAtWidth(path, 1280)} data-photo={set.description}>
                        <Picture src={path} alt={alt} sizes={PHOTO_SIZES} ratio={[4, 3]} lazy={n > 2} />
                      </a>
                    </li>
                  );
                })}
              </ul>
            </figure>
          ))}
          {sets.length > 0 ? <Lightbox /> : null}
        </>
      ),
    };
  },
};
