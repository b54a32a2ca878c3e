/**
 * The one read/write path of declared resources. Every create, update and delete, whatever API it came
 * through, goes through `createRecord`, `updateRecord` or `deleteRecord`: authorise, validate, write and append
 * the audit entry in one transaction.
 */
import { and, asc, desc, eq, fillPlaceholders, ilike, is, or, SQL, sql, type AnyColumn } from 'drizzle-orm';
import { alias, PgTimestamp } from 'drizzle-orm/pg-core';
import {
  SYSTEM_FIELDS,
  findResource,
  requiredMessage,
  searchableFields,
  type ResourceDeclaration,
} from '../../resources/index.ts';
import { recordMessages } from '../../resources/messages.ts';
import { hasVisibleText, validateRecord } from '../../resources/validation.ts';
import { rowsOf, type Database, type Db } from '../db/client.ts';
import { tableOf, type ResourceTable } from '../db/schema.ts';
import { badRequest, notFound, validationFailed } from '../errors.ts';
import type { Caller } from '../types.ts';
import { requireScope } from './access.ts';
import { appendAudit, diff } from './audit.ts';
import { CountCache } from './count-cache.ts';
import { translateWriteError } from './db-errors.ts';
import { sanitizeRichText } from './rich-text.ts';
import {
  asPlaceholder,
  filterConditions,
  filterShape,
  filterValues,
  searchPattern,
  type ListQuery,
} from './list-query.ts';

export type RecordRow = Record<string, unknown> & { id: number };

/**
 * Who a read or write is for: a signed-in caller, whose permissions decide it (a 403 without the capability; in
 * Self scope only the rows the caller created, others answering 404), or INTERNAL: the server itself, reading
 * what an answer it already decided needs (the department name shown with an employee).
 */
export const INTERNAL = null;
export type ReadFor = Caller | typeof INTERNAL;

/** The scope a caller holds for a capability on a resource (a 403 without it); INTERNAL reads everything. */
function scopeOfCaller(caller: ReadFor, resource: ResourceDeclaration, capability: 'View' | 'Add' | 'Edit' | 'Delete') {
  return caller === INTERNAL ? 'Global' : requireScope(caller.access, resource.permission, capability);
}

/**
 * Work of a resource's own that belongs in the transaction of its writes (an employee's sign-in account):
 * `prepare` runs before the insert or update and may return values of read-only fields; `after` runs after it.
 */
export interface WriteHooks {
  prepare?: (tx: Tx, value: Record<string, unknown>, before?: RecordRow) => Promise<Record<string, unknown> | void>;
  after?: (tx: Tx, row: RecordRow, before?: RecordRow) => Promise<void>;
  /** Runs once the write is committed (files that must outlive a rolled-back write: a deleted photo). */
  committed?: (row: RecordRow, before?: RecordRow) => Promise<void>;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/**
 * What a resource adds to every write of its records, whatever API the write came through. `secretFields` are
 * taken out of the submitted body before validation and handed to `create`/`update` (an employee's password),
 * so they never reach the table, the audit trail or an answer.
 */
export interface ResourceBehaviour {
  secretFields?: string[];
  create?: (secrets: Record<string, unknown>, actor: Caller) => WriteHooks | Promise<WriteHooks>;
  update?: (secrets: Record<string, unknown>, actor: Caller) => WriteHooks | Promise<WriteHooks>;
  delete?: (actor: Caller) => WriteHooks | Promise<WriteHooks>;
}

/** Every CHECKPOINT_STEP-th row of a list's order is remembered, so that a deep page starts near its rows. */
export const CHECKPOINT_STEP = 250;

/** The sort key (as text) and id of the row at offset (i + 1) × CHECKPOINT_STEP − 1, for i = 0, 1, … */
type Checkpoint = { key: string | null; id: number };

/** A deep page's start: after this checkpoint, skipping `skip` more rows. */
type Seek = { point: Checkpoint; skip: number };

/** A search's matches are remembered when there are at most this many; MATCHES_KEPT searches per resource. */
export const MATCHES_LIMIT = 10_000;
const MATCHES_KEPT = 100;

/** List statements kept, by shape (see RecordService.list). */
export const LIST_STATEMENTS = 500;

/** A list statement built once for its shape: its text, its parameters (placeholders) and how to read a row. */
interface ListStatement {
  text: string;
  params: unknown[];
  /** The index of the total among a row's values, or -1 when the total is not counted. */
  totalAt: number;
  decode(raw: unknown[]): RecordRow;
}

/**
 * PostgreSQL's text of an instant, "2026-11-15 22:53:55.327+00" (UTC, as the connections ask), as ISO text,
 * "2026-11-15T22:53:55.327Z", exactly as Date#toISOString gives it (milliseconds, truncated). Anything else (another
 * offset, a year beyond 9999) goes through Date.
 */
export function isoInstant(text: string): string {
  const n = text.length;
  if (n >= 22 && text.charCodeAt(4) === 45 && text.charCodeAt(10) === 32 && text.endsWith('+00')) {
    const fraction = n > 22 ? text.slice(20, Math.min(n - 3, 23)) : '';
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(3, '0')}Z`;
  }
  return new Date(text).toISOString();
}

/** How a list statement's value of `column` becomes a record's value: as drizzle maps it, instants as ISO text. */
function decoderOf(column: AnyColumn | SQL): (value: unknown) => unknown {
  if (is(column, SQL)) return Number;
  if (is(column, PgTimestamp)) return (value) => (typeof value === 'string' ? isoInstant(value) : value);
  return (value) => column.mapFromDriverValue(value);
}

/**
 * A search of three or more characters is answered from the trigram indexes first, then sorted: without the fence
 * (OFFSET 0 keeps the subquery apart) the planner may walk the sort index through most of the table looking for
 * matches that cluster at one end of it.
 */
const isFenced = (query: ListQuery) => query.q !== undefined && query.q.length >= 3;
/** Written as SQL: drizzle leaves out `.offset(0)` (a falsy number), which would drop the fence. */
const FENCE = sql`0` as unknown as number;

/** What a list's total depends on: its filters and the Self scope's account (the key of totals and matches). */
const countKeyOf = (query: ListQuery, own: number | undefined) =>
  JSON.stringify([query.ids, query.where, query.q, query.ranges, own]);

/** The fields of a resource's row, in the order of its table. */
function rowFieldNames(resource: ResourceDeclaration): string[] {
  return ['id', ...Object.keys(resource.fields), 'created_at', 'updated_at', 'created_by'];
}

export class RecordService {
  readonly counts: CountCache;
  /** Checkpoints of deep pages, per resource, filter and order; forgotten with the totals (same rules). */
  private readonly checkpoints: CountCache<Checkpoint[]>;
  /** Checkpoints being found again in the background. */
  private readonly refreshing = new Set<string>();
  /** List statements by shape, least recently used first. */
  private readonly listStatements = new Map<string, ListStatement>();
  /**
   * The matches of searches, in their order (ids), or null for a search of more than MATCHES_LIMIT; kept and
   * forgotten like totals, and used a little stale on PostgreSQL while found again, like checkpoints.
   */
  private readonly matches: CountCache<number[] | null>;
  /** Searches whose matches are being found in the background. */
  private readonly finding = new Set<string>();
  readonly database: Database;
  private readonly behaviours = new Map<string, ResourceBehaviour[]>();
  private readonly writeListeners: ((resource: ResourceDeclaration) => void)[] = [];

  /** Calls `listener` after every committed write of a resource (caches that depend on it). */
  onWrite(listener: (resource: ResourceDeclaration) => void): void {
    this.writeListeners.push(listener);
  }

  private written(resource: ResourceDeclaration): void {
    this.counts.invalidate(resource.name);
    this.checkpoints.invalidate(resource.name);
    this.matches.invalidate(resource.name);
    for (const listener of this.writeListeners) listener(resource);
  }

  /** Adds a resource's own behaviour to its writes (see ResourceBehaviour). */
  extend(resource: ResourceDeclaration, behaviour: ResourceBehaviour): void {
    this.behaviours.set(resource.name, [...(this.behaviours.get(resource.name) ?? []), behaviour]);
  }

  /** Splits a body into its secrets (per the resource's behaviour) and the rest. */
  private secretsOf(resource: ResourceDeclaration, input: unknown): [Record<string, unknown>, unknown] {
    const fields = (this.behaviours.get(resource.name) ?? []).flatMap((b) => b.secretFields ?? []);
    if (fields.length === 0 || input === null || typeof input !== 'object' || Array.isArray(input)) return [{}, input];
    const rest = { ...(input as Record<string, unknown>) };
    const secrets: Record<string, unknown> = {};
    for (const field of fields) {
      if (field in rest) secrets[field] = rest[field];
      delete rest[field];
    }
    return [secrets, rest];
  }

  constructor(database: Database, countCacheTtlMs: number) {
    this.database = database;
    this.counts = new CountCache(countCacheTtlMs);
    this.checkpoints = new CountCache(countCacheTtlMs);
    this.matches = new CountCache(countCacheTtlMs, MATCHES_KEPT);
  }

  private get db(): Db {
    return this.database.db;
  }

  /** The hooks of every behaviour of a resource for one write, run in the order they were added. */
  private async hooksOf(
    resource: ResourceDeclaration,
    pick: (behaviour: ResourceBehaviour) => WriteHooks | Promise<WriteHooks> | undefined,
  ): Promise<WriteHooks> {
    const all: WriteHooks[] = [];
    for (const behaviour of this.behaviours.get(resource.name) ?? []) {
      const hooks = await pick(behaviour);
      if (hooks) all.push(hooks);
    }
    if (all.length <= 1) return all[0] ?? {};
    return {
      async prepare(tx, value, before) {
        const extra: Record<string, unknown> = {};
        for (const hooks of all) Object.assign(extra, await hooks.prepare?.(tx, value, before));
        return extra;
      },
      async after(tx, row, before) {
        for (const hooks of all) await hooks.after?.(tx, row, before);
      },
      async committed(row, before) {
        for (const hooks of all) await hooks.committed?.(row, before);
      },
    };
  }

  private notFound(resource: ResourceDeclaration): Error {
    return notFound(recordMessages.notFound(resource));
  }

  /**
   * The conditions of a list query, Self scope's `own` account included: with the values bound, or with named
   * placeholders (`bind`) for a statement built once per shape.
   */
  private whereOf(
    resource: ResourceDeclaration,
    table: ResourceTable,
    query: ListQuery,
    own: number | undefined,
    bind?: typeof asPlaceholder,
  ): SQL | undefined {
    const conditions: (SQL | undefined)[] = filterConditions(query, (field) => table[field], bind);
    if (query.q) {
      const pattern = bind ? sql.placeholder('q') : searchPattern(query.q);
      conditions.push(or(...searchableFields(resource).map((field) => ilike(table[field], pattern))));
    }
    if (own !== undefined) conditions.push(eq(table.created_by, bind ? sql.placeholder('own') : own));
    return and(...conditions);
  }

  /**
   * One page and the total, in one statement: the total comes from a cache invalidated by every write, or is
   * counted in the same statement. `include` names reference fields whose records come along (joined in the same
   * statement) under `row.$ref[field]`, with their id and display field.
   *
   * The statement is built once per shape (resource, order, which filters, whether the total and a checkpoint
   * come into it…) with named placeholders for the values, and kept (LIST_STATEMENTS of them, least recently used
   * first out); a request of a known shape only fills in its values. Its rows are read as the driver gives them
   * and turned into records here, instants straight into ISO text: building the statement, drizzle's row mapping
   * and Date objects were a third of the server's time on a list page (docs/performance.md).
   */
  async list(
    caller: ReadFor,
    resource: ResourceDeclaration,
    query: ListQuery,
    include: string[] = [],
  ): Promise<{ rows: RecordRow[]; total: number }> {
    const own = scopeOfCaller(caller, resource, 'View') === 'Self' ? caller!.id : undefined;
    const countKey = countKeyOf(query, own);
    if (isFenced(query) && this.matches.enabled) {
      // A search's matches, once found (in the background, after its first request), give every page of it by
      // id: a page of the search then costs what a page of ids does, instead of the trigram scan and the sort of
      // every match again.
      const matchKey = `${countKey}|${query.sort.field}|${query.sort.order}`;
      const known = this.matches.peek(resource.name, matchKey);
      if (known?.value) {
        if (known.expired) this.findMatches(resource, query, own, matchKey);
        const ids = known.value.slice(query.range.start, query.range.end + 1);
        const total = known.value.length;
        if (ids.length === 0) return { rows: [], total };
        const byId: ListQuery = { sort: query.sort, range: { start: 0, end: ids.length - 1 }, ids, where: {} };
        return this.page(resource, byId, { include, total });
      }
      // Found after this answer, not before it: on PGlite the two would otherwise queue one behind the other.
      const answer = await this.page(resource, query, { own, include, countKey });
      if (!known || known.expired) this.findMatches(resource, query, own, matchKey);
      return answer;
    }
    return this.page(resource, query, { own, include, countKey });
  }

  /**
   * The matches of a search, in its order, found in the background and remembered for its next requests; a
   * search of more than MATCHES_LIMIT rows is remembered as such (null) and keeps the plain path.
   */
  private findMatches(resource: ResourceDeclaration, query: ListQuery, own: number | undefined, key: string): void {
    const finding = `${resource.name}|${key}`;
    if (this.finding.has(finding)) return;
    this.finding.add(finding);
    const generation = this.matches.generation(resource.name);
    const table = tableOf(resource);
    const where = this.whereOf(resource, table, query, own);
    const field = query.sort.field;
    const matches = this.db
      .select(field === 'id' ? { id: table.id } : { id: table.id, key: table[field] })
      .from(table)
      .where(where)
      .offset(FENCE)
      .as('matches') as unknown as ResourceTable;
    const direction = query.sort.order === 'ASC' ? asc : desc;
    this.db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(...(field === 'id' ? [direction(matches.id)] : [direction(matches.key), direction(matches.id)]))
      .limit(MATCHES_LIMIT + 1)
      .then((rows) => {
        const ids = rows.length > MATCHES_LIMIT ? null : rows.map((row) => Number(row.id));
        this.matches.set(resource.name, key, ids, generation);
      })
      .catch(() => undefined)
      .finally(() => this.finding.delete(finding));
  }

  /** One page of a list, in one statement (see `list`); `total` when it is known already. */
  private async page(
    resource: ResourceDeclaration,
    query: ListQuery,
    options: { own?: number; include: string[]; countKey?: string; total?: number },
  ): Promise<{ rows: RecordRow[]; total: number }> {
    const { own, include } = options;
    const fenced = isFenced(query);
    const countKey = options.countKey ?? countKeyOf(query, own);
    const cached = options.total ?? this.counts.get(resource.name, countKey);
    const generation = this.counts.generation(resource.name);
    const seek = query.range.start === 0 || fenced ? undefined : await this.seekFor(resource, query, own, countKey);

    const values: Record<string, unknown> = { limit: query.range.end - query.range.start + 1 };
    filterValues(query, values);
    if (query.q) values.q = searchPattern(query.q);
    if (own !== undefined) values.own = own;
    if (query.range.start > 0) values.offset = seek?.skip ?? query.range.start;
    if (seek) Object.assign(values, { seekKey: seek.point.key, seekId: seek.point.id });

    const shape = JSON.stringify([
      resource.name,
      query.sort,
      filterShape(query),
      query.q === undefined ? 0 : fenced ? 2 : 1,
      own !== undefined,
      cached === undefined,
      query.range.start === 0 ? 0 : seek ? 2 : 1,
      include,
    ]);
    let statement = this.listStatements.get(shape);
    if (statement) {
      this.listStatements.delete(shape);
    } else {
      statement = this.buildList(resource, query, { fenced, own, count: cached === undefined, seek, include });
      if (this.listStatements.size >= LIST_STATEMENTS) {
        this.listStatements.delete(this.listStatements.keys().next().value!);
      }
    }
    this.listStatements.set(shape, statement);

    const found = await this.database.rows(statement.text, fillPlaceholders(statement.params, values));
    const rows = found.map((raw) => statement.decode(raw));
    if (cached !== undefined) return { rows, total: cached };
    let total: number;
    if (found.length > 0) total = Number(found[0]![statement.totalAt]);
    else if (query.range.start === 0) total = 0;
    else {
      const table = tableOf(resource);
      const where = this.whereOf(resource, table, query, own);
      const [counted] = await this.db
        .select({ total: sql<string>`count(*)`.mapWith(Number) })
        .from(table)
        .where(where);
      total = counted?.total ?? 0;
    }
    this.counts.set(resource.name, countKey, total, generation);
    return { rows, total };
  }

  /** Builds the statement of one list shape, with placeholders for its values (see `list`). */
  private buildList(
    resource: ResourceDeclaration,
    query: ListQuery,
    options: { fenced: boolean; own?: number; count: boolean; seek?: Seek; include: string[] },
  ): ListStatement {
    const { fenced, own, count, seek, include } = options;
    const table = tableOf(resource);
    const where = this.whereOf(resource, table, query, own, asPlaceholder);
    const source = (
      fenced ? this.db.select().from(table).where(where).offset(FENCE).as('matches') : table
    ) as ResourceTable;
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const orderOn = (from: ResourceTable) =>
      query.sort.field === 'id' ? [direction(from.id)] : [direction(from[query.sort.field]), direction(from.id)];
    const limit = sql.placeholder('limit');

    const joins = include.map((field) => {
      const decl = resource.fields[field];
      if (decl?.kind !== 'reference') throw new Error(`${resource.name}.${field} is not a reference.`);
      const target = alias(tableOf(decl.reference), `ref_${field}`);
      return { field, target, display: decl.display };
    });
    // The columns, in order: the record's own, then each reference's id and display field, then the total.
    const rowSource = query.range.start === 0 ? source : table;
    const columns: [string, AnyColumn | SQL][] = rowFieldNames(resource).map((name) => [name, rowSource[name]!]);
    for (const { field, target, display } of joins) {
      columns.push([`${field}.id`, target.id], [`${field}.${display}`, target[display]!]);
    }
    if (count) {
      columns.push([
        'total',
        where ? sql`(select count(*) from ${table} where ${where})` : sql`(select count(*) from ${table})`,
      ]);
    }
    const selection = Object.fromEntries(columns.map(([, column], i) => [`c${i}`, column]));

    let built: { sql: string; params: unknown[] };
    if (query.range.start === 0) {
      let select = this.db
        .select(selection as never)
        .from(source as never)
        .$dynamic();
      for (const { field, target } of joins) select = select.leftJoin(target as never, eq(target.id, source[field]));
      built = select
        .where(fenced ? undefined : where)
        .orderBy(...orderOn(source))
        .limit(limit as never)
        .toSQL();
    } else {
      // A later page takes its ids first, then their rows and references: the offset walks the order's index
      // alone (index-only when the order is the id) instead of fetching and joining every row it skips, so page
      // 1,000 costs about what page 1 does rather than a thousand times more.
      let after: SQL | undefined;
      if (seek) {
        const field = query.sort.field;
        const comparison = sql.raw(query.sort.order === 'ASC' ? '>' : '<');
        after =
          field === 'id'
            ? sql`${table.id} ${comparison} ${sql.placeholder('seekId')}`
            : sql`(${table[field]}, ${table.id}) ${comparison} (${sql.placeholder('seekKey')}::${sql.raw(table[field].getSQLType())}, ${sql.placeholder('seekId')})`;
      }
      const page = this.db
        .select({ key: source.id })
        .from(source as never)
        .where(fenced ? undefined : and(where, after))
        .orderBy(...orderOn(source))
        .limit(limit as never)
        .offset(sql.placeholder('offset') as never)
        .as('page');
      let select = this.db
        .select(selection as never)
        .from(page)
        .innerJoin(table, eq(table.id, page.key))
        .$dynamic();
      for (const { field, target } of joins) select = select.leftJoin(target as never, eq(target.id, table[field]));
      built = select.orderBy(...orderOn(table)).toSQL();
    }

    const decoders = columns.map(([name, column]) => [name, decoderOf(column)] as const);
    return {
      text: built.sql,
      params: built.params,
      totalAt: count ? columns.length - 1 : -1,
      decode(raw) {
        const row: Record<string, unknown> = {};
        const refs: Record<string, Record<string, unknown> | null> = {};
        for (let i = 0; i < decoders.length; i++) {
          const [name, decode] = decoders[i]!;
          const value = raw[i] === null ? null : decode(raw[i]);
          const dot = name.indexOf('.');
          if (dot === -1) {
            if (name !== 'total') row[name] = value;
          } else {
            const field = name.slice(0, dot);
            refs[field] ??= {};
            refs[field]![name.slice(dot + 1)] = value;
          }
        }
        if (joins.length > 0) {
          // A reference that is empty (no row joined) is null, as drizzle gave it.
          row.$ref = Object.fromEntries(
            joins.map(({ field }) => [field, refs[field]?.id === null ? null : (refs[field] ?? null)]),
          );
        }
        return row as RecordRow;
      },
    };
  }

  /**
   * Where a deep page starts: past the nearest remembered checkpoint before it (a keyset condition on the order's
   * columns, which the order's index answers directly), so the offset walks at most CHECKPOINT_STEP rows instead
   * of every row before the page. The checkpoints of a filter and order are found in one pass over its rows and
   * kept like totals (until the next write, or 2 seconds); a page before the first checkpoint, or an order on a
   * column that may be empty, uses the plain offset.
   */
  private async seekFor(
    resource: ResourceDeclaration,
    query: ListQuery,
    own: number | undefined,
    countKey: string,
  ): Promise<Seek | undefined> {
    const field = query.sort.field;
    const decl = resource.fields[field];
    const notNull = field === 'id' || field === 'created_at' || field === 'updated_at' || Boolean(decl?.required);
    if (query.range.start < CHECKPOINT_STEP || !notNull) return undefined;
    const cacheKey = `${countKey}|${field}|${query.sort.order}`;
    const find = async (): Promise<Checkpoint[]> => {
      const generation = this.checkpoints.generation(resource.name);
      const table = tableOf(resource);
      const where = this.whereOf(resource, table, query, own);
      const direction = sql.raw(query.sort.order === 'ASC' ? 'asc' : 'desc');
      const column = table[field];
      const ordered =
        field === 'id' ? sql`${table.id} ${direction}` : sql`${column} ${direction}, ${table.id} ${direction}`;
      const result = await this.db.execute(sql`
        select k, id from (
          select ${column}::text as k, ${table.id} as id, row_number() over (order by ${ordered}) as rn
          from ${table} ${where ? sql`where ${where}` : sql``}
        ) numbered
        where rn % ${CHECKPOINT_STEP} = 0
        order by rn`);
      const rows = rowsOf<{ k: string | null; id: number | string }>(result);
      const found = rows.map((row) => ({ key: row.k, id: Number(row.id) }));
      this.checkpoints.set(resource.name, cacheKey, found, generation);
      return found;
    };
    // Checkpoints whose time has passed (PostgreSQL shared with other processes) are used once more while fresh
    // ones are found in the background, so that no request waits for the pass over every row; checkpoints made
    // wrong by a write of this process are gone already (invalidated), and are found before answering.
    const known = this.checkpoints.peek(resource.name, cacheKey);
    let points: Checkpoint[];
    if (!known) points = await find();
    else {
      points = known.value;
      const refreshKey = `${resource.name}|${cacheKey}`;
      if (known.expired && !this.refreshing.has(refreshKey)) {
        this.refreshing.add(refreshKey);
        find()
          .catch(() => undefined)
          .finally(() => this.refreshing.delete(refreshKey));
      }
    }
    const index = Math.min(Math.floor(query.range.start / CHECKPOINT_STEP), points.length);
    if (index === 0) return undefined;
    return { point: points[index - 1]!, skip: query.range.start - index * CHECKPOINT_STEP };
  }

  async get(
    caller: ReadFor,
    resource: ResourceDeclaration,
    id: number,
    executor: Executor = this.db,
  ): Promise<RecordRow> {
    const scope = scopeOfCaller(caller, resource, 'View');
    const table = tableOf(resource);
    const [row] = (await executor.select().from(table).where(eq(table.id, id)).limit(1)) as RecordRow[];
    if (!row || (scope === 'Self' && row.created_by !== caller!.id)) throw this.notFound(resource);
    return row;
  }

  /** Checks `within` rules: a city's state must be in the city's country. */
  private async checkWithin(tx: Tx, resource: ResourceDeclaration, value: Record<string, unknown>): Promise<void> {
    for (const [field, decl] of Object.entries(resource.fields)) {
      if (decl.kind !== 'reference' || !decl.within || value[field] == null) continue;
      const target = findResource(decl.reference);
      if (!target) continue;
      const table = tableOf(target);
      const [row] = await tx
        .select({ owner: table[decl.within.through] })
        .from(table)
        .where(eq(table.id, value[field] as number))
        .limit(1);
      if (!row) {
        const message = recordMessages.missingReference(target);
        throw badRequest(message, [{ field, message }]);
      }
      if (row.owner !== value[decl.within.field]) {
        const ownerLabel = resource.fields[decl.within.field]?.label ?? decl.within.field;
        const message = recordMessages.notWithin(target, ownerLabel);
        throw badRequest(message, [{ field, message }]);
      }
    }
  }

  private validate(resource: ResourceDeclaration, input: unknown): Record<string, unknown> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const writable = { ...(input as Record<string, unknown>) };
    for (const field of SYSTEM_FIELDS) delete writable[field];
    for (const [field, decl] of Object.entries(resource.fields)) if (decl.readOnly) delete writable[field];
    const result = validateRecord(resource, writable);
    if (!result.ok) throw validationFailed(result.errors);
    const value = result.value;
    // Formatted text is stored only as the allow-list keeps it; what is left must still say something if required.
    for (const [field, decl] of Object.entries(resource.fields)) {
      if (decl.kind !== 'richText' || typeof value[field] !== 'string') continue;
      const clean = sanitizeRichText(value[field]);
      if (!hasVisibleText(clean)) {
        const message = requiredMessage(decl);
        if (message) throw validationFailed([{ field, message }]);
        value[field] = null;
      } else value[field] = clean;
    }
    return value;
  }

  private async write<T>(
    resource: ResourceDeclaration,
    operation: 'create' | 'update' | 'delete',
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    try {
      const result = await this.db.transaction(work);
      this.written(resource);
      return result;
    } catch (error) {
      throw translateWriteError(error, resource, operation);
    }
  }

  /** `set` gives values of read-only fields that the server itself decides (a stored photo's path). */
  async create(
    actor: Caller,
    resource: ResourceDeclaration,
    body: unknown,
    set: Record<string, unknown> = {},
  ): Promise<RecordRow> {
    scopeOfCaller(actor, resource, 'Add');
    const [secrets, input] = this.secretsOf(resource, body);
    const value = this.validate(resource, input);
    const hooks = await this.hooksOf(resource, (b) => b.create?.(secrets, actor));
    const table = tableOf(resource);
    return this.write(resource, 'create', async (tx) => {
      await this.checkWithin(tx, resource, value);
      const extra = (await hooks.prepare?.(tx, value)) ?? {};
      const [row] = (await tx
        .insert(table)
        .values({ ...value, ...extra, ...set, created_by: actor.id })
        .returning()) as RecordRow[];
      await hooks.after?.(tx, row!);
      await appendAudit(tx, actor, 'Create', resource.name, row!.id, { after: row });
      return row!;
    });
  }

  /**
   * PUT: the submitted fields replace the stored ones; fields left out keep their values. `set` gives values of
   * read-only fields that the server itself decides (a newly stored photo's path, or null once removed).
   */
  async update(
    actor: Caller,
    resource: ResourceDeclaration,
    id: number,
    body: unknown,
    set: Record<string, unknown> = {},
  ): Promise<RecordRow> {
    const scope = scopeOfCaller(actor, resource, 'Edit');
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const [secrets, input] = this.secretsOf(resource, body);
    const hooks = await this.hooksOf(resource, (b) => b.update?.(secrets, actor));
    const table = tableOf(resource);
    const [before, after] = await this.write(resource, 'update', async (tx) => {
      const [before] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as RecordRow[];
      if (!before || (scope === 'Self' && before.created_by !== actor.id)) throw this.notFound(resource);
      const merged: Record<string, unknown> = {};
      // Stored instants come back as Dates; validation reads them as a client sends them (ISO 8601 text).
      for (const field of Object.keys(resource.fields)) {
        const stored = before[field];
        merged[field] = stored instanceof Date ? stored.toISOString() : stored;
      }
      const value = this.validate(resource, { ...merged, ...(input as Record<string, unknown>) });
      await this.checkWithin(tx, resource, value);
      const extra = (await hooks.prepare?.(tx, value, before)) ?? {};
      const [after] = (await tx
        .update(table)
        .set({ ...value, ...extra, ...set, updated_at: new Date() })
        .where(eq(table.id, id))
        .returning()) as RecordRow[];
      await hooks.after?.(tx, after!, before);
      const changes = diff(resource, before, after!);
      if (Object.keys(changes).length > 0) {
        await appendAudit(tx, actor, 'Update', resource.name, id, { changes });
      }
      return [before, after!] as const;
    });
    await hooks.committed?.(after, before);
    return after;
  }

  /**
   * An entry the server itself records (a sign-in in the activity log): validated like any other, but not an
   * act of a person, so it has no audit entry of its own.
   */
  async insertSystem(resource: ResourceDeclaration, input: Record<string, unknown>): Promise<RecordRow> {
    const value = this.validate(resource, input);
    const [row] = (await this.db.insert(tableOf(resource)).values(value).returning()) as RecordRow[];
    this.written(resource);
    return row!;
  }

  async delete(actor: Caller, resource: ResourceDeclaration, id: number): Promise<RecordRow> {
    const scope = scopeOfCaller(actor, resource, 'Delete');
    const table = tableOf(resource);
    const hooks = await this.hooksOf(resource, (b) => b.delete?.(actor));
    const deletedRow = await this.write(resource, 'delete', async (tx) => {
      const mine = scope === 'Self' ? eq(table.created_by, actor.id) : undefined;
      const [row] = (await tx
        .delete(table)
        .where(and(eq(table.id, id), mine))
        .returning()) as RecordRow[];
      if (!row) throw this.notFound(resource);
      await hooks.after?.(tx, row, row);
      await appendAudit(tx, actor, 'Delete', resource.name, id, { before: row });
      return row;
    });
    await hooks.committed?.(deletedRow, deletedRow);
    return deletedRow;
  }
}
