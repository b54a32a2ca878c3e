/**
 * Loaded into the bench's server (`node --import`) when BENCH_LOOP_DELAY_FILE is set: the server's own event-loop
 * delay, measured inside it (perf_hooks' histogram, 5 ms resolution), not by a client that is itself busy. The
 * first SIGUSR2 starts a measurement; the next writes `{ maxMs, p99Ms, stalls, gc }` to the file.
 *
 * The histogram says how long the loop was held, not by what; `stalls` (every delay over 30 ms, seen by a 10 ms
 * timer) and `gc` (the garbage collector's pauses on this thread, by kind) are there to tell a collection from
 * other work when a delay above the target shows up. Two more aids, by environment (`npm run bench:uploads` passes
 * them on): BENCH_CPU_PROFILE=<file> writes the main thread's CPU profile of the measurement (open it in Chrome's
 * DevTools), and BENCH_TRACE_GC=1 prints V8's line for every collection (`--trace-gc`, which NODE_OPTIONS refuses).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

if (process.env.BENCH_TRACE_GC) setFlagsFromString('--trace-gc');
const profileFile = process.env.BENCH_CPU_PROFILE;

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let measuring = false;
  let started = 0;
  let stalls: { atMs: number; ms: number }[] = [];
  let pauses: { atMs: number; ms: number; kind: number; flags: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceEntry & { detail?: { kind?: number; flags?: number } }).detail;
      pauses.push({
        atMs: Math.round(entry.startTime - started),
        ms: entry.duration,
        kind: detail?.kind ?? 0,
        flags: detail?.flags ?? 0,
      });
    }
  });
  let session: Session | undefined;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      if (profileFile) {
        session = new Session();
        session.connect();
        void session.post('Profiler.enable').then(() => session!.post('Profiler.start'));
      }
      histogram.reset();
      histogram.enable();
      measuring = true;
      started = performance.now();
      stalls = [];
      pauses = [];
      gcObserver.observe({ entryTypes: ['gc'] });
      let last = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        if (now - last > 40) stalls.push({ atMs: Math.round(last - started), ms: Math.round(now - last - 10) });
        last = now;
      }, 10);
      return;
    }
    histogram.disable();
    if (session) {
      const done = session;
      session = undefined;
      void done.post('Profiler.stop').then(({ profile }) => {
        writeFileSync(profileFile!, JSON.stringify(profile));
        done.disconnect();
      });
    }
    gcObserver.disconnect();
    clearInterval(timer);
    measuring = false;
    const ms = (ns: number) => ns / 1e6;
    // perf_hooks' kinds: 1 scavenge (young generation), 2 minor mark-sweep, 4 mark-compact (the whole heap),
    // 8 incremental marking, 16 weak callbacks.
    const byKind: Record<string, { count: number; totalMs: number; maxMs: number }> = {};
    for (const pause of pauses) {
      const entry = (byKind[String(pause.kind)] ??= { count: 0, totalMs: 0, maxMs: 0 });
      entry.count++;
      entry.totalMs += pause.ms;
      entry.maxMs = Math.max(entry.maxMs, pause.ms);
    }
    writeFileSync(
      file,
      JSON.stringify({
        maxMs: ms(histogram.max),
        p99Ms: ms(histogram.percentile(99)),
        stalls,
        gc: byKind,
        longGc: pauses.filter((p) => p.ms > 20),
      }),
    );
  });
}
