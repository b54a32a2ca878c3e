/**
 * The audit trail on /api/v2, in the ra-data-simple-rest convention of the declared resources:
 * `GET /api/v2/audit-logs?sort=["date_time","DESC"]&range=[0,2]&filter={"action_type":"Update","q":"kenya"}`
 * answers a JSON array with `Content-Range: audit-logs 0-2/17`; `GET /api/v2/audit-logs/:id` one entry;
 * `POST /api/v2/audit-logs` appends a note → 201. The trail is append-only: PUT, PATCH and DELETE answer 405 to
 * every signed-in caller, an Admin included (the method is refused, whoever asks).
 */
import type { FastifyInstance } from 'fastify';
import { methodNotAllowed } from '../errors.ts';
import { AUDIT_LOGS, AuditLog } from '../services/audit-log.ts';
import { signedIn } from './guard.ts';
import { idParam } from './params.ts';

export const AUDIT_LOGS_PATH = 'audit-logs';

const permission = (capability: 'View' | 'Add') => ({ config: { permission: { ...AUDIT_LOGS, capability } } });

const NEVER_CHANGED =
  'Audit log entries are never changed or deleted. To correct or comment on an entry, add a note that refers to it (POST /api/v2/audit-logs with refers_to_id).';

export function v2AuditLogRoutes(app: FastifyInstance): void {
  const base = `/api/v2/${AUDIT_LOGS_PATH}`;
  const { database, config } = app.services;
  const audit = new AuditLog(database, config.TRUST_TIMEZONE);

  app.get(base, permission('View'), async (request, reply) => {
    const query = audit.parse(request.query as Record<string, unknown>);
    const { rows, total } = await audit.list(request.account!, query);
    const range =
      rows.length > 0 ? `${query.range.start}-${query.range.start + rows.length - 1}/${total}` : `*/${total}`;
    return reply.header('Content-Range', `${AUDIT_LOGS_PATH} ${range}`).send(rows);
  });

  app.get(`${base}/:id`, permission('View'), async (request) => audit.get(request.account!, idParam(request)));

  app.post(base, permission('Add'), async (request, reply) => {
    const entry = await audit.note(request.account!, request.body);
    return reply.status(201).send(entry);
  });

  // Refused for everyone: a 405 is about the method, not the caller, so any signed-in account hears it.
  const refuse = (allow: string) => async () => {
    throw methodNotAllowed(NEVER_CHANGED, allow);
  };
  app.route({ method: ['PUT', 'PATCH', 'DELETE'], url: `${base}/:id`, ...signedIn, handler: refuse('GET') });
  app.route({ method: ['PUT', 'PATCH', 'DELETE'], url: base, ...signedIn, handler: refuse('GET, POST') });
}
