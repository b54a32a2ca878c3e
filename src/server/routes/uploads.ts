/**
 * Serves stored images at the path ImageStore.save() returned: `GET /uploads/<folder>/<random>.<ext>`. Public, with
 * the content type of the format the file was saved in, nosniff, and a year of immutable caching (a replaced photo
 * gets a new random name, so a path never changes content). Anything that is not such a path, or a file that is
 * gone, is a plain-text 404.
 */
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function notFoundUpload(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/plain; charset=utf-8')
    .send('Not found.');
}

export function uploadRoutes(app: FastifyInstance): void {
  app.get<{ Params: { folder: string; file: string } }>(
    '/uploads/:folder/:file',
    { config: { public: true } },
    async (request, reply) => {
      const resolved = app.services.images.resolveFile(request.params.folder, request.params.file);
      if (!resolved) return notFoundUpload(reply);
      let handle: FileHandle;
      try {
        handle = await open(resolved.filePath, 'r');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return notFoundUpload(reply);
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return notFoundUpload(reply);
        }
        return reply
          .header('Content-Type', resolved.contentType)
          .header('Content-Length', String(stat.size))
          .header('Cache-Control', UPLOAD_CACHE_CONTROL)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Last-Modified', stat.mtime.toUTCString())
          .send(handle.createReadStream());
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },
  );
}
