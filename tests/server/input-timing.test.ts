// engines: pglite — input refused before it reaches the database, timed; no SQL of its own
/**
 * The timing rule of docs/performance.md, "Hostile input", as a test with bounds that a shared machine keeps: every
 * text input of every operation in /api/docs/json (each documented body property that takes a string, each documented
 * query parameter) is sent hostile text (tests/helpers/operations.ts: runs that backtracking patterns split many ways),
 * as an Admin, who reaches the most code:
 *
 * - 1 MB of it, which every route refuses (413 from the Content-Length, before the body is read: one request an
 *   operation says so, except where a route takes 1 MB, where each input gets its own);
 * - as much of it as the route takes (its body limit less the keys), which reaches validation: refused 4xx;
 * - in a query, 4,000 characters of it.
 *
 * Each answer must be a 4xx within max(500 ms, 20 × the same operation's answer to a short wrong value, measured in
 * this run), and health, asked every 10 ms meanwhile, within 500 ms. The product's targets (100 ms and 50 ms) are
 * measured by `npm run bench:hostile` (bench/hostile-input.ts), not here: these bounds catch seconds of work, which
 * is what a quadratic pattern or an unbounded body costs, without failing on a busy machine's milliseconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitOf, BODY_LIMIT_MAX } from '../../src/server/plugins/app/body-limits.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { hostileText, operations, textInputs, type Operation } from '../helpers/operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;
const QUERY_LENGTH = 4000;
const FLOOR_MS = 500;
const HEALTH_MS = 500;

/** Answers that end the Admin's session are left to their own tests (their bodies are still sent 1 MB). */
const ENDS_SESSION = new Set(['POST /api/v1/logout', 'PUT /api/v2/session/password']);

describe('hostile text in every input', () => {
  it('is refused 4xx at once, and health answers meanwhile', async () => {
    const ops = await operations(t);
    const inputs = textInputs(ops);
    expect(inputs.length).toBeGreaterThan(200);

    // Health, asked every 10 ms for the whole test: the longest wait, and what was being sent then.
    let sending = '';
    let health = { ms: 0, during: '' };
    let done = false;
    const prober = (async () => {
      while (!done) {
        const started = performance.now();
        await t.api('GET', '/api/health', { token: null });
        const ms = performance.now() - started;
        if (ms > health.ms) health = { ms, during: sending };
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const problems: string[] = [];
    const plain = (op: Operation) => op.path.replace(/:[A-Za-z_]+/g, '1');
    const send = async (op: Operation, label: string, options: { raw?: string; query?: string }) => {
      sending = `${op.method} ${op.path} ${label}`;
      const started = performance.now();
      const path = options.query ? `${plain(op)}?${options.query}` : plain(op);
      const res = await t.api(op.method, path, options.raw === undefined ? {} : { raw: options.raw });
      return { status: res.status, ms: performance.now() - started, text: res.text };
    };
    const baselines = new Map<Operation, number>();
    const baseline = async (op: Operation) => {
      let ms = baselines.get(op);
      if (ms === undefined) {
        const takesBody = op.method !== 'GET' && op.method !== 'DELETE';
        ms = (await send(op, 'baseline', takesBody ? { raw: '{"":12345}' } : { query: 'x=1' })).ms;
        baselines.set(op, ms);
      }
      return ms;
    };
    const check = async (op: Operation, label: string, options: { raw?: string; query?: string }) => {
      const bound = Math.max(FLOOR_MS, 20 * (await baseline(op)));
      const { status, ms, text } = await send(op, label, options);
      if (status < 400 || status >= 500)
        problems.push(`${op.method} ${op.path} ${label} → ${status} ${text.slice(0, 100)}`);
      if (ms > bound)
        problems.push(`${op.method} ${op.path} ${label}: ${Math.round(ms)} ms (bound ${Math.round(bound)} ms)`);
    };

    const oneMegabyte = hostileText(MB);
    const refusedWhole = new Set<Operation>();
    for (const { op, name, in: where } of inputs) {
      if (where === 'query') {
        await check(op, `?${name}=<${QUERY_LENGTH} hostile>`, {
          query: `${name}=${encodeURIComponent(hostileText(QUERY_LENGTH))}`,
        });
        continue;
      }
      const limit = bodyLimitOf(t.app, op.method, op.path) ?? BODY_LIMIT_MAX;
      // Below 1 MB the route refuses the body from its Content-Length, whichever field holds the text: once is enough.
      if (limit >= MB || !refusedWhole.has(op)) {
        refusedWhole.add(op);
        await check(op, `${name}=<1 MB hostile>`, { raw: JSON.stringify({ [name]: oneMegabyte }) });
      }
      if (ENDS_SESSION.has(`${op.method} ${op.path}`)) continue;
      const fits = Math.min(limit, MB) - name.length - 64;
      await check(op, `${name}=<${fits} hostile>`, { raw: JSON.stringify({ [name]: hostileText(fits) }) });
    }
    done = true;
    await prober;
    console.log(
      `hostile input: ${inputs.length} text inputs of ${ops.length} operations; health's longest wait ${Math.round(health.ms)} ms`,
    );
    expect(problems).toEqual([]);
    expect(health.ms, `health waited during ${health.during}`).toBeLessThan(HEALTH_MS);
    // The Admin's own session survived.
    expect((await t.api('GET', '/api/v2/session')).status).toBe(200);
  }, 120_000);
});
