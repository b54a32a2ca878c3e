/**
 * The ceiling: a bare Fastify hello-world, run by the bench in its own process on PORT (127.0.0.1). No logger,
 * no hooks, one route.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const close = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
