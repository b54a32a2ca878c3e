/**
 * The list machinery of declared resources, behind one interface (`list`): one statement per page, built once per
 * shape and kept; totals remembered until the next write; checkpoints of deep pages; the remembered matches of
 * searches. The record service (services/records.ts) decides who may read what and calls `list` with the Self
 * scope's account, and tells `forget` after every committed write.
 */
import { and, asc, desc, eq, fillPlaceholders, ilike, is, or, SQL, sql, type AnyColumn } from 'drizzle-orm';
import { alias, PgTimestamp } from 'drizzle-orm/pg-core';
import { ownerField, recordFields, searchableFields, type ResourceDeclaration } from '../../resources/index.ts';
import { rowsOf, type Database, type Db } from '../db/client.ts';
import { tableOf, type RecordRow, type ResourceTable } from '../db/schema.ts';
import { CountCache } from './count-cache.ts';
import {
  asPlaceholder,
  filterConditions,
  filterShape,
  filterValues,
  searchPattern,
  type ListQuery,
} from './list-query.ts';

/** Every CHECKPOINT_STEP-th row of a list's order is remembered, so that a deep page starts near its rows. */
export const CHECKPOINT_STEP = 100;

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
/** The fields of a list's records: those the query asks for, or all of them. */
function rowFieldNames(resource: ResourceDeclaration, query: ListQuery): readonly string[] {
  return query.fields ?? recordFields(resource);
}

export class RecordLists {
  readonly counts: CountCache;
  /** Checkpoints of deep pages, per resource, filter and order; forgotten with the totals (same rules). */
  private readonly checkpoints: CountCache<Checkpoint[]>;
  /** Checkpoints being found again in the background. */
  private readonly refreshing = new Map<string, Promise<unknown>>();
  /** List statements by shape, least recently used first. */
  private readonly listStatements = new Map<string, ListStatement>();
  /**
   * The matches of searches, in their order (ids), or null for a search of more than MATCHES_LIMIT; kept and
   * forgotten like totals, and used a little stale on PostgreSQL while found again, like checkpoints.
   */
  private readonly matches: CountCache<number[] | null>;
  /** Searches whose matches are being found in the background. */
  private readonly finding = new Map<string, Promise<unknown>>();
  private readonly database: Database;

  constructor(database: Database, countCacheTtlMs: number) {
    this.database = database;
    // Kept only while another process's writes are heard (db/changes.ts; always on PGlite).
    const live = () => database.changes.live;
    this.counts = new CountCache(countCacheTtlMs, undefined, live);
    this.checkpoints = new CountCache(countCacheTtlMs, undefined, live);
    this.matches = new CountCache(countCacheTtlMs, MATCHES_KEPT, live);
  }

  private get db(): Db {
    return this.database.db;
  }

  /** Resolves once the matches and checkpoints being found in the background are kept (tests). */
  async idle(): Promise<void> {
    while (this.finding.size + this.refreshing.size > 0) {
      await Promise.all([...this.finding.values(), ...this.refreshing.values()]);
    }
  }

  /** Forgets what a write of the resource made stale: its totals, checkpoints and matches. */
  forget(resource: ResourceDeclaration): void {
    this.counts.invalidate(resource.name);
    this.checkpoints.invalidate(resource.name);
    this.matches.invalidate(resource.name);
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
    // Self scope's account, or the owner of a resource `ownedBy` an account.
    if (own !== undefined) conditions.push(eq(table[ownerField(resource)], bind ? sql.placeholder('own') : own));
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
    resource: ResourceDeclaration,
    query: ListQuery,
    own: number | undefined,
    include: string[] = [],
  ): Promise<{ rows: RecordRow[]; total: number }> {
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
        const byId: ListQuery = {
          sort: query.sort,
          range: { start: 0, end: ids.length - 1 },
          ids,
          where: {},
          ...(query.fields ? { fields: query.fields } : {}),
        };
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
    const found = this.db
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
    this.finding.set(finding, found);
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
      query.fields ?? 0,
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
    const rowSource = query.range.start === 0 || seek ? source : table;
    const columns: [string, AnyColumn | SQL][] = rowFieldNames(resource, query).map((name) => [name, rowSource[name]!]);
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

    // A deep page starts from its checkpoint: the rows after it, in the order's index (see seekFor).
    let after: SQL | undefined;
    if (seek) {
      const field = query.sort.field;
      const comparison = sql.raw(query.sort.order === 'ASC' ? '>' : '<');
      after =
        field === 'id'
          ? sql`${table.id} ${comparison} ${sql.placeholder('seekId')}`
          : sql`(${table[field]}, ${table.id}) ${comparison} (${sql.placeholder('seekKey')}::${sql.raw(table[field].getSQLType())}, ${sql.placeholder('seekId')})`;
    }

    let built: { sql: string; params: unknown[] };
    if (query.range.start === 0 || seek) {
      // The first page, or one within CHECKPOINT_STEP rows of its checkpoint: one plain statement, whose offset
      // walks at most that many rows. It is planned like the first page's (PostgreSQL plans each execution for its
      // values), where the ids-first join below costs three times as much to plan as to run.
      let select = this.db
        .select(selection as never)
        .from(source as never)
        .$dynamic();
      for (const { field, target } of joins) select = select.leftJoin(target as never, eq(target.id, source[field]));
      const ordered = select
        .where(fenced ? undefined : and(where, after))
        .orderBy(...orderOn(source))
        .limit(limit as never);
      built = (seek ? ordered.offset(sql.placeholder('offset') as never) : ordered).toSQL();
    } else {
      // A later page without a checkpoint takes its ids first, then their rows and references: the offset walks
      // the order's index alone (index-only when the order is the id) instead of fetching and joining every row
      // it skips, so page 1,000 costs about what page 1 does rather than a thousand times more.
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
    // Checkpoints whose time has passed (when a time-to-live is set) are used once more while fresh ones are found
    // in the background, so that no request waits for the pass over every row; checkpoints made wrong by a write, of
    // this process or another (db/changes.ts), are gone already (invalidated), and are found before answering.
    const known = this.checkpoints.peek(resource.name, cacheKey);
    let points: Checkpoint[];
    if (!known) points = await find();
    else {
      points = known.value;
      const refreshKey = `${resource.name}|${cacheKey}`;
      if (known.expired && !this.refreshing.has(refreshKey)) {
        const refreshed = find()
          .catch(() => undefined)
          .finally(() => this.refreshing.delete(refreshKey));
        this.refreshing.set(refreshKey, refreshed);
      }
    }
    const index = Math.min(Math.floor(query.range.start / CHECKPOINT_STEP), points.length);
    if (index === 0) return undefined;
    return { point: points[index - 1]!, skip: query.range.start - index * CHECKPOINT_STEP };
  }
}
