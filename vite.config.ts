/// <reference types="vitest/config" />
import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import { precompressPlugin } from './scripts/vite-precompress.ts';
import { writePrerendered } from './scripts/vite-prerender.ts';
import { postgresTestFiles } from './tests/helpers/engines.ts';

// Every server test file runs on PGlite; on PostgreSQL only those whose first line names it
// (`// engines: pglite, postgres — why`), not the engine-neutral ones (`// engines: pglite — why`):
// tests/helpers/engines.ts, checked by tests/server/engines.test.ts.
const serverTestFiles = ['tests/server/**/*.test.ts'];
// Each file's database is a copy of one migrated once per run.
const serverGlobalSetup = ['tests/helpers/database-template.ts'];
// A worker runs its server files one after another in one module graph: the server's modules are loaded and compiled
// once per worker, not once per file (the same files in 0.4 of the time, half the CPU: docs/performance.md, CI). Each
// file starts its own app on its own database (tests/helpers/app.ts) and closes it, and no server test sets the
// environment or replaces a module, so nothing of one file reaches the next.
const serverIsolate = false;

export default defineConfig({
  // The sign-in screens drawn into their HTML (scripts/vite-prerender.ts), then brotli and gzip copies of the build's
  // files, made once here and sent by the server as the browser accepts.
  plugins: [react(), precompressPlugin({ before: writePrerendered })],
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    // No source map is published: it would hand out the whole source (docs/decisions.md).
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
    // Files Vite may serve: the project's, and node_modules where it really is when it is a link to another
    // checkout's (a git worktree, or the copy tests/server/recipe.test.ts makes).
    fs: { allow: [searchForWorkspaceRoot(import.meta.dirname), realpathSync(`${import.meta.dirname}/node_modules`)] },
  },
  test: {
    // One test file more than the cores at a time: a file spends much of its time waiting on a database, a server or
    // the browser, so a third file on two cores keeps them busy (the first phase of CI 878 → 615 s; Vitest's own
    // default, one fewer than the cores, ran one file at a time here and doubled CI's time: docs/performance.md,
    // "CI"). TEST_WORKERS changes it.
    maxWorkers: Number(process.env.TEST_WORKERS ?? availableParallelism() + 1),
    // .ci/run sets TEST_TIMINGS: each test file's time is written there for the table it prints at its end.
    reporters: process.env.TEST_TIMINGS ? ['default', './tests/helpers/timing-reporter.ts'] : ['default'],
    // Each project is one kind of test; `npm test` runs them all.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: serverTestFiles,
          environment: 'node',
          // Servers the tests start take no daily backup of their own (tests/server/backup.test.ts tests it).
          env: { TEST_DB: 'pglite', BACKUP_TIME: 'off' },
          globalSetup: serverGlobalSetup,
          isolate: serverIsolate,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: postgresTestFiles(import.meta.dirname),
                environment: 'node' as const,
                env: { TEST_DB: 'postgres', BACKUP_TIME: 'off' },
                globalSetup: serverGlobalSetup,
                isolate: serverIsolate,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/admin/**/*.test.tsx', 'tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One built admin, one shared server and one Chromium for the run (tests/e2e/harness.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Two files at a time (E2E_WORKERS to change it): each keeps to data of its own making on the shared server,
          // or has a server of its own (tests/e2e/harness.ts).
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
        },
      },
    ],
  },
});
