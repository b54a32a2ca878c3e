import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/client.ts';

export function healthRoutes(app: FastifyInstance): void {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const { database } = app.services;
    try {
      await ping(database);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
