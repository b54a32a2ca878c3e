/**
 * The API's description: @fastify/swagger serves the OpenAPI document that openapi.ts builds (the declarations
 * describe their resources' routes; every other route is described from its own configuration once all are
 * registered, so that none is missing), and @fastify/swagger-ui shows it at /api/docs. The description is public,
 * like the sign-in it documents (plugins/app/auth.ts decides by route). Registered after every route.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi, documentRoutes } from '../../openapi.ts';
import { publicRoutes } from '../app/auth.ts';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const document = buildOpenApi();
  app.addHook('onReady', async () => documentRoutes(document, app.apiRoutes));
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await publicRoutes(app, async (scope) => {
    await scope.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  });
}
