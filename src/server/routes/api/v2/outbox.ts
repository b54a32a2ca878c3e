/**
 * The mail outbox, for Admins only: every email the product wrote, with its status (Pending, Sent, Failed or
 * Discarded), attempts and last error. ra-data-simple-rest's conventions: `sort`, `range` and `filter` (`status`,
 * one or several, and `q` in the address or subject), Content-Range `outbox a-b/n`. A Pending or Failed email can
 * be sent again (with SMTP configured) or discarded, each audited; `mail-server` says whether this server sends.
 *
 * `emailsAboutRoute` gives a resource's records a route of their own emails' statuses (a contact message's reply, a
 * donation's receipt), for whoever may view the record: status and reason, never the bodies.
 */
import type { FastifyInstance } from 'fastify';
import { apiPath, type ResourceDeclaration } from '../../../../resources/index.ts';
import { badRequest } from '../../../errors.ts';
import { jsonQueryParam } from '../../../plugins/app/input-text.ts';
import { MAX_PAGE } from '../../../services/list-query.ts';
import {
  aboutRecord,
  MAIL_STATUSES,
  OUTBOX_SORT_FIELDS,
  type MailStatus,
  type OutboxQuery,
} from '../../../services/mail.ts';
import { may } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';

const adminOnly = { config: { adminOnly: true } };

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

const isStatus = (value: unknown): value is MailStatus =>
  typeof value === 'string' && (MAIL_STATUSES as readonly string[]).includes(value);

/** The list parameters, with the same 400 sentences as the declared resources (services/list-query.ts). */
export function parseOutboxQuery(query: Record<string, unknown>): OutboxQuery {
  for (const key of Object.keys(query)) {
    if (key !== 'sort' && key !== 'range' && key !== 'filter') {
      throw badRequest(`Unknown query parameter "${key}". Use sort, range and filter.`);
    }
  }
  const result: OutboxQuery = { sort: { field: 'created_at', order: 'DESC' }, range: { start: 0, end: 24 } };

  const sort = jsonQueryParam(query, 'sort');
  if (sort !== undefined) {
    if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string') {
      throw badRequest('The sort parameter must look like ["created_at","DESC"].');
    }
    const field = OUTBOX_SORT_FIELDS.find((f) => f === sort[0]);
    if (!field) throw badRequest(`Cannot sort emails by "${String(sort[0])}".`);
    const order = String(sort[1]).toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw badRequest('The sort order must be ASC or DESC.');
    result.sort = { field, order };
  }

  const range = jsonQueryParam(query, 'range');
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 2_147_483_647)
    ) {
      throw badRequest('The range parameter must look like [0,24]: two whole numbers, first to last.');
    }
    const [start, end] = range as [number, number];
    if (end < start) throw badRequest('The range must end at or after its start.');
    if (end - start + 1 > MAX_PAGE) throw badRequest(`A page holds at most ${MAX_PAGE} records.`);
    result.range = { start, end };
  }

  const filter = jsonQueryParam(query, 'filter');
  if (filter !== undefined) {
    if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
      throw badRequest('The filter parameter must be a JSON object, such as {"q":"text"}.');
    }
    for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
      if (key === 'q') {
        if (typeof value !== 'string') throw badRequest('The search text (q) must be a string.');
        if (value.length > 200) throw badRequest('The search text is too long (at most 200 characters).');
        if (value.trim() !== '') result.q = value.trim();
      } else if (key === 'status') {
        const statuses = Array.isArray(value) ? value : [value];
        if (statuses.length === 0 || !statuses.every(isStatus)) {
          throw badRequest(`The status filter must be one or more of: ${MAIL_STATUSES.join(', ')}.`);
        }
        result.status = statuses;
      } else if (key === 'id') {
        const ids = Array.isArray(value) ? value : [value];
        if (ids.length > MAX_PAGE || !ids.every(isId)) {
          throw badRequest(`The id filter must be a record id or a list of at most ${MAX_PAGE} ids.`);
        }
        result.ids = ids;
      } else {
        throw badRequest(`Cannot filter emails by "${key}".`);
      }
    }
  }
  return result;
}

function parseId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!isId(id)) throw badRequest('The email id must be a positive whole number.');
  return id;
}

export function v2OutboxRoutes(app: FastifyInstance): void {
  const { mail } = app.services;
  app.get('/api/v2/outbox', adminOnly, async (request, reply) => {
    const query = parseOutboxQuery(request.query as Record<string, unknown>);
    const { rows, total } = await mail.list(query);
    const range =
      rows.length > 0 ? `${query.range.start}-${query.range.start + rows.length - 1}/${total}` : `*/${total}`;
    return reply.header('Content-Range', `outbox ${range}`).send(rows);
  });

  // Whether this server sends email, and how it retries: what the outbox's screens say about Pending emails.
  app.get('/api/v2/outbox/mail-server', adminOnly, async () => ({
    configured: mail.sends,
    maxAttempts: mail.maxAttempts,
    retrySeconds: Math.round(mail.retryMs / 1000),
  }));

  app.get<{ Params: { id: string } }>('/api/v2/outbox/:id', adminOnly, async (request) =>
    mail.get(parseId(request.params.id)),
  );

  app.post<{ Params: { id: string } }>('/api/v2/outbox/:id/resend', adminOnly, async (request) =>
    mail.resend(parseId(request.params.id), request.account!),
  );

  app.post<{ Params: { id: string } }>('/api/v2/outbox/:id/discard', adminOnly, async (request) =>
    mail.discard(parseId(request.params.id), request.account!),
  );
}

/**
 * `GET /api/v2/<resource>/:id/emails`: what became of the emails about one record (newest first), for whoever may
 * view the record (its View, in its scope; 404 for a record they cannot see): status, attempts, the reason of a
 * failure, when sent, and whether this server sends email at all. Never the bodies.
 */
export function emailsAboutRoute(app: FastifyInstance, resource: ResourceDeclaration, what: string): void {
  const { records, mail } = app.services;
  app.get(
    `/api/v2/${apiPath(resource)}/:id/emails`,
    may(resource, 'View', {
      doc: {
        summary: `What became of ${what}: each email's status (Pending, Sent, Failed, Discarded), attempts, the reason of a failure, when it was sent, and mail_server (false: a Pending email waits for a mail server). Newest first; never the bodies.`,
        tags: [resource.label.many],
      },
    }),
    async (request) => {
      const id = idParam(request);
      await records.get(request.account!, resource, id);
      return mail.deliveries({ about: aboutRecord(resource.name, id) });
    },
  );
}
