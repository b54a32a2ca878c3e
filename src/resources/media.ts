/**
 * What the server, the admin and the public site agree on about uploaded files and web addresses: the public path
 * of an upload, the responsive variants an image is kept in, and which video site a link points to.
 * Isomorphic: nothing here may import server-only or browser-only code.
 */
import type { FileType } from './define.ts';

/** The widths of an image's WebP variants, in pixels; the re-encoded original is kept beside them. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

/** An uploaded image's public path, as the upload route answers it and a record stores it. */
export const IMAGE_PATH = /^\/uploads\/images\/([0-9a-f]{32})\.(jpg|png|webp)$/;
/** An uploaded file's public path (a video or a PDF). */
export const FILE_PATH = /^\/uploads\/files\/([0-9a-f]{32})\.(mp4|webm|pdf)$/;

/** The upload id (32 hex digits) named by a public path of either kind, or undefined. */
export function uploadIdOf(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  return (IMAGE_PATH.exec(path) ?? FILE_PATH.exec(path))?.[1];
}

/** The public path of a variant: `/uploads/images/<id>-640.webp`. */
export function variantPath(id: string, width: ImageWidth): string {
  return `/uploads/images/${id}-${width}.webp`;
}

export interface ImageVariants {
  original: string;
  /** Width → public path of the WebP variant. */
  widths: Record<ImageWidth, string>;
}

/** The variants of an uploaded image's path; undefined for an external address (which has none). */
export function imageVariants(path: string | null | undefined): ImageVariants | undefined {
  const match = typeof path === 'string' ? IMAGE_PATH.exec(path) : null;
  if (!match) return undefined;
  const id = match[1]!;
  return {
    original: path!,
    widths: Object.fromEntries(IMAGE_WIDTHS.map((w) => [w, variantPath(id, w)])) as Record<ImageWidth, string>,
  };
}

/** `srcset` of an uploaded image (its WebP variants), or undefined for an external address. */
export function srcSetOf(path: string | null | undefined): string | undefined {
  const variants = imageVariants(path);
  if (!variants) return undefined;
  return IMAGE_WIDTHS.map((w) => `${variants.widths[w]} ${w}w`).join(', ');
}

/** The smallest variant at least `width` pixels wide (the largest when none is), or the address itself. */
export function imageAtWidth(path: string | null | undefined, width: number): string | undefined {
  if (typeof path !== 'string' || path === '') return undefined;
  const variants = imageVariants(path);
  if (!variants) return path;
  const chosen = IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  return variants.widths[chosen];
}

/** Whether a path names an uploaded file of one of these types. */
export function isFilePath(path: string, accept: readonly FileType[]): boolean {
  const match = FILE_PATH.exec(path);
  return match !== null && accept.includes(match[2] as FileType);
}

/** An absolute `http://` or `https://` address of at most 2,000 characters, with a host. */
export function isWebAddress(value: string): boolean {
  if (value.length > 2000 || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username;
  } catch {
    return false;
  }
}

/**
 * The address of an image elsewhere: an `https://` web address. Pages show it as given (the server never fetches
 * it), and their Content-Security-Policy lets images come over https only (plugins/app/security-headers.ts), so a plain
 * `http://` picture would be blocked there, and on an https site it would be mixed content besides.
 */
export function isImageAddress(value: string): boolean {
  return isWebAddress(value) && /^https:\/\//i.test(value);
}

export type VideoLink = { site: 'youtube'; id: string } | { site: 'vimeo'; id: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video site and id of a YouTube or Vimeo link (watch, short, embed and share forms), or undefined for any
 * other address. The id is what an embed needs (youtube-nocookie.com/embed/<id>, player.vimeo.com/video/<id>).
 */
export function videoLink(address: string | null | undefined): VideoLink | undefined {
  if (typeof address !== 'string' || !isWebAddress(address)) return undefined;
  const url = new URL(address);
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') {
    const id = parts[0];
    return id && YOUTUBE_ID.test(id) ? { site: 'youtube', id } : undefined;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    const id =
      parts[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined;
    return id && YOUTUBE_ID.test(id) ? { site: 'youtube', id } : undefined;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com') {
    const id =
      host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts.find((p) => /^\d+$/.test(p));
    return id && /^\d{1,12}$/.test(id) ? { site: 'vimeo', id } : undefined;
  }
  return undefined;
}

/** The address of a cookie-less embed of a recognised video link. */
export function embedAddress(link: VideoLink): string {
  return link.site === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${link.id}`
    : `https://player.vimeo.com/video/${link.id}?dnt=1`;
}

/** What the upload route (`POST /api/v2/uploads`) answers with 201. */
export interface UploadAnswer {
  /** What the record's field stores: the public path of the (re-encoded) original. */
  path: string;
  kind: 'image' | 'file';
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
}
