/**
 * The one read/write path of declared resources. Every create, update and delete, whatever API it came
 * through, goes through `createRecord`, `updateRecord` or `deleteRecord`: authorise, validate, write and append
 * the audit entry in one transaction.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SYSTEM_FIELDS, findResource, searchableFields, type ResourceDeclaration } from '../../resources/index.ts';
import { recordMessages } from '../../resources/messages.ts';
import { validateRecord } from '../../resources/validation.ts';
import { rowsOf, type Database, type Db } from '../db/client.ts';
import { tableOf, type ResourceTable } from '../db/schema.ts';
import { badRequest, notFound, validationFailed } from '../errors.ts';
import type { Caller } from '../types.ts';
import { requireScope } from './access.ts';
import { appendAudit, diff } from './audit.ts';
import { CountCache } from './count-cache.ts';
import { translateWriteError } from './db-errors.ts';
import { filterConditions, searchPattern, type ListQuery } from './list-query.ts';

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

/** The columns of a resource's row as selected from `source` (its table, or a subquery of it). */
function rowColumns(resource: ResourceDeclaration, source: ResourceTable): Record<string, unknown> {
  const names = ['id', ...Object.keys(resource.fields), 'created_at', 'updated_at', 'created_by'];
  return Object.fromEntries(names.map((name) => [name, source[name]]));
}

/**
 * Turns the instants of answer rows into the ISO text that JSON would give them, in place. The answer is the
 * same; JSON.stringify of rows holding Date objects leaves V8's fast path and took about 70 µs for a page of 25
 * countries, against 10 µs for strings plus 30 µs to make them.
 */
export function withIsoDates<T extends Record<string, unknown>>(rows: T[]): T[] {
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (value instanceof Date) (row as Record<string, unknown>)[key] = value.toISOString();
    }
  }
  return rows;
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

export class RecordService {
  readonly counts: CountCache;
  /** Checkpoints of deep pages, per resource, filter and order; forgotten with the totals (same rules). */
  private readonly checkpoints: CountCache<Checkpoint[]>;
  /** Checkpoints being found again in the background. */
  private readonly refreshing = new Set<string>();
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

  private whereOf(resource: ResourceDeclaration, table: ResourceTable, query: ListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = filterConditions(query, (field) => table[field]);
    if (query.q) {
      const pattern = searchPattern(query.q);
      conditions.push(or(...searchableFields(resource).map((field) => ilike(table[field], pattern))));
    }
    return and(...conditions);
  }

  /**
   * One page and the total, in one statement: the total comes from a cache invalidated by every write, or is
   * counted in the same statement. `include` names reference fields whose records come along (joined in the same
   * statement) under `row.$ref[field]`, with their id and display field.
   */
  async list(
    caller: ReadFor,
    resource: ResourceDeclaration,
    query: ListQuery,
    include: string[] = [],
  ): Promise<{ rows: RecordRow[]; total: number }> {
    const table = tableOf(resource);
    const own = scopeOfCaller(caller, resource, 'View') === 'Self' ? caller!.id : undefined;
    const where = and(this.whereOf(resource, table, query), own === undefined ? undefined : eq(table.created_by, own));
    // A search of three or more characters is answered from the trigram indexes first, then sorted: without the
    // fence (OFFSET 0 keeps the subquery apart) the planner may walk the sort index through most of the table
    // looking for matches that cluster at one end of it.
    const fenced = query.q !== undefined && query.q.length >= 3;
    // Written as SQL: drizzle leaves out `.offset(0)` (a falsy number), which would drop the fence.
    const fence = sql`0` as unknown as number;
    const source = (
      fenced ? this.db.select().from(table).where(where).offset(fence).as('matches') : table
    ) as ResourceTable;
    const column = source[query.sort.field];
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const order = query.sort.field === 'id' ? [direction(source.id)] : [direction(column), direction(source.id)];
    const limit = query.range.end - query.range.start + 1;
    const countKey = JSON.stringify([query.ids, query.where, query.q, query.ranges, own]);
    const cached = this.counts.get(resource.name, countKey);
    const generation = this.counts.generation(resource.name);

    const joins = include.map((field) => {
      const decl = resource.fields[field];
      if (decl?.kind !== 'reference') throw new Error(`${resource.name}.${field} is not a reference.`);
      const target = alias(tableOf(decl.reference), `ref_${field}`);
      return { field, target, display: decl.display };
    });
    const shape: Record<string, unknown> = { row: fenced ? rowColumns(resource, source) : table };
    for (const { field, target, display } of joins)
      shape[`ref_${field}`] = { id: target.id, [display]: target[display] };
    if (cached === undefined) {
      shape.total = (
        where
          ? sql<string>`(select count(*) from ${table} where ${where})`
          : sql<string>`(select count(*) from ${table})`
      ).mapWith(Number);
    }
    let found: Record<string, unknown>[];
    if (query.range.start === 0) {
      let select = this.db
        .select(shape as never)
        .from(source as never)
        .$dynamic();
      for (const { field, target } of joins) select = select.leftJoin(target as never, eq(target.id, source[field]));
      found = (await select
        .where(fenced ? undefined : where)
        .orderBy(...order)
        .limit(limit)) as Record<string, unknown>[];
    } else {
      // A later page takes its ids first, then their rows and references: the offset walks the order's index
      // alone (index-only when the order is the id) instead of fetching and joining every row it skips, so page
      // 1,000 costs about what page 1 does rather than a thousand times more.
      const seek = fenced ? undefined : await this.seekFor(resource, table, where, query, countKey);
      const page = this.db
        .select({ key: source.id })
        .from(source as never)
        .where(fenced ? undefined : and(where, seek?.after))
        .orderBy(...order)
        .limit(limit)
        .offset(seek?.skip ?? query.range.start)
        .as('page');
      let select = this.db
        .select({ ...shape, row: table } as never)
        .from(page)
        .innerJoin(table, eq(table.id, page.key))
        .$dynamic();
      for (const { field, target } of joins) select = select.leftJoin(target as never, eq(target.id, table[field]));
      const sorted =
        query.sort.field === 'id' ? [direction(table.id)] : [direction(table[query.sort.field]), direction(table.id)];
      found = (await select.orderBy(...sorted)) as Record<string, unknown>[];
    }

    const rows = found.map((result) => {
      const row = result.row as RecordRow;
      if (joins.length > 0) {
        row.$ref = Object.fromEntries(joins.map(({ field }) => [field, result[`ref_${field}`] ?? null]));
      }
      return row;
    });
    if (cached !== undefined) return { rows, total: cached };
    let total: number;
    if (found.length > 0) total = found[0]!.total as number;
    else if (query.range.start === 0) total = 0;
    else {
      const [counted] = await this.db
        .select({ total: sql<string>`count(*)`.mapWith(Number) })
        .from(table)
        .where(where);
      total = counted?.total ?? 0;
    }
    this.counts.set(resource.name, countKey, total, generation);
    return { rows, total };
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
    table: ResourceTable,
    where: SQL | undefined,
    query: ListQuery,
    countKey: string,
  ): Promise<{ after: SQL; skip: number } | undefined> {
    const field = query.sort.field;
    const decl = resource.fields[field];
    const notNull = field === 'id' || field === 'created_at' || field === 'updated_at' || Boolean(decl?.required);
    if (query.range.start < CHECKPOINT_STEP || !notNull) return undefined;
    const cacheKey = `${countKey}|${field}|${query.sort.order}`;
    const find = async (): Promise<Checkpoint[]> => {
      const generation = this.checkpoints.generation(resource.name);
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
    const point = points[index - 1]!;
    const comparison = sql.raw(query.sort.order === 'ASC' ? '>' : '<');
    const after =
      field === 'id'
        ? sql`${table.id} ${comparison} ${point.id}`
        : sql`(${table[field]}, ${table.id}) ${comparison} (${point.key}::${sql.raw(table[field].getSQLType())}, ${point.id})`;
    return { after, skip: query.range.start - index * CHECKPOINT_STEP };
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
    return result.value;
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
