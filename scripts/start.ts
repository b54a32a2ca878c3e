/**
 * `npm start`: builds the admin app when the build is missing or older than its sources, then starts the server
 * (with WORKERS above 1, src/server/main.ts is a node:cluster primary whose workers run this file again: they find
 * the build made already and skip it).
 */
import cluster from 'node:cluster';
import { buildIfStale } from './build-if-stale.ts';

if (cluster.isPrimary) {
  try {
    buildIfStale();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

await import('../src/server/main.ts');
