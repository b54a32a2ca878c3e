/**
 * What the browser tests run on: the machine's Chromium, and the real server in a child process on PGlite, started
 * on a copy of the run's migrated database (made once: migrating takes longer than starting). Used by
 * global-setup.ts (the shared server and browser) and harness.ts (what a test file gets).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export const ADMIN = { email: 'admin@example.org', password: 'e2e-password-123' };

/**
 * Every server process this test process started and that still runs. A test that times out during a restart
 * leaves its afterAll stopping the old process while the new one starts; and a worker Vitest ends by force keeps no
 * afterAll at all. Such a server would outlive the run, holding the output Vitest waits on: stopping a stack stops
 * all of its processes, and this process's exit kills whatever is left.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** What global-setup.ts gives the test files (Vitest's provide/inject); null when there is no Chromium. */
export interface E2eRun {
  /** The shared server. */
  url: string;
  /** The shared Chromium, for chromium.connect. */
  wsEndpoint: string;
  /** The run's copy of the built admin app. */
  staticDir: string;
  /** The migrated database with the Admin, to copy. */
  template: string;
  /** Where the shared server's test SMTP server writes what it receives (mail-drop.ts). */
  mailFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eRun | null;
  }
}

/** What every test server is started with, beside a file's own `env`. */
const DEFAULTS = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // The browser tests and their API calls all sign in from 127.0.0.1.
  LOGIN_RATE_LIMIT: '1000',
  SIGN_IN_FREE_FAILURES_PER_ADDRESS: '1000',
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface TestServer {
  url: string;
  dataDir: string;
  /**
   * Stops the server (SIGTERM) and starts it again on the same data directory; `env` replaces the configuration it
   * was started with beside the defaults (a mail server configured later, say).
   */
  restart(options?: { env?: Record<string, string> }): Promise<void>;
  /** Stops the server; `keepData` leaves its data directory (the template is made so). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the server on `dataDir` (a copy of `template` when given, else an empty directory: it migrates and makes
 * the Admin), serving the admin app from `staticDir`, and waits for its health check.
 */
export async function startServer(options: {
  staticDir: string;
  template?: string;
  env?: Record<string, string>;
}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'trust-e2e-'));
  if (options.template) await cp(options.template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, ...DEFAULTS, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: options.staticDir };
  let ownEnv = options.env;
  /** This stack's processes: one, or two while a restart that was cut short still starts the next. */
  const mine = new Set<ChildProcess>();
  const start = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
      env: { ...env, ...ownEnv },
      // Through pipes of this process rather than its own output: a server that outlives it holds nothing of Vitest's.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(process.stdout);
    child.stderr!.pipe(process.stderr);
    running.add(child);
    mine.add(child);
    child.once('exit', () => {
      running.delete(child);
      mine.delete(child);
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      if (i > 1200 || child.exitCode !== null) {
        await stop(child);
        throw new Error('The server did not start.');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  let child: ChildProcess;
  try {
    child = await start();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    async restart(again = {}) {
      await stop(child);
      if (again.env) ownEnv = again.env;
      child = await start();
    },
    async stop({ keepData = false } = {}) {
      await Promise.all([...mine, child].map(stop));
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A migrated database with the Admin in it, for servers to start on copies of: the first start, then stopped. */
export async function makeTemplate(staticDir: string): Promise<string> {
  const server = await startServer({ staticDir });
  await server.stop({ keepData: true });
  return server.dataDir;
}
