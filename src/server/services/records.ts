/**
 * The one read/write path of declared resources. Every create, update and delete, whatever API it came
 * through, goes through `createRecord`, `updateRecord` or `deleteRecord`: authorise, validate, write and append
 * the audit entry in one transaction.
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { SYSTEM_FIELDS, findResource, searchableFields, type ResourceDeclaration } from '../../resources/index.ts';
import { recordMessages } from '../../resources/messages.ts';
import { validateRecord } from '../../resources/validation.ts';
import type { Database, Db } from '../db/client.ts';
import { tableOf, type ResourceTable } from '../db/schema.ts';
import { badRequest, notFound, validationFailed } from '../errors.ts';
import { appendAudit, diff, type Actor } from './audit.ts';
import { CountCache } from './count-cache.ts';
import { translateWriteError } from './db-errors.ts';
import type { ListQuery } from './list-query.ts';

export type RecordRow = Record<string, unknown> & { id: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export class RecordService {
  readonly counts: CountCache;
  readonly database: Database;

  constructor(database: Database, countCacheTtlMs: number) {
    this.database = database;
    this.counts = new CountCache(countCacheTtlMs);
  }

  private get db(): Db {
    return this.database.db;
  }

  private notFound(resource: ResourceDeclaration): Error {
    return notFound(recordMessages.notFound(resource));
  }

  private whereOf(resource: ResourceDeclaration, table: ResourceTable, query: ListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (query.ids) conditions.push(inArray(table.id, query.ids));
    for (const [field, value] of Object.entries(query.where)) {
      const column = table[field];
      if (Array.isArray(value)) {
        const present = value.filter((v) => v !== null);
        const parts = [present.length > 0 ? inArray(column, present) : undefined];
        if (present.length !== value.length) parts.push(isNull(column));
        conditions.push(or(...parts));
      } else {
        conditions.push(value === null ? isNull(column) : eq(column, value));
      }
    }
    for (const [field, { from, to }] of Object.entries(query.ranges ?? {})) {
      if (from) conditions.push(gte(table[field], from));
      if (to) conditions.push(lt(table[field], to));
    }
    if (query.q) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(or(...searchableFields(resource).map((field) => ilike(table[field], pattern))));
    }
    return and(...conditions);
  }

  /** One page and the total: one statement (the total comes from a cache invalidated by every write). */
  async list(resource: ResourceDeclaration, query: ListQuery): Promise<{ rows: RecordRow[]; total: number }> {
    const table = tableOf(resource);
    const where = this.whereOf(resource, table, query);
    const column = table[query.sort.field];
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const order = query.sort.field === 'id' ? [direction(table.id)] : [direction(column), direction(table.id)];
    const limit = query.range.end - query.range.start + 1;
    const countKey = JSON.stringify([query.ids, query.where, query.q, query.ranges]);
    const cached = this.counts.get(resource.name, countKey);

    if (cached !== undefined) {
      const rows = await this.db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(query.range.start);
      return { rows: rows as RecordRow[], total: cached };
    }

    const generation = this.counts.generation(resource.name);
    const countSql = where
      ? sql<string>`(select count(*) from ${table} where ${where})`
      : sql<string>`(select count(*) from ${table})`;
    const rows = (await this.db
      .select({ row: table, total: countSql.mapWith(Number) })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(query.range.start)) as { row: RecordRow; total: number }[];
    let total: number;
    if (rows.length > 0) total = rows[0]!.total;
    else if (query.range.start === 0) total = 0;
    else {
      const [counted] = await this.db
        .select({ total: sql<string>`count(*)`.mapWith(Number) })
        .from(table)
        .where(where);
      total = counted?.total ?? 0;
    }
    this.counts.set(resource.name, countKey, total, generation);
    return { rows: rows.map((r) => r.row), total };
  }

  async get(resource: ResourceDeclaration, id: number, executor: Executor = this.db): Promise<RecordRow> {
    const table = tableOf(resource);
    const [row] = await executor.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw this.notFound(resource);
    return row as RecordRow;
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
      this.counts.invalidate(resource.name);
      return result;
    } catch (error) {
      throw translateWriteError(error, resource, operation);
    }
  }

  async create(actor: Actor, resource: ResourceDeclaration, input: unknown): Promise<RecordRow> {
    const value = this.validate(resource, input);
    const table = tableOf(resource);
    return this.write(resource, 'create', async (tx) => {
      await this.checkWithin(tx, resource, value);
      const [row] = (await tx
        .insert(table)
        .values({ ...value, created_by: actor.id })
        .returning()) as RecordRow[];
      await appendAudit(tx, actor, 'Create', resource.name, row!.id, { after: row });
      return row!;
    });
  }

  /** PUT: the submitted fields replace the stored ones; fields left out keep their values. */
  async update(actor: Actor, resource: ResourceDeclaration, id: number, input: unknown): Promise<RecordRow> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const table = tableOf(resource);
    return this.write(resource, 'update', async (tx) => {
      const [before] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as RecordRow[];
      if (!before) throw this.notFound(resource);
      const merged: Record<string, unknown> = {};
      for (const field of Object.keys(resource.fields)) merged[field] = before[field];
      const value = this.validate(resource, { ...merged, ...(input as Record<string, unknown>) });
      await this.checkWithin(tx, resource, value);
      const [after] = (await tx
        .update(table)
        .set({ ...value, updated_at: new Date() })
        .where(eq(table.id, id))
        .returning()) as RecordRow[];
      const changes = diff(resource, before, after!);
      if (Object.keys(changes).length > 0) {
        await appendAudit(tx, actor, 'Update', resource.name, id, { changes });
      }
      return after!;
    });
  }

  /**
   * An entry the server itself records (a sign-in in the activity log): validated like any other, but not an
   * act of a person, so it has no audit entry of its own.
   */
  async insertSystem(resource: ResourceDeclaration, input: Record<string, unknown>): Promise<RecordRow> {
    const value = this.validate(resource, input);
    const [row] = (await this.db.insert(tableOf(resource)).values(value).returning()) as RecordRow[];
    this.counts.invalidate(resource.name);
    return row!;
  }

  async delete(actor: Actor, resource: ResourceDeclaration, id: number): Promise<RecordRow> {
    const table = tableOf(resource);
    return this.write(resource, 'delete', async (tx) => {
      const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as RecordRow[];
      if (!row) throw this.notFound(resource);
      await appendAudit(tx, actor, 'Delete', resource.name, id, { before: row });
      return row;
    });
  }
}
