/**
 * Serves the built admin app (dist/admin) and answers every other GET with its index.html, so that deep links
 * such as /master/country load the app. Unknown /api paths answer 404 JSON, unknown /uploads paths a plain-text
 * 404; the spec's quirky routes (a doubled slash) redirect to their canonical form.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { resources } from '../../resources/index.ts';
import { notFoundUpload } from '../routes/uploads.ts';
import { publicRoutes } from './auth.ts';

const aliases = new Map<string, string>(resources.flatMap((r) => Object.entries(r.routes?.aliases ?? {})));

export async function registerAdminApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (built) {
    // The built app's files are public (the sign-in page is one of them); plugins/auth.ts decides by route.
    await publicRoutes(app, async (scope) => {
      await scope.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: false,
        maxAge: '1y',
        immutable: true,
        setHeaders(reply, path) {
          if (!path.includes('/assets/')) reply.header('Cache-Control', 'no-cache');
        },
      });
    });
  }

  // The page every deep link loads, kept in memory (a new build comes with a restart).
  const indexHtml = built ? await readFile(join(staticDir, 'index.html')) : undefined;

  app.setNotFoundHandler((request, reply) => {
    // Judged as the router would read it: `/%61pi/x` is an API path too.
    const path = decodedPath(request.url);
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({
        success: false,
        message: `There is no API route ${request.method} ${path}.`,
        code: 'NOT_FOUND',
      });
    }
    // Uploaded files are answered by their route only; any other path under /uploads is not the admin app.
    if (path.startsWith('/uploads/') || path === '/uploads') return notFoundUpload(reply);
    const alias = aliases.get(path);
    if (alias) return reply.redirect(alias, 308);
    if (path.startsWith('//')) return reply.redirect(path.replace(/^\/+/, '/'), 308);
    // A file of the build that does not exist (a source map, which is never published) is not the app's page.
    if (path.startsWith('/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The admin app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}

/** The path of a request URL, percent-decoded where it can be (left as it is where it cannot). */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
