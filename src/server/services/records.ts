/**
 * The one read/write path of declared resources. Every create, update and delete, whatever API it came
 * through, goes through `create`, `update` or `delete`: authorise, validate, write and append the audit entry in
 * one transaction. Lists are read through the list machinery (services/record-lists.ts).
 */
import { and, eq } from 'drizzle-orm';
import {
  SYSTEM_FIELDS,
  findResource,
  ownerField,
  requiredMessage,
  saidColumns,
  type ResourceDeclaration,
} from '../../resources/index.ts';
import { recordMessages } from '../../resources/messages.ts';
import { hasVisibleText, validateRecord, type FieldError } from '../../resources/validation.ts';
import type { Database, Db } from '../db/client.ts';
import { tableOf, type RecordRow } from '../db/schema.ts';
import { badRequest, conflict, methodNotAllowed, notFound, validationFailed } from '../errors.ts';
import type { Caller } from './access.ts';
import { requireScope } from './access.ts';
import { appendAudit, diff, PUBLIC_WEBSITE, type Visitor } from './audit.ts';
import { translateWriteError } from './db-errors.ts';
import { sanitizeRichText } from './rich-text.ts';
import type { ListQuery } from './list-query.ts';
import { RecordLists } from './record-lists.ts';

/** The author fields of a new record: the name of the account that writes it. */
function authorOf(resource: ResourceDeclaration, actor: Caller): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [field, decl] of Object.entries(resource.fields))
    if (decl.kind === 'text' && decl.author) set[field] = actor.name;
  return set;
}

/** A row as this service reads and answers it (declared in db/schema.ts, which record-lists.ts reads too). */
export type { RecordRow };

/**
 * A sentence the server wrote (a `said` field) that an edit changes is no longer that sentence: its key and values
 * are cleared, and screens show the text as edited.
 */
function rewordedSentences(
  resource: ResourceDeclaration,
  value: Record<string, unknown>,
  before: RecordRow,
): Record<string, null> {
  const cleared: Record<string, null> = {};
  for (const [field, decl] of Object.entries(resource.fields))
    if (Object.hasOwn(value, field) && value[field] !== before[field])
      for (const column of saidColumns(field, decl)) cleared[column] = null;
  return cleared;
}

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
 * The account whose records alone the caller reaches (compared with the resource's ownerField), or undefined for
 * every record: in Self scope the caller's own; on a resource `ownedBy` an account, the caller's own whatever the
 * matrix (INTERNAL reads all); a 403 without the capability.
 */
function ownerOfReach(
  caller: ReadFor,
  resource: ResourceDeclaration,
  capability: 'View' | 'Add' | 'Edit' | 'Delete',
): number | undefined {
  if (caller === INTERNAL) return undefined;
  if (resource.ownedBy) return caller.id;
  return scopeOfCaller(caller, resource, capability) === 'Self' ? caller.id : undefined;
}

/** Called with each committed creation of a resource, whatever path made it (RecordService.onCreate). */
export type CreateListener = (row: RecordRow, resource: ResourceDeclaration) => void | Promise<void>;

/** Where the record service reports what went wrong outside a request (a listener that failed). */
export interface RecordLog {
  error(details: object, message: string): void;
}

/**
 * Work of a resource's own that belongs in the transaction of its writes (an employee's sign-in account):
 * `prepare` runs before the insert or update and may return values of read-only fields; `after` runs after it.
 */
export interface WriteHooks {
  /**
   * Runs first in the write's transaction, before the stored record is read: a lock that the write's checks must
   * hold while they read (services/grants.ts serialises writes that change who may do what).
   */
  begin?: (tx: Tx) => Promise<void>;
  prepare?: (tx: Tx, value: Record<string, unknown>, before?: RecordRow) => Promise<Record<string, unknown> | void>;
  after?: (tx: Tx, row: RecordRow, before?: RecordRow) => Promise<void>;
  /** Runs before a deletion, with the stored record (locked): a check that needs the record as it still is. */
  beforeDelete?: (tx: Tx, row: RecordRow) => Promise<void>;
  /** Runs once the write is committed (files that must outlive a rolled-back write: a deleted photo). */
  committed?: (row: RecordRow, before?: RecordRow) => Promise<void>;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/**
 * Writes made together in one transaction (RecordService.transaction): each write is a savepoint of it, and what
 * follows a committed write (caches forgotten, listeners told, `committed` hooks) waits for the whole to commit.
 */
interface Batch {
  tx: Tx;
  touched: Set<ResourceDeclaration>;
  afterCommit: (() => void | Promise<void>)[];
  /** Whether each write is a savepoint of its own. */
  savepoints: boolean;
}

/**
 * What a resource adds to every write of its records, whatever API the write came through. `secretFields` are
 * taken out of the submitted body before validation and handed to `create`/`update` (an employee's password),
 * so they never reach the table, the audit trail or an answer.
 */
export interface ResourceBehaviour {
  secretFields?: string[];
  /**
   * What is wrong with the secrets of a create (a too short password), answered in the same 400 as the other
   * fields' errors so that a client learns every problem of its body at once.
   */
  secretProblems?: (secrets: Record<string, unknown>) => FieldError[];
  create?: (secrets: Record<string, unknown>, actor: Caller) => WriteHooks | Promise<WriteHooks>;
  update?: (secrets: Record<string, unknown>, actor: Caller) => WriteHooks | Promise<WriteHooks>;
  delete?: (actor: Caller) => WriteHooks | Promise<WriteHooks>;
}

export class RecordService {
  /** Pages of lists, their totals, checkpoints and remembered matches (services/record-lists.ts). */
  readonly lists: RecordLists;
  readonly database: Database;
  private readonly behaviours = new Map<string, ResourceBehaviour[]>();
  private readonly writeListeners: ((resource: ResourceDeclaration) => void)[] = [];
  private readonly createListeners = new Map<string, CreateListener[]>();
  /** Listeners of creations still running (idle() waits for them). */
  private readonly listening = new Set<Promise<void>>();
  private readonly log: RecordLog | undefined;
  /** Set on the service that RecordService.transaction hands its work: the transaction its writes join. */
  private batch: Batch | undefined;

  /** Calls `listener` after every committed write of a resource (caches that depend on it). */
  onWrite(listener: (resource: ResourceDeclaration) => void): void {
    this.writeListeners.push(listener);
  }

  private written(resource: ResourceDeclaration): void {
    this.lists.forget(resource);
    for (const listener of this.writeListeners) listener(resource);
  }

  /**
   * Forgets what a write of `resource` elsewhere made stale, as after a write of this process: told by the change
   * notices of PostgreSQL (db/changes.ts) when another process wrote it.
   */
  changedElsewhere(resource: ResourceDeclaration): void {
    this.written(resource);
  }

  /**
   * Calls `listener` with every committed creation of a record of `resource` (a new contact message makes
   * notifications), whatever path created it: `create`, `insertSystem`, and any creation path added here must
   * call `created` once its write is committed. Listeners run after the answer's write, in the background: one
   * that fails is logged, and never fails or slows the write that caused it.
   */
  onCreate(resource: ResourceDeclaration, listener: CreateListener): void {
    this.createListeners.set(resource.name, [...(this.createListeners.get(resource.name) ?? []), listener]);
  }

  /** Tells the listeners of `resource` of a committed creation (see onCreate). */
  protected created(resource: ResourceDeclaration, row: RecordRow): void {
    for (const listener of this.createListeners.get(resource.name) ?? []) {
      const running: Promise<void> = Promise.resolve()
        .then(() => listener(row, resource))
        .catch((error: unknown) =>
          this.log?.error(
            { err: error, resource: resource.name, recordId: row.id },
            `A listener of new ${resource.label.many.toLowerCase()} failed; the record itself was saved.`,
          ),
        )
        .finally(() => this.listening.delete(running));
      this.listening.add(running);
    }
  }

  /** Resolves once the listeners of creations under way have run (tests; the app's close). */
  async idle(): Promise<void> {
    while (this.listening.size > 0) await Promise.all([...this.listening]);
  }

  /** Adds a resource's own behaviour to its writes (see ResourceBehaviour). */
  extend(resource: ResourceDeclaration, behaviour: ResourceBehaviour): void {
    this.behaviours.set(resource.name, [...(this.behaviours.get(resource.name) ?? []), behaviour]);
  }

  /** The fields a write of the resource takes as secrets (an account's password): never stored, never shown. */
  secretFieldsOf(resource: ResourceDeclaration): string[] {
    return (this.behaviours.get(resource.name) ?? []).flatMap((b) => b.secretFields ?? []);
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

  constructor(database: Database, countCacheTtlMs: number, log?: RecordLog) {
    this.database = database;
    this.lists = new RecordLists(database, countCacheTtlMs);
    this.log = log;
  }

  private get db(): Db {
    return this.database.db;
  }

  /**
   * Runs `work` with a record service whose creates, updates and deletes all go into one transaction: all of them
   * are kept, or none if `work` throws. With `savepoints` (the default) each write is a savepoint of it, so a write
   * that fails (and is caught by `work`) takes back only its own changes; without, `work` groups writes in
   * savepoints itself (`savepoint`), or lets the first failure end the whole. Caches, creation listeners and
   * `committed` hooks follow the commit. An import's rows are written so (services/imports.ts); on PGlite the
   * transaction holds the one connection, so other requests wait for it.
   *
   * Thousands of savepoints in one transaction are slow on PostgreSQL: each is a subtransaction, and every write's
   * audit entry moves the chain's head row again (a new version of it per write, all kept until the commit), whose
   * versions are then checked against every subtransaction. A large batch uses few savepoints.
   */
  async transaction<T>(
    work: (inside: RecordService) => Promise<T>,
    options: { savepoints?: boolean } = {},
  ): Promise<T> {
    if (this.batch) return work(this);
    const touched = new Set<ResourceDeclaration>();
    const afterCommit: Batch['afterCommit'] = [];
    const result = await this.db.transaction(async (tx) => {
      const inside = Object.create(this) as RecordService;
      inside.batch = { tx, touched, afterCommit, savepoints: options.savepoints ?? true };
      return work(inside);
    });
    for (const resource of touched) this.written(resource);
    for (const after of afterCommit) await after();
    return result;
  }

  /** An entry of the audit trail that is no record's write (an import's summary), in the transaction if in one. */
  async note(actor: Caller, resource: ResourceDeclaration, note: string): Promise<void> {
    const work = async (tx: Tx) => {
      await appendAudit(tx, actor, 'Note', resource.name, null, { note });
    };
    if (this.batch) await work(this.batch.tx);
    else await this.db.transaction(work);
  }

  /**
   * Where reads of the same work go: the transaction of RecordService.transaction when in one (on PGlite, a read
   * outside it would wait for it to end), else the database.
   */
  get executor(): Db | Tx {
    return this.batch?.tx ?? this.db;
  }

  /**
   * Runs `work` as a savepoint of the transaction of RecordService.transaction: if it throws, its writes (and what
   * they would have done after the commit) are taken back, and the transaction goes on.
   */
  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.batch;
    if (!outer) throw new Error('A savepoint is of a transaction: call it inside RecordService.transaction.');
    const own: Batch = { ...outer, afterCommit: [] };
    const result = await outer.tx.transaction(async (tx) => {
      this.batch = { ...own, tx };
      try {
        return await work();
      } finally {
        this.batch = outer;
      }
    });
    outer.afterCommit.push(...own.afterCommit);
    return result;
  }

  /** Runs `after` once the write is committed: now, or when the transaction of RecordService.transaction commits. */
  private whenCommitted(after: () => void | Promise<void>): void | Promise<void> {
    if (this.batch) this.batch.afterCommit.push(after);
    else return after();
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
      async begin(tx) {
        for (const hooks of all) await hooks.begin?.(tx);
      },
      async prepare(tx, value, before) {
        const extra: Record<string, unknown> = {};
        for (const hooks of all) Object.assign(extra, await hooks.prepare?.(tx, value, before));
        return extra;
      },
      async after(tx, row, before) {
        for (const hooks of all) await hooks.after?.(tx, row, before);
      },
      async beforeDelete(tx, row) {
        for (const hooks of all) await hooks.beforeDelete?.(tx, row);
      },
      async committed(row, before) {
        for (const hooks of all) await hooks.committed?.(row, before);
      },
    };
  }

  /**
   * One page of a list and its total, of the rows the caller may see (in Self scope, the rows it created).
   * `include` names reference fields whose records come along under `row.$ref[field]` (services/record-lists.ts).
   */
  async list(
    caller: ReadFor,
    resource: ResourceDeclaration,
    query: ListQuery,
    include: string[] = [],
  ): Promise<{ rows: RecordRow[]; total: number }> {
    return this.lists.list(resource, query, ownerOfReach(caller, resource, 'View'), include);
  }

  private notFound(resource: ResourceDeclaration): Error {
    return notFound(recordMessages.notFound(resource));
  }

  async get(
    caller: ReadFor,
    resource: ResourceDeclaration,
    id: number,
    executor: Executor = this.db,
  ): Promise<RecordRow> {
    const own = ownerOfReach(caller, resource, 'View');
    const table = tableOf(resource);
    const [row] = (await executor.select().from(table).where(eq(table.id, id)).limit(1)) as RecordRow[];
    if (!row || (own !== undefined && row[ownerField(resource)] !== own)) throw this.notFound(resource);
    return row;
  }

  /**
   * The declaration's `deleteBlockedBy`: a record that others still name is not deleted, and the sentence says why
   * (409). One added meanwhile by another transaction is refused by the foreign key, which restricts the delete.
   */
  private async checkDeleteBlockers(tx: Tx, resource: ResourceDeclaration, id: number): Promise<void> {
    for (const blocker of resource.deleteBlockedBy ?? []) {
      const referrer = findResource(blocker.resource);
      if (!referrer) continue;
      const table = tableOf(referrer);
      const [row] = await tx.select({ id: table.id }).from(table).where(eq(table[blocker.field], id)).limit(1);
      if (row) throw conflict(blocker.message);
    }
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

  private validate(
    resource: ResourceDeclaration,
    input: unknown,
    /** Problems found beside the declared fields (a create's password), answered with theirs. */
    also: FieldError[] = [],
  ): Record<string, unknown> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const writable = { ...(input as Record<string, unknown>) };
    for (const field of SYSTEM_FIELDS) delete writable[field];
    for (const [field, decl] of Object.entries(resource.fields)) {
      if (decl.readOnly) delete writable[field];
      // A sentence's key and values are the server's to write (with the sentence), never a client's.
      for (const column of saidColumns(field, decl)) delete writable[column];
    }
    const result = validateRecord(resource, writable);
    if (!result.ok || also.length > 0) throw validationFailed([...(result.ok ? [] : result.errors), ...also]);
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
      if (this.batch) {
        const result = this.batch.savepoints ? await this.batch.tx.transaction(work) : await work(this.batch.tx);
        this.batch.touched.add(resource);
        return result;
      }
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
    if (resource.serverWritten) throw this.notAddable(resource);
    scopeOfCaller(actor, resource, 'Add');
    const [secrets, input] = this.secretsOf(resource, body);
    const secretProblems = (this.behaviours.get(resource.name) ?? []).flatMap((b) => b.secretProblems?.(secrets) ?? []);
    const value = this.validate(resource, input, secretProblems);
    const hooks = await this.hooksOf(resource, (b) => b.create?.(secrets, actor));
    const table = tableOf(resource);
    const created = await this.write(resource, 'create', async (tx) => {
      await hooks.begin?.(tx);
      await this.checkWithin(tx, resource, value);
      const extra = (await hooks.prepare?.(tx, value)) ?? {};
      const [row] = (await tx
        .insert(table)
        .values({ ...value, ...extra, ...authorOf(resource, actor), ...set, created_by: actor.id })
        .returning()) as RecordRow[];
      await hooks.after?.(tx, row!);
      await appendAudit(tx, actor, 'Create', resource.name, row!.id, { after: row });
      return row!;
    });
    await this.whenCommitted(async () => {
      await hooks.committed?.(created);
      this.created(resource, created);
    });
    return created;
  }

  /** The 405 of adding, through the API, a record that only the server writes (a notification). */
  notAddable(resource: ResourceDeclaration): Error {
    return methodNotAllowed(
      `${resource.label.many} are written by the server; they cannot be added through the API.`,
      'GET, PUT, DELETE',
    );
  }

  /**
   * A record a visitor of the public website adds (a contact message, a donation from the donate form): no account
   * stands behind it, so no permission is asked (the public route decides who may post, and what: it builds `body`
   * from the visitor's own fields only). Validated, written and audited like any create, in one transaction; the
   * audit entry names `visitor` ("Public website") and no account, and `created_by` stays empty. The resource's
   * behaviours are acts of accounts (they are given the caller) and do not run: a visitor's record is always a new,
   * plain one (a Pending donation), which none of them changes.
   */
  async createForVisitor(
    resource: ResourceDeclaration,
    body: Record<string, unknown>,
    set: Record<string, unknown> = {},
    visitor: Visitor = PUBLIC_WEBSITE,
  ): Promise<RecordRow> {
    const value = this.validate(resource, body);
    const table = tableOf(resource);
    const created = await this.write(resource, 'create', async (tx) => {
      await this.checkWithin(tx, resource, value);
      const [row] = (await tx
        .insert(table)
        .values({ ...value, ...set, created_by: null })
        .returning()) as RecordRow[];
      await appendAudit(tx, visitor, 'Create', resource.name, row!.id, { after: row });
      return row!;
    });
    this.created(resource, created);
    return created;
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
    /** More work of the same transaction, after the row is written (a reply's email into the outbox). */
    alsoIn?: (tx: Tx, after: RecordRow) => Promise<void>,
  ): Promise<RecordRow> {
    const own = ownerOfReach(actor, resource, 'Edit');
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const [secrets, input] = this.secretsOf(resource, body);
    const hooks = await this.hooksOf(resource, (b) => b.update?.(secrets, actor));
    const table = tableOf(resource);
    const [before, after] = await this.write(resource, 'update', async (tx) => {
      await hooks.begin?.(tx);
      const [before] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as RecordRow[];
      if (!before || (own !== undefined && before[ownerField(resource)] !== own)) throw this.notFound(resource);
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
        .set({ ...value, ...extra, ...rewordedSentences(resource, value, before), ...set, updated_at: new Date() })
        .where(eq(table.id, id))
        .returning()) as RecordRow[];
      await hooks.after?.(tx, after!, before);
      await alsoIn?.(tx, after!);
      const changes = diff(resource, before, after!);
      if (Object.keys(changes).length > 0) {
        await appendAudit(tx, actor, 'Update', resource.name, id, { changes });
      }
      return [before, after!] as const;
    });
    await this.whenCommitted(() => hooks.committed?.(after, before));
    return after;
  }

  /**
   * An entry the server itself records (a sign-in in the activity log): validated like any other, but not an
   * act of a person, so it has no audit entry of its own.
   */
  async insertSystem(
    resource: ResourceDeclaration,
    input: Record<string, unknown>,
    /** Values the server itself decides (a sentence's key and values), as `create`'s `set`. */
    set: Record<string, unknown> = {},
  ): Promise<RecordRow> {
    const value = this.validate(resource, input);
    const [row] = (await this.db
      .insert(tableOf(resource))
      .values({ ...value, ...set })
      .returning()) as RecordRow[];
    this.written(resource);
    this.created(resource, row!);
    return row!;
  }

  async delete(actor: Caller, resource: ResourceDeclaration, id: number): Promise<RecordRow> {
    const own = ownerOfReach(actor, resource, 'Delete');
    const table = tableOf(resource);
    const hooks = await this.hooksOf(resource, (b) => b.delete?.(actor));
    const deletedRow = await this.write(resource, 'delete', async (tx) => {
      await hooks.begin?.(tx);
      await this.checkDeleteBlockers(tx, resource, id);
      const mine = own !== undefined ? eq(table[ownerField(resource)], own) : undefined;
      if (hooks.beforeDelete) {
        const [stored] = (await tx
          .select()
          .from(table)
          .where(and(eq(table.id, id), mine))
          .for('update')) as RecordRow[];
        if (!stored) throw this.notFound(resource);
        await hooks.beforeDelete(tx, stored);
      }
      const [row] = (await tx
        .delete(table)
        .where(and(eq(table.id, id), mine))
        .returning()) as RecordRow[];
      if (!row) throw this.notFound(resource);
      const keep = resource.keepWhenSet;
      if (keep && row[keep.field] !== null && row[keep.field] !== undefined && row[keep.field] !== '')
        throw conflict(keep.message.replace('{value}', String(row[keep.field])));
      await hooks.after?.(tx, row, row);
      await appendAudit(tx, actor, 'Delete', resource.name, id, { before: row });
      return row;
    });
    await this.whenCommitted(() => hooks.committed?.(deletedRow, deletedRow));
    return deletedRow;
  }
}
