/**
 * Loaded into the bench's server (`node --import`) when BENCH_LOOP_DELAY_FILE is set: the server's own event-loop
 * delay, measured inside it (perf_hooks' histogram, 5 ms resolution), not by a client that is itself busy. The
 * first SIGUSR2 starts a measurement; the next writes `{ maxMs, p99Ms }` to the file.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let measuring = false;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      histogram.reset();
      histogram.enable();
      measuring = true;
      return;
    }
    histogram.disable();
    measuring = false;
    const ms = (ns: number) => ns / 1e6;
    writeFileSync(file, JSON.stringify({ maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)) }));
  });
}
