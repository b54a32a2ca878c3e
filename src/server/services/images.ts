/**
 * Uploaded images (employee photos now; gallery and profile images later). An upload is recognised by its bytes
 * (JPEG, PNG or WebP magic numbers), never by its name or declared type; its dimensions are read from the header
 * before anything is decoded; it is re-encoded in its own format at most `maxSide` pixels on the longer side, with
 * every piece of metadata (EXIF, GPS, XMP, IPTC, ICC) dropped, and stored under a random name in `rootDir`, a
 * directory that is served only through `GET /uploads/:folder/:file` (routes/uploads.ts).
 *
 * The caller saves first, then writes the database; when that write fails it removes the new file, and when it
 * replaces a photo it removes the old one once the new path is stored. saveWith() does exactly that:
 *
 *     const employee = await images.saveWith(bytes, 'employees', (photo) => records.update(…, { photo }), {
 *       replaces: previous.photo,
 *     });
 *
 * or by hand:
 *
 *     const photo = await images.save(bytes, 'employees');
 *     try { await records.update(…, { photo }); } catch (error) { await images.remove(photo); throw error; }
 *     await images.remove(previous.photo);
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { AppError, badRequest } from '../errors.ts';

/**
 * The largest upload accepted, in bytes (5 MB). The multipart limit (plugins/external/multipart.ts) uses the same
 * number.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The most pixels an upload may have (40 megapixels); larger images are refused before they are decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longer side of a stored image, in pixels. */
export const MAX_IMAGE_SIDE = 512;

/** Public paths start with this; the serving route is `GET /uploads/:folder/:file`. */
export const UPLOADS_PREFIX = '/uploads';

type ImageFormat = 'jpeg' | 'png' | 'webp';

const FORMATS: Record<ImageFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  webp: { extension: 'webp', contentType: 'image/webp' },
};

const FOLDER = /^[a-z-]+$/;
/** Exactly what save() writes: 32 hex digits and one of the three extensions. Nothing else is ever resolved. */
const FILE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;
const PUBLIC_PATH = /^\/uploads\/([a-z-]+)\/([0-9a-f]{32}\.(?:jpg|png|webp))$/;

export const IMAGE_MESSAGES = {
  notAnImage: 'The photo must be a JPEG, PNG or WebP image.',
  tooLarge: (maxBytes: number) => `The photo is larger than ${formatMegabytes(maxBytes)} MB.`,
  tooManyPixels: (maxPixels: number) => `The photo is too large (at most ${formatMegapixels(maxPixels)} megapixels).`,
  unreadable: 'The photo could not be read; the file may be damaged.',
} as const;

function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

function formatMegapixels(pixels: number): string {
  return String(Math.round((pixels / 1_000_000) * 10) / 10);
}

/** The format named by the first bytes, or undefined for anything that is not a JPEG, PNG or WebP image. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

export interface ImageStoreOptions {
  /** Bytes; default 5 MB. */
  maxBytes?: number;
  /** width × height; default 40 megapixels. */
  maxPixels?: number;
  /** The longer side of the stored image; default 512. Smaller images are not enlarged. */
  maxSide?: number;
}

export interface ResolvedImage {
  /** Absolute path of the file inside the root. */
  filePath: string;
  contentType: string;
}

export class ImageStore {
  readonly rootDir: string;
  readonly maxBytes: number;
  readonly maxPixels: number;
  readonly maxSide: number;

  constructor(rootDir: string, options: ImageStoreOptions = {}) {
    this.rootDir = resolve(rootDir);
    this.maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
    this.maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
    this.maxSide = options.maxSide ?? MAX_IMAGE_SIDE;
  }

  /**
   * Checks, re-encodes and stores an uploaded image in `folder` (a fixed name such as `employees`), and returns its
   * public path `/uploads/<folder>/<32 hex digits>.<jpg|png|webp>`. Throws AppError: 413 when larger than maxBytes,
   * 400 when not a JPEG/PNG/WebP image, when it has more than maxPixels, or when it cannot be decoded.
   */
  async save(bytes: Buffer, folder: string): Promise<string> {
    if (!FOLDER.test(folder)) throw new Error(`ImageStore: invalid folder name ${JSON.stringify(folder)}.`);
    if (bytes.length > this.maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge(this.maxBytes));
    }
    const format = sniffImageFormat(bytes);
    if (!format) throw badRequest(IMAGE_MESSAGES.notAnImage);

    // The header only: libvips opens images lazily, so this reads the dimensions without decoding the pixels.
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw badRequest(IMAGE_MESSAGES.unreadable);
    }
    if (metadata.format !== format) throw badRequest(IMAGE_MESSAGES.unreadable);
    if (!(metadata.width > 0 && metadata.height > 0)) throw badRequest(IMAGE_MESSAGES.unreadable);
    if (metadata.width * metadata.height > this.maxPixels) {
      throw badRequest(IMAGE_MESSAGES.tooManyPixels(this.maxPixels));
    }

    let output: Buffer;
    try {
      // limitInputPixels again, so the decoder itself refuses what the check above let through by mistake.
      // failOn 'warning' (sharp's default, stated here on purpose): a truncated or damaged image is refused.
      const pipeline = sharp(bytes, { limitInputPixels: this.maxPixels, failOn: 'warning', autoOrient: true }).resize({
        width: this.maxSide,
        height: this.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
      // No withMetadata/keep*: sharp writes no EXIF, XMP, IPTC or ICC profile (the pixels are converted to sRGB).
      if (format === 'jpeg') pipeline.jpeg({ quality: 85 });
      else if (format === 'png') pipeline.png({ compressionLevel: 9 });
      else pipeline.webp({ quality: 85 });
      output = await pipeline.toBuffer();
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw badRequest(IMAGE_MESSAGES.tooManyPixels(this.maxPixels));
      }
      throw badRequest(IMAGE_MESSAGES.unreadable);
    }

    const { extension } = FORMATS[format];
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    const directory = join(this.rootDir, folder);
    await mkdir(directory, { recursive: true });
    const filePath = join(directory, name);
    try {
      // 'wx': never overwrite (a collision of 128 random bits would be a bug, not a replacement).
      await writeFile(filePath, output, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      // A partly written file (a full disk) goes; an existing one (EEXIST) is not ours to delete.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(filePath, { force: true }).catch(() => {});
      throw error;
    }
    return `${UPLOADS_PREFIX}/${folder}/${name}`;
  }

  /**
   * save(), then `write(publicPath)` (the database write). When write throws, the new file is removed and the error
   * rethrown, so a failed create or update leaves no file behind. When it succeeds, the file of `replaces` (the
   * previous path, if any) is removed; failing to remove it does not fail the request, as the write is done.
   */
  async saveWith<T>(
    bytes: Buffer,
    folder: string,
    write: (publicPath: string) => Promise<T>,
    options: { replaces?: string | null } = {},
  ): Promise<T> {
    const publicPath = await this.save(bytes, folder);
    let result: T;
    try {
      result = await write(publicPath);
    } catch (error) {
      await this.remove(publicPath).catch(() => {});
      throw error;
    }
    if (options.replaces && options.replaces !== publicPath) await this.remove(options.replaces).catch(() => {});
    return result;
  }

  /**
   * Deletes the file of a public path returned by save(). Anything else (null, an external URL, another
   * directory, a path with `..`) is ignored, and a file already gone is not an error.
   */
  async remove(publicPath: string | null | undefined): Promise<void> {
    const resolved = this.resolve(publicPath);
    if (!resolved) return;
    await rm(resolved.filePath, { force: true });
  }

  /** The file and content type of a public path returned by save(), or undefined when the path is not one. */
  resolve(publicPath: string | null | undefined): ResolvedImage | undefined {
    if (typeof publicPath !== 'string') return undefined;
    const match = PUBLIC_PATH.exec(publicPath);
    if (!match) return undefined;
    return this.resolveFile(match[1]!, match[2]!);
  }

  /** The same, from the two parts of the route `/uploads/:folder/:file`. */
  resolveFile(folder: string, file: string): ResolvedImage | undefined {
    if (!FOLDER.test(folder)) return undefined;
    const match = FILE.exec(file);
    if (!match) return undefined;
    const filePath = resolve(this.rootDir, folder, file);
    // Belt and braces: the patterns above already exclude separators and dots.
    if (!filePath.startsWith(this.rootDir + sep)) return undefined;
    const format = (Object.keys(FORMATS) as ImageFormat[]).find((f) => FORMATS[f].extension === match[1]);
    return { filePath, contentType: FORMATS[format!].contentType };
  }
}
