/**
 * Where the CPU went during a measurement, from /proc (Linux only; elsewhere nothing is measured): the bench
 * process (autocannon), the server under test, the PostgreSQL backends of the bench database, and everything
 * else. The bench shares its machine (tests, type checks and builds of other work may run at the same time), so
 * a row during which other programs used a noticeable share of the CPU is run again.
 */
import { readdir, readFile } from 'node:fs/promises';

/** USER_HZ: the unit of /proc CPU times, 100 on every Linux the bench is likely to meet. */
const TICKS_PER_SECOND = 100;

async function totalBusyTicks(): Promise<number | undefined> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => undefined);
  const line = stat?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return undefined;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
}

async function processTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return 0;
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** PostgreSQL backends serving `database` (their process title is "postgres: … <user> <database> …"). */
/** The CPU ticks of `pid` and of its child processes (the workers of a node:cluster primary). */
async function processTreeTicks(pid: number): Promise<number> {
  let ticks = await processTicks(pid);
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    // The parent's pid is the second field after the command name.
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) ticks += await processTicks(Number(entry));
  }
  return ticks;
}

async function backendsOf(database: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.startsWith('postgres:') && cmdline.split(' ').includes(database)) pids.push(Number(entry));
  }
  return pids;
}

export interface Parties {
  /** The bench process, which runs autocannon. */
  bench: number;
  /** The server under test (with its child processes: the workers of `WORKERS` above 1). */
  server?: number | undefined;
  /** A PostgreSQL database whose backends serve the server. */
  database?: string | undefined;
}

/** CPUs used on average (1 = one CPU busy all the time). */
export interface CpuUse {
  bench: number;
  server: number;
  postgres: number;
  other: number;
}

interface Snapshot {
  at: number;
  total: number;
  bench: number;
  server: number;
  backends: Map<number, number>;
}

async function snapshot(parties: Parties): Promise<Snapshot | undefined> {
  const total = await totalBusyTicks();
  if (total === undefined) return undefined;
  const backends = new Map<number, number>();
  for (const pid of parties.database ? await backendsOf(parties.database) : []) {
    backends.set(pid, await processTicks(pid));
  }
  return {
    at: performance.now(),
    total,
    bench: await processTicks(parties.bench),
    server: parties.server ? await processTreeTicks(parties.server) : 0,
    backends,
  };
}

/** Starts measuring; the returned function answers the CPU use since then (undefined without /proc). */
export async function startCpuMeter(parties: Parties): Promise<() => Promise<CpuUse | undefined>> {
  const before = await snapshot(parties);
  return async () => {
    const after = await snapshot(parties);
    if (!before || !after) return undefined;
    const cpus = (ticks: number) => Math.max(0, ticks / TICKS_PER_SECOND / ((after.at - before.at) / 1000));
    let postgres = 0;
    for (const [pid, ticks] of after.backends) postgres += ticks - (before.backends.get(pid) ?? 0);
    const bench = after.bench - before.bench;
    const server = after.server - before.server;
    return {
      bench: cpus(bench),
      server: cpus(server),
      postgres: cpus(postgres),
      other: cpus(after.total - before.total - bench - server - postgres),
    };
  };
}

/**
 * Waits, up to `maxWaitMs`, for a second in which other programs use less than `threshold` CPUs. Answers the
 * last reading (undefined without /proc).
 */
export async function waitForQuiet(
  parties: Parties,
  threshold: number,
  maxWaitMs: number,
): Promise<number | undefined> {
  const deadline = Date.now() + maxWaitMs;
  let announced = false;
  for (;;) {
    const stop = await startCpuMeter(parties);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const other = (await stop())?.other;
    if (other === undefined || other < threshold) return other;
    if (Date.now() > deadline) {
      console.log(`  (other programs still use ${other.toFixed(2)} CPUs; measuring anyway)`);
      return other;
    }
    if (!announced) {
      console.log(`  (other programs are using ${other.toFixed(2)} CPUs; waiting for the machine to quieten…)`);
      announced = true;
    }
  }
}
