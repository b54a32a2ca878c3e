/**
 * Uploads of every image and file field of every declared resource, through one route (routes/api/v2/uploads.ts).
 *
 * An upload is streamed to a temporary file (never held in memory), recognised by its bytes, and for an image
 * re-encoded with its EXIF orientation applied and every piece of metadata dropped, in the re-encoded original and
 * WebP variants 320, 640 and 1280 pixels wide, made one after another, with at most `concurrency` images at once.
 * Its files are stored under a server-made name (32 hex digits) and a row of `uploads` records it, waiting.
 *
 * Files follow records: a record's write names uploads in its fields; in the write's own transaction the newly
 * named ones are attached to the record (only waiting uploads of the same author), and the ones no longer named are
 * released, their files removed once the transaction has committed. A sweep (at start, then daily) removes
 * uploads left waiting for a day and any stored file without a row, so a crash between commit and removal leaves
 * nothing behind for long.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  isUploadField,
  uploadFieldAt,
  type FileType,
  type ResourceDeclaration,
  type UploadField,
} from '../../resources/define.ts';
import { IMAGE_WIDTHS, uploadIdOf, type ImageExtension, type UploadAnswer } from '../../resources/media.ts';
import type { Database } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import type { Caller } from './access.ts';
import { detectFileType, FILE_CONTENT_TYPES } from './file-checks.ts';
import { sniffImageFormat } from './images.ts';
import type { RecordRow, ResourceBehaviour, Tx } from './records.ts';
import type { FileStorage } from './storage.ts';
import { keysOf } from './upload-keys.ts';

export interface UploadLimits {
  /** Bytes of an image upload. */
  imageMaxBytes: number;
  /** Bytes of a video or document. */
  fileMaxBytes: number;
  /** Pixels (width × height) of an image; larger ones are refused before they are decoded. */
  maxPixels: number;
  /** Images processed at once; more wait their turn. */
  concurrency: number;
}

/** How long an upload may wait for its form to be saved before the sweep removes it. */
export const WAITING_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A stored file without a row is left alone this long (its upload may still be finishing in another process). */
const UNRECORDED_GRACE_MS = 60 * 60 * 1000;

const megabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
const megapixels = (pixels: number) => String(Math.round((pixels / 1_000_000) * 10) / 10);

export const UPLOAD_MESSAGES = {
  notAnImage: 'The image must be a JPEG, PNG or WebP image.',
  unreadableImage: 'The image could not be read; the file may be damaged or incomplete.',
  tooManyPixels: (max: number) => `The image is too large (at most ${megapixels(max)} megapixels).`,
  imageTooLarge: (max: number) => `The image is larger than ${megabytes(max)} MB.`,
  fileTooLarge: (max: number) => `The file is larger than ${megabytes(max)} MB.`,
  notAccepted: (accept: readonly FileType[]) =>
    `The file must be ${accept.map((t) => (t === 'pdf' ? 'a PDF document' : `an ${t.toUpperCase()} video`)).join(' or ')}.`,
  empty: 'The file is empty.',
  notFound: (label: string) => `${label}: the uploaded file was not found; upload it again.`,
} as const;

/** A counting semaphore: at most `limit` holders at once, the others waiting in order. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

const IMAGE_TYPES: Record<ImageExtension, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const FORMAT_EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

export { keysOf };

/** The upload ids a record names in its image and file fields (an items field's too), by field. */
function namedUploads(resource: ResourceDeclaration, row: Record<string, unknown> | undefined): Map<string, string> {
  const named = new Map<string, string>();
  if (!row) return named;
  const collect = (field: string, value: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) {
      const id = uploadIdOf(item);
      if (id) named.set(id, field);
    }
  };
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (isUploadField(decl)) collect(field, row[field]);
    else if (decl.kind === 'items' && Array.isArray(row[field])) {
      for (const item of row[field] as Record<string, unknown>[])
        for (const [inner, itemDecl] of Object.entries(decl.fields))
          if (isUploadField(itemDecl)) collect(`${field}.${inner}`, item?.[inner]);
    }
  }
  return named;
}

export class UploadService {
  private readonly processing: Semaphore;
  private readonly database: Database;
  readonly storage: FileStorage;
  private readonly tmpDir: string;
  readonly limits: UploadLimits;

  constructor(database: Database, storage: FileStorage, tmpDir: string, limits: UploadLimits) {
    this.database = database;
    this.storage = storage;
    this.tmpDir = tmpDir;
    this.limits = limits;
    this.processing = new Semaphore(limits.concurrency);
    // libvips's cache of operations keeps decoded images for reuse; every upload is a different image.
    sharp.cache(false);
  }

  maxBytesOf(decl: UploadField): number {
    return decl.kind === 'image' ? this.limits.imageMaxBytes : this.limits.fileMaxBytes;
  }

  tooLargeMessage(decl: UploadField): string {
    return decl.kind === 'image'
      ? UPLOAD_MESSAGES.imageTooLarge(this.limits.imageMaxBytes)
      : UPLOAD_MESSAGES.fileTooLarge(this.limits.fileMaxBytes);
  }

  private async tempFile(): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return join(this.tmpDir, `${randomBytes(16).toString('hex')}.part`);
  }

  /**
   * Streams `file` to a temporary file, checks it for the field, stores it and records it as waiting. `truncated`
   * tells whether the multipart limit cut the file short (then: 413). Nothing is left behind when it fails.
   */
  async receive(actor: Caller, decl: UploadField, file: Readable, truncated: () => boolean): Promise<UploadAnswer> {
    const tmp = await this.tempFile();
    const made: string[] = [tmp];
    try {
      // The field's own limit, counted as the bytes arrive: a file past it ends the upload at once.
      const limit = this.maxBytesOf(decl);
      let seen = 0;
      const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', this.tooLargeMessage(decl));
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          if (seen > limit) done(tooLarge());
          else done(null, chunk);
        },
      });
      await pipeline(file, counted, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      if (truncated()) throw tooLarge();
      const { size } = await stat(tmp);
      if (size === 0) throw badRequest(UPLOAD_MESSAGES.empty);
      const id = randomBytes(16).toString('hex');
      const stored =
        decl.kind === 'image'
          ? await this.processing.run(() => this.processImage(tmp, id, made))
          : await this.checkFile(tmp, id, size, decl.accept);
      const keys: string[] = [];
      try {
        for (const [key, local] of stored.files) {
          await this.storage.put(key, local);
          keys.push(key);
        }
        await this.database.db.insert(uploads).values({
          id,
          kind: decl.kind,
          extension: stored.extension,
          content_type: stored.contentType,
          bytes: stored.bytes,
          width: stored.width ?? null,
          height: stored.height ?? null,
          created_by: actor.id,
        });
      } catch (error) {
        for (const key of keys) await this.storage.remove(key).catch(() => {});
        throw error;
      }
      const folder = decl.kind === 'image' ? 'images' : 'files';
      return {
        path: `/uploads/${folder}/${id}.${stored.extension}`,
        kind: decl.kind,
        contentType: stored.contentType,
        bytes: stored.bytes,
        ...(stored.width ? { width: stored.width, height: stored.height } : {}),
      };
    } finally {
      for (const path of made) await rm(path, { force: true }).catch(() => {});
    }
  }

  /** Checks and re-encodes an image: the original (same format) and the WebP variants, one after another. */
  private async processImage(tmp: string, id: string, made: string[]) {
    const handle = await open(tmp, 'r');
    const head = Buffer.alloc(16);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    const format = sniffImageFormat(head);
    if (!format) throw badRequest(UPLOAD_MESSAGES.notAnImage);
    let metadata: Metadata;
    try {
      // The header only: libvips opens lazily, so this reads the dimensions without decoding any pixels.
      metadata = await sharp(tmp, { limitInputPixels: false }).metadata();
    } catch {
      throw badRequest(UPLOAD_MESSAGES.unreadableImage);
    }
    if (metadata.format !== format || !(metadata.width > 0 && metadata.height > 0)) {
      throw badRequest(UPLOAD_MESSAGES.unreadableImage);
    }
    if (metadata.width * metadata.height > this.limits.maxPixels) {
      throw badRequest(UPLOAD_MESSAGES.tooManyPixels(this.limits.maxPixels));
    }
    const extension = FORMAT_EXTENSION[format];
    const files: [string, string][] = [];
    let output: OutputInfo;
    try {
      // Decoded once, turned upright by its EXIF orientation (before any resizing, or portrait photos come out on
      // their side), as 8-bit sRGB pixels; every stored file is encoded from these. failOn 'warning': a truncated
      // or damaged image is refused; limitInputPixels again, in the decoder itself.
      // Kept in libvips's own uncompressed format on disk, which it maps into memory: decoded once, without holding
      // the pixels in JavaScript's heap until a garbage collection.
      const decoded = `${tmp}.v`;
      made.push(decoded);
      await sharp(tmp, { limitInputPixels: this.limits.maxPixels, failOn: 'warning', autoOrient: true })
        .toColourspace('srgb')
        .toFile(decoded);
      const pixels = (file: string) => sharp(file, { limitInputPixels: this.limits.maxPixels });
      const original = `${tmp}.${extension}`;
      made.push(original);
      // Encoded from pixels alone: no EXIF, GPS, XMP, IPTC or ICC profile is written.
      const encoder = pixels(decoded);
      // A JPEG without optimised Huffman tables: the same pixels in a file about a tenth larger, made five times faster
      // and in far less memory (optimising keeps every coefficient of the image for a second pass: for 12 megapixels
      // 390 against 75 ms of CPU, and a peak 140 MB higher; docs/performance.md, "Uploads").
      if (format === 'jpeg') encoder.jpeg({ quality: 85, optimiseCoding: false });
      else if (format === 'png') encoder.png({ compressionLevel: 9 });
      else encoder.webp({ quality: 85 });
      output = await encoder.toFile(original);
      files.push([`images/${id}.${extension}`, original]);
      // The largest variant is resized from the full image once, and kept (again in libvips's format); the smaller
      // ones are resized from it: each read of the full image costs about as much as encoding a small variant.
      const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
      const reduced = `${tmp}-${largest}.v`;
      made.push(reduced);
      await pixels(decoded).resize({ width: largest, withoutEnlargement: true }).toFile(reduced);
      for (const width of IMAGE_WIDTHS) {
        const variant = `${tmp}-${width}.webp`;
        made.push(variant);
        await pixels(reduced).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(variant);
        files.push([`images/${id}-${width}.webp`, variant]);
      }
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw badRequest(UPLOAD_MESSAGES.tooManyPixels(this.limits.maxPixels));
      }
      throw badRequest(UPLOAD_MESSAGES.unreadableImage);
    }
    return {
      files,
      extension,
      contentType: IMAGE_TYPES[extension],
      bytes: output.size,
      width: output.width,
      height: output.height,
    };
  }

  /** Checks a video or document by its structure; it is stored as sent. */
  private async checkFile(tmp: string, id: string, size: number, accept: readonly FileType[]) {
    const handle = await open(tmp, 'r');
    let type: FileType | undefined;
    try {
      type = await detectFileType(handle, size, accept);
    } finally {
      await handle.close();
    }
    if (!type) throw badRequest(UPLOAD_MESSAGES.notAccepted(accept));
    return {
      files: [[`files/${id}.${type}`, tmp]] as [string, string][],
      extension: type,
      contentType: FILE_CONTENT_TYPES[type],
      bytes: size,
      width: undefined,
      height: undefined,
    };
  }

  /**
   * The behaviour that makes a resource's files follow its records (records.extend): attach what a write newly
   * names, release what it no longer names, and remove released files after the commit.
   */
  behaviour(resource: ResourceDeclaration): ResourceBehaviour {
    const hooks = (actor: Caller, operation: 'create' | 'update' | 'delete') => {
      let released: { id: string; kind: 'image' | 'file'; extension: string }[] = [];
      return {
        after: async (tx: Tx, row: RecordRow, before?: RecordRow) => {
          const now = operation === 'delete' ? new Map<string, string>() : namedUploads(resource, row);
          const then = operation === 'create' ? new Map<string, string>() : namedUploads(resource, before);
          const added = [...now].filter(([id]) => !then.has(id));
          const gone = [...then.keys()].filter((id) => !now.has(id));
          for (const [id, field] of added) {
            const decl = uploadFieldAt(resource, field)!;
            const attached = await tx
              .update(uploads)
              .set({ resource: resource.name, record_id: row.id, field })
              .where(
                and(
                  eq(uploads.id, id),
                  isNull(uploads.resource),
                  eq(uploads.kind, decl.kind),
                  eq(uploads.created_by, actor.id),
                ),
              )
              .returning({ id: uploads.id });
            if (attached.length === 0) {
              const message = UPLOAD_MESSAGES.notFound(decl.label);
              throw badRequest(message, [{ field: field.split('.')[0]!, message }]);
            }
          }
          if (gone.length > 0) {
            released = await tx
              .delete(uploads)
              .where(and(inArray(uploads.id, gone), eq(uploads.resource, resource.name), eq(uploads.record_id, row.id)))
              .returning({ id: uploads.id, kind: uploads.kind, extension: uploads.extension });
          }
        },
        committed: async () => {
          await this.removeFiles(released);
        },
      };
    };
    return {
      create: (_secrets, actor) => hooks(actor, 'create'),
      update: (_secrets, actor) => hooks(actor, 'update'),
      delete: (actor) => hooks(actor, 'delete'),
    };
  }

  private async removeFiles(rows: { id: string; kind: 'image' | 'file'; extension: string }[]): Promise<void> {
    for (const row of rows) for (const key of keysOf(row)) await this.storage.remove(key).catch(() => {});
  }

  /**
   * Removes uploads left waiting longer than `waitingMs`, stored files that no row records (older than an hour),
   * and temporary files older than an hour. Answers what it removed.
   */
  async sweep(waitingMs = WAITING_UPLOAD_MS): Promise<{ waiting: number; unrecorded: number }> {
    const cutoff = new Date(Date.now() - waitingMs);
    const abandoned = await this.database.db
      .delete(uploads)
      .where(and(isNull(uploads.resource), lt(uploads.created_at, cutoff)))
      .returning({ id: uploads.id, kind: uploads.kind, extension: uploads.extension });
    await this.removeFiles(abandoned);

    const graceEnd = Date.now() - UNRECORDED_GRACE_MS;
    let unrecorded = 0;
    for (const folder of ['images', 'files']) {
      const candidates: { key: string; id: string }[] = [];
      for await (const { key, modified } of this.storage.list(folder)) {
        if (modified.getTime() >= graceEnd) continue;
        // A name of another shape in these folders is not one of ours to keep.
        candidates.push({ key, id: /^[a-z]+\/([0-9a-f]{32})[.-]/.exec(key)?.[1] ?? '' });
      }
      for (let i = 0; i < candidates.length; i += 500) {
        const batch = candidates.slice(i, i + 500);
        const ids = [...new Set(batch.map((c) => c.id).filter(Boolean))];
        const known = new Set(
          ids.length === 0
            ? []
            : (await this.database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids))).map(
                (r) => r.id,
              ),
        );
        for (const candidate of batch) {
          if (candidate.id && known.has(candidate.id)) continue;
          await this.storage.remove(candidate.key).catch(() => {});
          unrecorded++;
        }
      }
    }
    try {
      for (const name of await readdir(this.tmpDir)) {
        const path = join(this.tmpDir, name);
        const info = await stat(path).catch(() => undefined);
        if (info && info.mtime.getTime() < graceEnd) await rm(path, { force: true, recursive: true });
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return { waiting: abandoned.length, unrecorded };
  }

  /** The number of uploads waiting for their form (tests and operations). */
  async waitingCount(): Promise<number> {
    const [row] = await this.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploads)
      .where(isNull(uploads.resource));
    return Number(row?.n ?? 0);
  }
}
