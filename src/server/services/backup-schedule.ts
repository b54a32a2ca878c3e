/**
 * The server's own daily backup (docs/operations.md, Backups): at BACKUP_TIME (default 02:00) in TRUST_TIMEZONE,
 * an archive of services/backup.ts into BACKUP_DIR, then the older archives there pruned to the newest of each of
 * the last BACKUP_KEEP_DAILY days and of the last BACKUP_KEEP_MONTHLY months.
 *
 * - One process takes each day's backup: each run is a row of backup_runs whose `slot` (the trust's calendar day)
 *   is unique, and only the process whose row goes in runs it. A server that was not running at the time (a machine
 *   switched off at night) takes the day's backup when it starts.
 * - A failed backup, and no backup succeeding for 36 hours, are told to the Admins: a notification and an email
 *   (again each day while it lasts), under a lock of the database so that several processes tell it once.
 * - backupStatus(): what the dashboard's card shows an Admin (routes/api/v2/backups.ts), including the backups of
 *   `npm run backup`, which records each of its runs once it is done (backup.ts, RECORD_COMMAND_RUN).
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { stored } from '../../resources/sentences.ts';
import type { Config } from '../config.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { backupRuns } from '../db/schema.ts';
import {
  archiveKeysOf,
  backupTar,
  BACKUP_NAME,
  ERROR_LENGTH,
  writeBackup,
  type CommandRun,
  type SnapshotSession,
} from './backup.ts';
import { backupInChild } from './backup-child.ts';
import { inTimeZone, startOfDay } from './calendar.ts';
import { accountsHolding } from './access.ts';
import type { MailService } from './mail.ts';
import type { NotificationService } from './notifications.ts';
import { appendAudit, type Actor } from './audit.ts';

/** No successful backup for this long is told to the Admins. */
export const MISSING_AFTER_MS = 36 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** A run still marked Running after this long was cut short (its process stopped). */
const STALE_RUN_MS = 12 * HOUR;
/** The lock under which one process tells that backups are missing. */
const MISSING_LOCK = 7203116;
/** The lock under which an Admin's backup is started. */
const ADMIN_LOCK = 7203117;

type ScheduleConfig = Pick<
  Config,
  | 'BACKUP_TIME'
  | 'BACKUP_DIR'
  | 'BACKUP_KEEP_DAILY'
  | 'BACKUP_KEEP_MONTHLY'
  | 'BACKUP_PASSPHRASE'
  | 'BACKUP_PUBLIC_KEY'
  | 'TRUST_TIMEZONE'
  | 'UPLOADS_DIR'
>;

/** The trust's calendar day of an instant. */
const localDay = (at: Date, zone: string) => inTimeZone(at, zone).slice(0, 10);

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The instant of `time` (HH:MM) on a day of the zone. */
function momentOf(day: string, time: string, zone: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(startOfDay(day, zone).getTime() + (hours * 60 + minutes) * 60_000);
}

/** The scheduled backup due at `at`: the last scheduled moment at or before it, and its day. */
export function dueSlot(at: Date, time: string, zone: string): { slot: string; at: Date } {
  let day = localDay(at, zone);
  if (momentOf(day, time, zone) > at) day = addDays(day, -1);
  return { slot: day, at: momentOf(day, time, zone) };
}

/** The next scheduled moment after `at`. */
export function nextMoment(at: Date, time: string, zone: string): Date {
  const day = localDay(at, zone);
  const today = momentOf(day, time, zone);
  return today > at ? today : momentOf(addDays(day, 1), time, zone);
}

/** The UTC instant in an archive's name (`trust-backup-2026-01-31T093000Z…`). */
function archiveTime(name: string): Date | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  const [, day, clock] = match as unknown as [string, string, string];
  return new Date(`${day}T${clock.slice(0, 2)}:${clock.slice(2, 4)}:${clock.slice(4, 6)}Z`);
}

/**
 * The archives of `names` to remove: all but the newest of each of the last `daily` days that have one and the
 * newest of each of the last `monthly` months that have one, days and months of the trust's zone.
 */
export function archivesToPrune(names: string[], daily: number, monthly: number, zone: string): string[] {
  const dated = names
    .map((name) => ({ name, at: archiveTime(name) }))
    .filter((entry): entry is { name: string; at: Date } => entry.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
  const keep = new Set<string>();
  const newestOf = (period: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const entry of dated) {
      const key = period(entry.at);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(entry.name);
    }
  };
  newestOf((at) => localDay(at, zone), daily);
  newestOf((at) => localDay(at, zone).slice(0, 7), monthly);
  return dated.filter((entry) => !keep.has(entry.name)).map((entry) => entry.name);
}

export interface BackupRun {
  id: number;
  kind: 'Scheduled' | 'Admin' | 'Command';
  slot: string | null;
  status: 'Running' | 'Succeeded' | 'Failed';
  startedAt: string;
  finishedAt: string | null;
  file: string | null;
  bytes: number | null;
  auditHead: string | null;
  error: string | null;
}

/** What the dashboard's card shows an Admin. */
export interface BackupStatus {
  /** Null when BACKUP_TIME is off. */
  schedule: { time: string; timeZone: string; next: string; dir: string } | null;
  /** The latest run, whatever became of it (one Running past 12 hours shows as Failed: its process stopped). */
  last: BackupRun | null;
  lastSucceeded: BackupRun | null;
  /** No backup has succeeded for 36 hours (since the first account was made, when none ever has). */
  missing: boolean;
}

type RunRow = typeof backupRuns.$inferSelect;

function runOf(row: RunRow, now: Date): BackupRun {
  const stale = row.status === 'Running' && now.getTime() - row.started_at.getTime() > STALE_RUN_MS;
  return {
    id: row.id,
    kind: row.kind,
    slot: row.slot,
    status: stale ? 'Failed' : row.status,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    file: row.file,
    bytes: row.bytes === null ? null : Number(row.bytes),
    auditHead: row.audit_head,
    error: stale ? 'It did not finish: its server process stopped.' : row.error,
  };
}

/** Since when backups are missing (the last success, or the first account when none ever succeeded); or undefined. */
async function missingSince(database: Database, now: Date): Promise<Date | undefined> {
  const [row] = rowsOf<{ since: string | Date | null }>(
    await database.db.execute(sql`
      select coalesce(
        (select max(finished_at) from ${backupRuns} where status = 'Succeeded'),
        (select min(created_at) from accounts)) as since`),
  );
  if (!row?.since) return undefined;
  const since = new Date(row.since);
  return now.getTime() - since.getTime() >= MISSING_AFTER_MS ? since : undefined;
}

export async function backupStatus(
  database: Database,
  config: ScheduleConfig,
  now = new Date(),
): Promise<BackupStatus> {
  const [last] = await database.db
    .select()
    .from(backupRuns)
    .orderBy(desc(backupRuns.started_at), desc(backupRuns.id))
    .limit(1);
  const [succeeded] = await database.db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'Succeeded'))
    .orderBy(desc(backupRuns.finished_at))
    .limit(1);
  const on = config.BACKUP_TIME !== 'off';
  return {
    schedule: on
      ? {
          time: config.BACKUP_TIME,
          timeZone: config.TRUST_TIMEZONE,
          next: nextMoment(now, config.BACKUP_TIME, config.TRUST_TIMEZONE).toISOString(),
          dir: config.BACKUP_DIR,
        }
      : null,
    last: last ? runOf(last, now) : null,
    lastSucceeded: succeeded ? runOf(succeeded, now) : null,
    missing: on && (await missingSince(database, now)) !== undefined,
  };
}

/** An archive written into BACKUP_DIR, as a run's row records it. */
export interface WrittenBackup {
  path: string;
  bytes: number;
  /** `seq:hash` of the audit chain's head it holds. */
  auditHead: string;
  /** Where it was written, for the log: "by the backup command (process 1234, …)" or "in the server". */
  where: string;
}

/** Writes one archive into BACKUP_DIR, named for `at`; `signal` stops it. */
export type BackupWriter = (at: Date, signal?: AbortSignal) => Promise<WrittenBackup>;

/**
 * The server's backups: by the backup command in a process of its own (backup-child.ts) when `inChild`, which is how
 * the running server takes them (serve.ts); otherwise in this process, from `snapshot` (a server that cannot start
 * the command: PGlite without its socket; and tests of the schedule itself).
 */
export function backupWriter(
  config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_PASSPHRASE' | 'BACKUP_PUBLIC_KEY' | 'UPLOADS_DIR'>,
  snapshot: () => Promise<SnapshotSession>,
  inChild = false,
): BackupWriter {
  if (inChild) {
    return async (at, signal) => {
      const { pid, ...written } = await backupInChild(config.BACKUP_DIR, at, signal);
      return { ...written, where: `by the backup command (process ${pid}, at the lowest CPU priority)` };
    };
  }
  return async (at) => {
    const result = await writeBackup(
      config.BACKUP_DIR,
      backupTar(await snapshot(), { uploadsDir: config.UPLOADS_DIR }),
      archiveKeysOf(config),
      at,
    );
    const head = result.summary.header.auditHead;
    return { path: result.path, bytes: result.bytes, auditHead: `${head.seq}:${head.hash}`, where: 'in the server' };
  };
}

/** Writes one archive; answers the run's row values once it succeeded. */
async function writeRun(
  options: Pick<ScheduleOptions, 'write' | 'log'>,
  what: string,
  at: Date,
  signal?: AbortSignal,
): Promise<Partial<RunRow>> {
  const written = await options.write(at, signal);
  options.log.info(
    `${what} was written ${written.where}: ${written.path} (${written.bytes} bytes); audit trail head ${written.auditHead}.`,
  );
  return { status: 'Succeeded', file: basename(written.path), bytes: written.bytes, audit_head: written.auditHead };
}

/** A command's run as sent as JSON (backup-socket.ts), or undefined when it is not one. */
export function commandRunOf(value: unknown): CommandRun | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const text = (x: unknown, length: number) => x === null || (typeof x === 'string' && x.length <= length);
  const startedAt = new Date(String(v.startedAt));
  const finishedAt = new Date(String(v.finishedAt));
  const ok =
    (v.status === 'Succeeded' || v.status === 'Failed') &&
    typeof v.startedAt === 'string' &&
    typeof v.finishedAt === 'string' &&
    !Number.isNaN(startedAt.getTime()) &&
    !Number.isNaN(finishedAt.getTime()) &&
    text(v.file, 200) &&
    (v.file === null || BACKUP_NAME.test(v.file as string)) &&
    (v.bytes === null || (typeof v.bytes === 'number' && Number.isSafeInteger(v.bytes) && v.bytes >= 0)) &&
    text(v.auditHead, 200) &&
    text(v.error, ERROR_LENGTH) &&
    typeof v.takenBy === 'string' &&
    v.takenBy.length <= 300;
  if (!ok) return undefined;
  return {
    status: v.status as CommandRun['status'],
    startedAt,
    finishedAt,
    file: v.file as string | null,
    bytes: v.bytes as number | null,
    auditHead: v.auditHead as string | null,
    error: v.error as string | null,
    takenBy: v.takenBy as string,
  };
}

/** One backup at a time by an Admin: a run still Running (and not stale) refuses another. */
export class BackupBusyError extends Error {}

/**
 * A backup an Admin starts from the dashboard: its row (kind Admin) and its audit entry in one transaction, then
 * the archive written in the background; the card follows it through backupStatus(). Answers the run as started.
 */
export async function startAdminBackup(
  options: Pick<ScheduleOptions, 'database' | 'config' | 'write' | 'log'>,
  actor: Actor,
): Promise<{ run: BackupRun; done: Promise<BackupRun> }> {
  const { database } = options;
  const now = new Date();
  const row = await database.db.transaction(async (tx) => {
    // Two Admins pressing at once take turns here; the second finds the first's run.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
    const [busy] = rowsOf(
      await tx.execute(sql`
        select 1 from ${backupRuns}
        where status = 'Running' and started_at > ${new Date(now.getTime() - STALE_RUN_MS).toISOString()}::timestamptz
        limit 1`),
    );
    if (busy) throw new BackupBusyError('A backup is being taken already; wait until it is done.');
    const [inserted] = await tx
      .insert(backupRuns)
      .values({ kind: 'Admin', status: 'Running', taken_by: `${hostname()}:${process.pid}` })
      .returning();
    await appendAudit(tx, actor, 'Create', 'backups', inserted!.id, {
      note: `Started a backup into ${options.config.BACKUP_DIR} from the dashboard.`,
    });
    return inserted!;
  });
  const done = (async () => {
    let values: Partial<RunRow>;
    try {
      values = await writeRun(options, `The backup started by ${actor.name}`, new Date());
    } catch (error) {
      options.log.warn({ err: error }, `The backup started by ${actor.name} failed.`);
      values = { status: 'Failed', error: (error as Error).message };
    }
    const [finished] = await database.db
      .update(backupRuns)
      .set({ ...values, finished_at: new Date() })
      .where(eq(backupRuns.id, row.id))
      .returning();
    return runOf(finished!, new Date());
  })();
  return { run: runOf(row, now), done };
}

/** The archive of a run that succeeded, for its download (audited); undefined when there is none any more. */
export async function archiveOfRun(
  database: Database,
  config: Pick<Config, 'BACKUP_DIR'>,
  id: number,
): Promise<{ path: string; file: string } | undefined> {
  const [row] = await database.db.select().from(backupRuns).where(eq(backupRuns.id, id)).limit(1);
  if (!row || row.status !== 'Succeeded' || !row.file || !BACKUP_NAME.test(row.file)) return undefined;
  const path = join(config.BACKUP_DIR, row.file);
  return existsSync(path) ? { path, file: row.file } : undefined;
}

export interface ScheduleOptions {
  database: Database;
  config: ScheduleConfig;
  /** How an archive is written (backupWriter). */
  write: BackupWriter;
  notifications: NotificationService;
  mail: MailService;
  log: { info(message: string): void; warn(object: object, message: string): void };
  now?: () => Date;
}

export class BackupSchedule {
  private readonly options: ScheduleOptions;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private hourly: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Stops a backup under way when the server closes. */
  private readonly closing = new AbortController();

  constructor(options: ScheduleOptions) {
    this.options = options;
    this.now = options.now ?? (() => new Date());
  }

  private get config() {
    return this.options.config;
  }

  /**
   * Takes the day's backup when it is due and not taken (after `delayMs`, so that a start is not slowed), then at
   * each BACKUP_TIME; checks every hour that backups are not missing.
   */
  start(delayMs = 60_000): void {
    if (this.config.BACKUP_TIME === 'off') return;
    const first = setTimeout(() => {
      this.track(this.runDue().then(() => this.checkMissing()));
      this.plan();
    }, delayMs);
    first.unref();
    this.timer = first;
    this.hourly = setInterval(() => this.track(this.checkMissing()), HOUR);
    this.hourly.unref();
  }

  /** Stops the timers and waits for a backup under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing.abort();
    clearTimeout(this.timer);
    clearInterval(this.hourly);
    await this.running;
  }

  private track(work: Promise<unknown>): void {
    const done = work.catch((error: unknown) => this.options.log.warn({ err: error }, 'The backup schedule failed.'));
    this.running = Promise.all([this.running, done]);
  }

  private plan(): void {
    if (this.stopped) return;
    const wait = Math.max(
      1_000,
      nextMoment(this.now(), this.config.BACKUP_TIME, this.config.TRUST_TIMEZONE).getTime() - this.now().getTime(),
    );
    this.timer = setTimeout(() => {
      this.track(this.runDue());
      this.plan();
    }, wait);
    this.timer.unref();
  }

  /** The backup due now, taken by this process if no other took it; the run, or undefined when another took it. */
  async runDue(): Promise<BackupRun | undefined> {
    const { slot } = dueSlot(this.now(), this.config.BACKUP_TIME, this.config.TRUST_TIMEZONE);
    return this.runSlot(slot);
  }

  /** Claims a day's backup (its row) and takes it; undefined when another process has it already. */
  async runSlot(slot: string): Promise<BackupRun | undefined> {
    const [claimed] = await this.options.database.db
      .insert(backupRuns)
      .values({ kind: 'Scheduled', slot, status: 'Running', taken_by: `${hostname()}:${process.pid}` })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return undefined;
    return this.take(claimed.id, slot);
  }

  private async take(id: number, slot: string): Promise<BackupRun> {
    const { database, log } = this.options;
    let values: Partial<RunRow>;
    try {
      values = await writeRun(this.options, `The backup of ${slot}`, this.now(), this.closing.signal);
      const pruned = await this.prune();
      if (pruned.length > 0) log.info(`Older backups removed: ${pruned.join(', ')}.`);
    } catch (error) {
      const reason = (error as Error).message;
      values = { status: 'Failed', error: reason };
      log.warn({ err: error }, `The backup of ${slot} failed.`);
      await this.tell(stored('backupFailed', { day: slot, reason }), `Backup of ${slot} failed`, [
        `The backup of ${slot} failed: ${reason}`,
        '',
        `Archives are written to ${this.config.BACKUP_DIR} (BACKUP_DIR). Until a backup succeeds, what is written`,
        'now exists only in the database. See the server log, then run `npm run backup` on the server to check.',
      ]).catch((failure: unknown) => log.warn({ err: failure }, 'The failed backup could not be told.'));
    }
    const [row] = await database.db
      .update(backupRuns)
      .set({ ...values, finished_at: this.now() })
      .where(eq(backupRuns.id, id))
      .returning();
    return runOf(row!, this.now());
  }

  /** Removes the archives of BACKUP_DIR the retention does not keep; answers their names. */
  async prune(): Promise<string[]> {
    const names = await readdir(this.config.BACKUP_DIR).catch(() => [] as string[]);
    const gone = archivesToPrune(
      names,
      this.config.BACKUP_KEEP_DAILY,
      this.config.BACKUP_KEEP_MONTHLY,
      this.config.TRUST_TIMEZONE,
    );
    for (const name of gone) await rm(join(this.config.BACKUP_DIR, name), { force: true });
    return gone;
  }

  /**
   * Tells the Admins when no backup has succeeded for 36 hours: once, then again each day while it lasts. Answers
   * whether it told them now.
   */
  async checkMissing(): Promise<boolean> {
    if (this.config.BACKUP_TIME === 'off') return false;
    const now = this.now();
    const since = await missingSince(this.options.database, now);
    if (!since) return false;
    const day = inTimeZone(since, this.config.TRUST_TIMEZONE).slice(0, 16).replace('T', ' ');
    return this.tell(
      stored('backupMissing', { since: day }),
      'No backup for 36 hours',
      [
        `No backup has succeeded since ${day} (${this.config.TRUST_TIMEZONE}).`,
        '',
        `The server writes one each day at ${this.config.BACKUP_TIME} into ${this.config.BACKUP_DIR} (BACKUP_DIR). Look`,
        'at the dashboard and the server log, and run `npm run backup` on the server.',
      ],
      { once: { key: 'backupMissing', after: new Date(Math.max(since.getTime(), now.getTime() - 24 * HOUR)) } },
    );
  }

  /**
   * A notification to the Admins and an email to each, in one transaction under the lock (with `once`: not when a
   * notification of that sentence was written after `after`).
   */
  private async tell(
    said: ReturnType<typeof stored>,
    subject: string,
    lines: string[],
    options: { once?: { key: string; after: Date } } = {},
  ): Promise<boolean> {
    const { database, notifications, mail } = this.options;
    const written = await database.db.transaction(async (tx) => {
      const [lock] = rowsOf<{ got: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${MISSING_LOCK}) as got`),
      );
      if (!lock?.got) return undefined;
      if (options.once) {
        const [told] = rowsOf(
          await tx.execute(sql`
            select 1 from notifications
            where type = 'Backup' and message_key = ${options.once.key} and created_at > ${options.once.after.toISOString()}::timestamptz
            limit 1`),
        );
        if (told) return undefined;
      }
      await notifications.notify({ type: 'Backup', said, link: '/', permission: 'admins' }, tx);
      const admins = rowsOf<{ email: string }>(
        await tx.execute(
          sql`select email from accounts where id in (${accountsHolding(undefined, 'View')}) order by id`,
        ),
      );
      const rows = [];
      for (const { email } of admins) {
        rows.push(await mail.write({ to: email, subject, text: lines.join('\n') }, tx));
      }
      return rows;
    });
    if (!written) return false;
    notifications.forget();
    for (const row of written) mail.dispatch(row);
    return true;
  }
}
