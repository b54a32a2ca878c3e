/**
 * Servers under test run in child processes of their own (the same Node binary as the bench), never in the
 * bench process, so autocannon does not share their event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

export interface Child {
  name: string;
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Every child still running, so an interrupted bench can stop them. */
export const running = new Set<Child>();

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

function forward(name: string, stream: NodeJS.ReadableStream | null): void {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => {
    if (line.trim() !== '') process.stderr.write(`  [${name}] ${line}\n`);
  });
}

/**
 * Starts `script` with Node and the given environment on a free port, and waits until `readyPath` answers
 * (any HTTP status below 500) or the child exits. The server (src/server/main.ts) gets the Node options `npm start`
 * gives it.
 */
export async function startChild(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 120_000,
): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const flags = script.endsWith('src/server/main.ts') ? SERVER_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, script], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forward(name, child.stdout);
  forward(name, child.stderr);

  let exited: string | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
  });

  const handle: Child = {
    name,
    url,
    process: child,
    async stop() {
      running.delete(handle);
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(timer);
    },
  };
  running.add(handle);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${name} exited (${exited}) before it was ready.`);
    try {
      const response = await fetch(`${url}${readyPath}`);
      await response.arrayBuffer();
      if (response.status < 500) return handle;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await handle.stop();
      throw new Error(`${name} was not ready after ${timeoutMs / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
