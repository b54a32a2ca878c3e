/**
 * Totals of list queries, per resource and filter. Counting a large table on every page request costs more than
 * the page itself, so totals are kept until the next write to the resource: of this process (every write goes
 * through the one write path, which invalidates), or of another process sharing PostgreSQL (heard through its change
 * notices, db/changes.ts), or until the time-to-live passes (none, unless a test sets one). While the change notices
 * are not heard (`live` false), nothing is kept or answered.
 */
const MAX_ENTRIES_PER_RESOURCE = 500;

interface Entry<T> {
  total: T;
  expires: number;
}

/** Kept per resource and key, forgotten on the resource's next write or after `ttlMs` (totals, page checkpoints). */
export class CountCache<T = number> {
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly entries = new Map<string, Map<string, Entry<T>>>();
  private readonly generations = new Map<string, number>();
  private readonly live: () => boolean;

  /**
   * `maxEntries` per resource: past it, the resource's entries are all forgotten (they are found again). `live`:
   * whether what is kept may be trusted now (db/changes.ts).
   */
  constructor(ttlMs: number, maxEntries = MAX_ENTRIES_PER_RESOURCE, live: () => boolean = () => true) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.live = live;
  }

  /** Whether anything is kept at all (a time-to-live of 0 turns the cache off). */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(resource: string, key: string): T | undefined {
    if (!this.live()) return undefined;
    const entry = this.entries.get(resource)?.get(key);
    if (!entry || entry.expires <= Date.now()) return undefined;
    return entry.total;
  }

  /**
   * The value kept since the resource's last write, even when its time has passed (`expired`): for values that
   * may be used a little stale while a fresh one is found (page checkpoints on PostgreSQL).
   */
  peek(resource: string, key: string): { value: T; expired: boolean } | undefined {
    if (!this.live()) return undefined;
    const entry = this.entries.get(resource)?.get(key);
    return entry ? { value: entry.total, expired: entry.expires <= Date.now() } : undefined;
  }

  /** The resource's write generation; a total counted before a write is not stored after it. */
  generation(resource: string): number {
    return this.generations.get(resource) ?? 0;
  }

  set(resource: string, key: string, total: T, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation(resource) || !this.live()) return;
    let forResource = this.entries.get(resource);
    if (!forResource) {
      forResource = new Map();
      this.entries.set(resource, forResource);
    }
    if (forResource.size >= this.maxEntries) forResource.clear();
    forResource.set(key, { total, expires: Date.now() + this.ttlMs });
  }

  invalidate(resource: string): void {
    this.generations.set(resource, this.generation(resource) + 1);
    this.entries.delete(resource);
  }
}
