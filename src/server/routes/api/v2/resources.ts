/**
 * REST routes of every declared resource on /api/v2, in the ra-data-simple-rest convention:
 * `GET /api/v2/countries?sort=["name","ASC"]&range=[0,24]&filter={"q":"ind"}` answers a JSON array with
 * `Content-Range: countries 0-24/317`; `GET/PUT/DELETE /api/v2/countries/:id`; `POST /api/v2/countries` → 201.
 */
import type { FastifyInstance } from 'fastify';
import { apiPath, resources, type ResourceDeclaration } from '../../../../resources/index.ts';
import { methodNotAllowed } from '../../../errors.ts';
import { declaredBodyLimit } from '../../../plugins/app/body-limits.ts';
import { parseListQuery } from '../../../services/list-query.ts';
import type { Capability } from '../../../../resources/permissions.ts';
import { may as mayOn, signedIn } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';
import { exportRoutes } from './exports.ts';
import { importRoutes } from './imports.ts';

export function resourceRoutes(app: FastifyInstance, resource: ResourceDeclaration): void {
  const base = `/api/v2/${apiPath(resource)}`;
  const { records } = app.services;
  // Records owned by an account (notifications) are each signed-in account's own: the record service narrows every
  // read and write to the caller's, so the route asks only for a session, not the matrix.
  const may = (capability: Capability) => (resource.ownedBy ? signedIn : mayOn(resource, capability));
  // A write takes a body no larger than the declaration's fields can hold (plugins/app/body-limits.ts).
  const write = (capability: Capability) => ({ ...may(capability), bodyLimit: declaredBodyLimit(resource) });

  app.get(base, may('View'), async (request, reply) => {
    const query = parseListQuery(
      resource,
      request.query as Record<string, unknown>,
      app.services.config.TRUST_TIMEZONE,
    );
    const { rows, total } = await records.list(request.account!, resource, query);
    const range =
      rows.length > 0 ? `${query.range.start}-${query.range.start + rows.length - 1}/${total}` : `*/${total}`;
    return reply.header('Content-Range', `${apiPath(resource)} ${range}`).send(rows);
  });

  // Export: the list as a file (routes/api/v2/exports.ts), before `/:id` reads "export" as an id.
  exportRoutes(app, resource);
  // Import: its template and its upload (routes/api/v2/imports.ts).
  importRoutes(app, resource);

  app.get(`${base}/:id`, may('View'), async (request) => records.get(request.account!, resource, idParam(request)));

  if (resource.singleton) {
    // One record, made by its migration: it is changed, never added or deleted.
    const refuse = async () => {
      throw methodNotAllowed(
        `There is one ${resource.label.one} record; it can be changed, not added or deleted.`,
        'GET, PUT',
      );
    };
    app.post(base, may('Add'), refuse);
    app.delete(`${base}/:id`, may('Delete'), refuse);
    app.put(`${base}/:id`, write('Edit'), async (request) =>
      records.update(request.account!, resource, idParam(request), request.body),
    );
    return;
  }

  // A resource the server alone writes (notifications) answers 405 from the record service.
  app.post(base, write('Add'), async (request, reply) => {
    const row = await records.create(request.account!, resource, request.body);
    return reply.status(201).send(row);
  });

  app.put(`${base}/:id`, write('Edit'), async (request) =>
    records.update(request.account!, resource, idParam(request), request.body),
  );

  app.delete(`${base}/:id`, may('Delete'), async (request) =>
    records.delete(request.account!, resource, idParam(request)),
  );
}

export function v2ResourceRoutes(app: FastifyInstance): void {
  for (const resource of resources) resourceRoutes(app, resource);
}
