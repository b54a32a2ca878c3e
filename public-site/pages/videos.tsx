/**
 * `/web/videos` (the grid of video albums) and `/web/videos/{id}` (an album: its video, then each of its items).
 * A YouTube or Vimeo video waits behind the album's own thumbnail and a play link: the page asks nothing of those
 * sites until the reader clicks, when the video island puts the site's player in its place; without JavaScript the
 * link opens the video on its site. An uploaded video plays in the browser's own player; any other address is a
 * link.
 */
import {
  embedAddress,
  FILE_PATH,
  imageAtWidth,
  isWebAddress,
  videoLink,
  type VideoLink,
} from '../../src/resources/media.ts';
import { Picture } from '../components.tsx';
import type { PageRequest, PageResult, PublicPage, PublicRow } from '../site.ts';
import { WORDS } from '../words.ts';
import { AlbumHeader, albumJsonLd, albumList, findAlbum, ownPicture, text, type AlbumKind } from './albums.tsx';

interface Video {
  caption: string;
  /** An uploaded file (`/uploads/files/<id>.mp4`) or a web address. */
  source: string;
}

/** Whether a value is something a video can be played or linked from. */
const playable = (value: unknown): value is string =>
  typeof value === 'string' && (FILE_PATH.test(value) || isWebAddress(value));

/** An album's videos: its own (under its title), then its items' (an upload before an address). */
function videosOf(album: PublicRow): Video[] {
  const videos: Video[] = [];
  if (playable(album.video)) videos.push({ caption: text(album.title), source: album.video });
  const items = Array.isArray(album.videos) ? (album.videos as unknown[]) : [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const { description, file, url } = item as Record<string, unknown>;
    const source = playable(file) ? file : playable(url) ? url : undefined;
    if (source) videos.push({ caption: text(description), source });
  }
  return videos;
}

const VIDEOS: AlbumKind = {
  resource: 'video_albums',
  base: '/web/videos',
  section: 'videos',
  words: WORDS.gallery.videos,
  count: (album) => WORDS.gallery.videos.count(videosOf(album).length),
};

/** The video list's column widths (styles.css: one column, two from 900 px). */
const VIDEO_SIZES = '(min-width: 1088px) 520px, (min-width: 900px) 47vw, 92vw';

const SITE_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/** The video's own page on its site, for a reader without JavaScript. */
function watchAddress(link: VideoLink): string {
  return link.site === 'youtube' ? `https://www.youtube.com/watch?v=${link.id}` : `https://vimeo.com/${link.id}`;
}

/** The player's address once the reader has asked for it: the cookie-less embed, playing at once. */
function playerAddress(link: VideoLink): string {
  const url = new URL(embedAddress(link));
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

function Preview({ poster, eager }: { poster: string | undefined; eager: boolean }) {
  return poster ? (
    <Picture src={poster} alt="" sizes={VIDEO_SIZES} ratio={[16, 9]} lazy={!eager} className="video-poster" />
  ) : (
    <span className="video-poster album-blank" aria-hidden="true" />
  );
}

function VideoPlayer({ video, poster, eager }: { video: Video; poster: string | undefined; eager: boolean }) {
  const words = WORDS.gallery.videos;
  const file = FILE_PATH.exec(video.source);
  if (file) {
    return (
      <video
        className="video-frame"
        controls
        preload="none"
        poster={imageAtWidth(poster, 640)}
        width={1280}
        height={720}
        aria-label={video.caption}
      >
        <source src={video.source} type={`video/${file[2]}`} />
        <a href={video.source}>{words.download}</a>
      </video>
    );
  }
  const link = videoLink(video.source);
  if (link) {
    const site = SITE_NAMES[link.site];
    return (
      <div className="video-frame">
        <Preview poster={poster} eager={eager} />
        <a
          className="video-play"
          href={watchAddress(link)}
          data-embed={playerAddress(link)}
          data-title={`${video.caption} (${site})`}
          aria-label={`${words.play(site)}: ${video.caption}`}
        >
          <span className="video-play-icon" aria-hidden="true" />
          <span className="video-play-text">{words.play(site)}</span>
        </a>
      </div>
    );
  }
  return (
    <div className="video-frame">
      <Preview poster={poster} eager={eager} />
      <a className="video-play" href={video.source} aria-label={`${words.open}: ${video.caption}`}>
        <span className="video-play-text">{words.open} ↗</span>
      </a>
    </div>
  );
}

export const videoAlbumList: PublicPage = {
  path: '/web/videos',
  render: (request: PageRequest) => albumList(VIDEOS, request),
};

export const videoAlbum: PublicPage = {
  path: '/web/videos/:id',
  async render(request: PageRequest): Promise<PageResult> {
    const found = await findAlbum(VIDEOS, request);
    if ('missing' in found) return found.missing;
    const { album } = found;
    const title = text(album.title);
    const poster = ownPicture(album.thumbnail);
    const videos = videosOf(album);
    const embedded = videos.some((video) => videoLink(video.source) !== undefined);
    return {
      title,
      description: text(album.description).slice(0, 160) || title,
      section: 'videos',
      image: imageAtWidth(poster, 1280),
      jsonLd: [albumJsonLd(album, 'VideoGallery', request)],
      islands: embedded ? ['video'] : [],
      body: (
        <>
          <AlbumHeader album={album} kind={VIDEOS} timeZone={request.timeZone} />
          {videos.length === 0 ? (
            <p className="empty">{WORDS.gallery.videos.none}</p>
          ) : (
            <ul className="video-list">
              {videos.map((video, i) => (
                <li key={i}>
                  <figure>
                    <VideoPlayer video={video} poster={poster} eager={i === 0} />
                    {video.caption ? <figcaption>{video.caption}</figcaption> : null}
                  </figure>
                </li>
              ))}
            </ul>
          )}
        </>
      ),
    };
  },
};
