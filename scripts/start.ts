/**
 * `npm start`: builds the admin app when the build is missing or older than its sources, then starts the server.
 */
import { buildIfStale } from './build-if-stale.ts';

try {
  buildIfStale();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

await import('../src/server/main.ts');
