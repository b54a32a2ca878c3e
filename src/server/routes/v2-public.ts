/**
 * What the public website may read of each resource that declares `publicRead`, without signing in:
 * `GET /api/v2/public/<path>?page=1&perPage=5` (newest first) and `GET /api/v2/public/<path>/<id>`. Only the rows
 * whose `where` fields hold the declared values and whose `notAfterNow` day or instant has come (a scheduled item
 * is public from its day on, in the trust's time zone; no timer job), and of them only the declared fields.
 * Anything else answers 404, as if it did not exist.
 */
import { and, asc, count, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPath, resources, type ResourceDeclaration } from '../../resources/index.ts';
import { recordMessages } from '../../resources/messages.ts';
import { tableOf } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { inTimeZone } from '../services/calendar.ts';
import { idParam } from './params.ts';

export const PUBLIC_PAGE_LIMIT = 50;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PUBLIC_PAGE_LIMIT).default(10),
});

/** The rows of a resource the public may read, now. */
export function publicCondition(resource: ResourceDeclaration, timeZone: string, now = new Date()): SQL | undefined {
  const read = resource.publicRead;
  if (!read) throw new Error(`${resource.name} declares no public read.`);
  const table = tableOf(resource);
  const conditions: (SQL | undefined)[] = Object.entries(read.where ?? {}).map(([field, value]) =>
    eq(table[field], value),
  );
  if (read.notAfterNow) {
    const kind = resource.fields[read.notAfterNow]?.kind;
    // A day has come when it is today or earlier in the trust's time zone; an instant when it has passed.
    conditions.push(lte(table[read.notAfterNow], kind === 'date' ? inTimeZone(now, timeZone).slice(0, 10) : now));
  }
  return and(...conditions);
}

export function publicReadRoutes(app: FastifyInstance): void {
  const { database, config } = app.services;
  for (const resource of resources) {
    const read = resource.publicRead;
    if (!read) continue;
    const table = tableOf(resource);
    const base = `/api/v2/public/${apiPath(resource)}`;
    const selection = Object.fromEntries(['id', ...read.fields].map((field) => [field, table[field]]));
    const sort = read.sort ?? { field: read.notAfterNow ?? 'id', order: 'DESC' };
    const direction = sort.order === 'ASC' ? asc : desc;
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
        const where = publicCondition(resource, config.TRUST_TIMEZONE);
        const [items, [total]] = await Promise.all([
          database.db
            .select(selection)
            .from(table)
            .where(where)
            .orderBy(direction(table[sort.field]), direction(table.id))
            .limit(perPage)
            .offset((page - 1) * perPage),
          database.db.select({ n: count() }).from(table).where(where),
        ]);
        return { items, total: Number(total?.n ?? 0), page, perPage };
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
        const where = and(eq(table.id, id), publicCondition(resource, config.TRUST_TIMEZONE));
        const [row] = await database.db.select(selection).from(table).where(where).limit(1);
        if (!row) throw missing();
        return row;
      },
    );
  }
}
