/**
 * What the public website may read of each resource that declares `publicRead`, without signing in:
 * `GET /api/v2/public/<path>?page=1&perPage=5` (newest first) and `GET /api/v2/public/<path>/<id>`. Only the rows
 * whose `where` fields hold the declared values and whose `notAfterNow` day or instant has come (a scheduled item
 * is public from its day on, in the trust's time zone; no timer job), and of them only the declared fields.
 * Anything else answers 404, as if it did not exist.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPath, resources } from '../../../../resources/index.ts';
import { recordMessages } from '../../../../resources/messages.ts';
import { badRequest, notFound } from '../../../errors.ts';
import { idParam } from '../../shared/params.ts';

export const PUBLIC_PAGE_LIMIT = 50;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PUBLIC_PAGE_LIMIT).default(10),
});

export function publicReadRoutes(app: FastifyInstance): void {
  const { publicContent } = app.services;
  for (const resource of resources) {
    if (!resource.publicRead) continue;
    const base = `/api/v2/public/${apiPath(resource)}`;
    const missing = () => notFound(recordMessages.notFound(resource));

    app.get(
      base,
      {
        config: {
          public: true,
          doc: {
            summary: `The ${resource.label.many.toLowerCase()} the public website shows, newest first: { items, total, page, perPage }.`,
            tags: ['Public website'],
            query: [
              { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1 } },
              {
                name: 'perPage',
                description: `Items a page, 1 to ${PUBLIC_PAGE_LIMIT} (default 10).`,
                schema: { type: 'integer', minimum: 1, maximum: PUBLIC_PAGE_LIMIT },
              },
            ],
          },
        },
      },
      async (request) => {
        const parsed = pageQuery.safeParse(request.query ?? {});
        if (!parsed.success) {
          throw badRequest(`page must be a whole number from 1, and perPage from 1 to ${PUBLIC_PAGE_LIMIT}.`);
        }
        const { page, perPage } = parsed.data;
        const { items, total } = await publicContent.page(resource.name, { page, perPage });
        return { items, total, page, perPage };
      },
    );

    app.get(
      `${base}/:id`,
      {
        config: {
          public: true,
          doc: {
            summary: `One ${resource.label.one.toLowerCase()} the public website shows.`,
            tags: ['Public website'],
          },
        },
      },
      async (request) => {
        let id: number;
        try {
          id = idParam(request);
        } catch {
          throw missing();
        }
        const row = await publicContent.one(resource.name, id);
        if (!row) throw missing();
        return row;
      },
    );
  }
}
