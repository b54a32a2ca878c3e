/**
 * What other server processes changed, heard through PostgreSQL (docs/decisions.md, "Several processes: change notices
 * through PostgreSQL"). Every table that a cache of the server depends on carries a statement trigger (migration 0019,
 * `ensure_change_notices`) that says, at commit, `NOTIFY trust_changes, '<table>'`: whatever wrote it (this server,
 * another process or machine, a script, psql). Each process LISTENs on a connection of its own and forgets what the
 * table's change made stale before it reads its next request: PostgreSQL signals the listeners while the writing
 * transaction commits, before the writer is even told, so the notice is on its way before any request that follows from
 * the write can be sent.
 *
 * A process that is not listening cannot trust what it remembers: until its LISTEN is in place (at start, and after
 * the connection drops, until it is back), `live` is false and the caches keep and answer nothing; each time the
 * listener comes back, everything is forgotten once more (a notice may have been missed meanwhile). A ping every
 * few seconds finds a connection that died without closing.
 *
 * PGlite's directory belongs to one process (its lock), so every write is this process's own and is forgotten on the
 * write path: `local()` is always live and never hears anything.
 */
import postgres from 'postgres';

export const CHANGE_CHANNEL = 'trust_changes';

/**
 * Tables whose writes no cache depends on, and that are written often (every sign-in, every form post, every
 * audited write, the mail worker's claims): they carry no trigger.
 */
export const UNWATCHED_TABLES = [
  'audit_logs',
  'audit_chain',
  'rate_limits',
  'sign_in_throttles',
  'known_devices',
  'mail_outbox',
  'password_reset_tokens',
  'receipt_counters',
  'uploads',
  'form_drafts',
] as const;

export interface ChangeLog {
  info(message: string): void;
  warn(object: object, message: string): void;
}

export interface ChangeFeed {
  /** Whether what is remembered may be trusted: always on PGlite; on PostgreSQL, while the LISTEN is in place. */
  readonly live: boolean;
  /** Calls `listener` with the table another process (or this one) changed. */
  onChange(listener: (table: string) => void): void;
  /** Calls `listener` when notices may have been missed: everything remembered must be forgotten. */
  onReset(listener: () => void): void;
  /**
   * Resolves once every notice of a transaction committed before the call has been heard (or, the connection
   * failing, once nothing remembered is trusted any more): the barrier a request passes before anything remembered
   * may answer it. Undefined when there is nothing to wait for (PGlite; not live, when caches are off anyway).
   */
  sync(): Promise<void> | undefined;
  close(): Promise<void>;
}

/** PGlite's feed: one process, always live, nothing to hear. */
export function localChanges(): ChangeFeed {
  return { live: true, onChange() {}, onReset() {}, sync: () => undefined, close: async () => {} };
}

const PING_MS = 5_000;
const PING_TIMEOUT_MS = 3_000;
const RETRY_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/**
 * Listens on a connection of its own to `url`. Resolves once the first LISTEN is in place (or failed: the feed then
 * keeps trying, and is not live meanwhile).
 */
export async function listenForChanges(url: string, log?: ChangeLog): Promise<ChangeFeed> {
  const changeListeners: ((table: string) => void)[] = [];
  const resetListeners: (() => void)[] = [];
  let live = false;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  let client: postgres.Sql | undefined;

  const reset = () => {
    for (const listener of resetListeners) listener();
  };

  /** The connection is gone or unusable: nothing remembered may be trusted until a new LISTEN is in place. */
  const lost = (reason: unknown) => {
    if (closed) return;
    const was = live;
    live = false;
    clearInterval(ping);
    reset();
    if (was)
      log?.warn({ err: reason }, 'The change notices of PostgreSQL stopped: caches are off until they are back.');
    const old = client;
    client = undefined;
    void old?.end({ timeout: 1 }).catch(() => {});
    if (retry === undefined) {
      const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
      attempt += 1;
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, wait);
      retry.unref();
    }
  };

  async function connect(): Promise<void> {
    if (closed) return;
    // postgres.js calls `onnotify` with every notice of the connection (an option its types leave out).
    const onnotify = (channel: string, payload: string) => {
      if (channel !== CHANGE_CHANNEL || client !== mine) return;
      for (const listener of changeListeners) listener(payload);
    };
    const mine: postgres.Sql = postgres(url, {
      max: 1,
      idle_timeout: 0,
      max_lifetime: 0,
      fetch_types: false,
      onnotice: () => {},
      connection: { application_name: 'trust-school-changes' },
      onclose() {
        if (client === mine) lost(new Error('the connection closed'));
      },
      ...({ onnotify } as object),
    });
    client = mine;
    try {
      await mine.unsafe(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      if (client === mine) lost(error);
      return;
    }
    if (client !== mine || closed) return;
    // Whatever was remembered before this LISTEN may have missed a notice.
    reset();
    live = true;
    if (attempt > 0) log?.info('The change notices of PostgreSQL are back: caches are on again.');
    attempt = 0;
    clearInterval(ping);
    ping = setInterval(() => {
      const timeout = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no answer to a ping')), PING_TIMEOUT_MS).unref(),
      );
      Promise.race([mine.unsafe('select 1'), timeout]).catch((error: unknown) => {
        if (client === mine) lost(error);
      });
    }, PING_MS);
    ping.unref();
  }

  /**
   * A round trip on the listening connection: PostgreSQL sends a listener the notices it has been signalled of
   * before it answers the listener's next query, and a committing transaction signals its listeners before its
   * writer hears of the commit. So once `select 1` is answered, every notice of a transaction committed before it
   * was sent has been heard. Requests that arrive while one is on its way share the next one.
   */
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const roundTrip = (): Promise<void> => {
    const mine = client;
    if (!mine || !live) return Promise.resolve();
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer from the listening connection')), PING_TIMEOUT_MS).unref(),
    );
    return Promise.race([mine.unsafe('select 1'), timeout]).then(
      () => {},
      (error: unknown) => {
        if (client === mine) lost(error);
      },
    );
  };
  const start = (): Promise<void> => {
    const trip: Promise<void> = roundTrip().finally(() => {
      if (running === trip) running = undefined;
    });
    running = trip;
    return trip;
  };
  const sync = (): Promise<void> | undefined => {
    if (!live) return undefined;
    if (!running) return start();
    // One is on its way, sent before this request came: the next one, shared by all that come meanwhile.
    queued ??= running.then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };

  await connect();
  return {
    get live() {
      return live;
    },
    onChange(listener) {
      changeListeners.push(listener);
    },
    onReset(listener) {
      resetListeners.push(listener);
    },
    sync,
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      clearInterval(ping);
      const old = client;
      client = undefined;
      await old?.end({ timeout: 2 });
    },
  };
}
