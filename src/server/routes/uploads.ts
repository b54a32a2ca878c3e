/**
 * Serves stored uploads at the paths the upload services answered: `GET /uploads/<folder>/<name>`. Public (the
 * names are 128 random bits), with the content type of what the file was checked to be, nosniff, and a year of
 * immutable caching (a replaced file gets a new name, so a path never changes content). Single byte ranges are
 * served (206), so a video can be seeked; an unsatisfiable range answers 416. Anything that is not such a path, or
 * a file that is gone, is a plain-text 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_WIDTHS } from '../../resources/media.ts';
import type { StoredFile } from '../services/storage.ts';

export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** The names the upload service stores, by folder. */
const NAMES: Record<string, RegExp> = {
  images: new RegExp(`^[0-9a-f]{32}(?:-(?:${IMAGE_WIDTHS.join('|')}))?\\.(jpg|png|webp)$`),
  files: /^[0-9a-f]{32}\.(mp4|webm|pdf)$/,
};

export function notFoundUpload(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/plain; charset=utf-8')
    .send('Not found.');
}

/** The one byte range of a `Range` header, `'unsatisfiable'`, or undefined to send the whole file. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file (a server may ignore a Range it does not serve).
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function send(request: FastifyRequest, reply: FastifyReply, file: StoredFile, contentType: string): FastifyReply {
  reply
    .header('Content-Type', contentType)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', UPLOAD_CACHE_CONTROL)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Last-Modified', file.modified.toUTCString());
  const range = byteRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${file.size}`)
      .header('Content-Type', 'text/plain; charset=utf-8')
      .send('');
  }
  if (!range) return reply.header('Content-Length', String(file.size)).send(file.read());
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(file.read(range));
}

export function uploadRoutes(app: FastifyInstance): void {
  app.get<{ Params: { folder: string; file: string } }>(
    '/uploads/:folder/:file',
    { config: { public: true } },
    async (request, reply) => {
      const { folder, file } = request.params;
      const pattern = Object.hasOwn(NAMES, folder) ? NAMES[folder] : undefined;
      if (pattern) {
        const match = pattern.exec(file);
        if (!match) return notFoundUpload(reply);
        const stored = await app.services.uploads.storage.get(`${folder}/${file}`);
        if (!stored) return notFoundUpload(reply);
        return send(request, reply, stored, CONTENT_TYPES[match[1]!]!);
      }
      // Employee and user photos (services/images.ts), in folders of their own.
      const resolved = app.services.images.resolveFile(folder, file);
      if (!resolved) return notFoundUpload(reply);
      const stored = await app.services.uploads.storage.get(`${folder}/${file}`);
      if (!stored) return notFoundUpload(reply);
      return send(request, reply, stored, resolved.contentType);
    },
  );
}
