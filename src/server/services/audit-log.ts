/**
 * Reading the audit trail, and the one write a person may make to it: a note. Entries are appended by the one
 * read/write path (records.ts, audit.ts) and never change: the database refuses UPDATE and DELETE on the table
 * (migration 0004), and the API answers 405 to PUT and DELETE. A mistake is corrected by a note that refers to
 * the entry; the entry itself stays as it was.
 *
 * Who sees what: Activity › Audit Logs › View. In Global scope every entry, in Self scope the entries the caller
 * performed (`performed_by_id`); an entry outside the scope answers 404, as a record outside Self does.
 */
import { and, asc, desc, eq, getTableColumns, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AuditEntry } from '../../resources/audit-words.ts';
import type { FieldDeclaration } from '../../resources/define.ts';
import type { FieldError } from '../../resources/validation.ts';
import type { Database } from '../db/client.ts';
import { auditLogs } from '../db/schema.ts';
import { badRequest, notFound, validationFailed } from '../errors.ts';
import type { Caller } from './access.ts';
import { requireScope, scopeFor } from './access.ts';
import { appendAudit, type AuditRow } from './audit.ts';
import { inTimeZone } from './calendar.ts';
import { filterConditions, parseList, searchPattern, type ListQuery, type ListShape } from './list-query.ts';

/** Where the audit trail sits in the permission matrix. */
export const AUDIT_LOGS = { feature: 'Activity', subFeature: 'Audit Logs' } as const;

export const ACTION_TYPES = ['Create', 'Update', 'Delete', 'Note'] as const;

const MAX_ID = 2_147_483_647;
const idField = (label: string) =>
  ({ kind: 'integer', label, min: 1, max: MAX_ID }) as const satisfies FieldDeclaration;

/** The filters, sort keys and day range of `GET /api/v2/audit-logs`. */
export function auditListShape(timeZone: string): ListShape {
  return {
    many: 'audit logs',
    defaultSort: { field: 'date_time', order: 'DESC' },
    sortable: ['id', 'date_time', 'action_type', 'module', 'performed_by_name'],
    filters: {
      action_type: { kind: 'enum', label: 'Action', values: ACTION_TYPES },
      module: { kind: 'text', label: 'Module', maxLength: 100 },
      record_id: idField('Record ID'),
      performed_by_id: idField('Performed By'),
      refers_to_id: idField('Refers To'),
    },
    days: { field: 'date_time', from: 'date_from', to: 'date_to', timeZone },
  };
}

const NOTE_FIELDS = {
  module: 'Module',
  record_id: 'Record ID',
  note: 'Note',
  refers_to_id: 'Refers To',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const optionalId = (label: string) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(1, { error: `${label} must be a positive whole number.` })
    .max(MAX_ID, { error: `${label} is too large.` })
    .nullable()
    .optional();

/** The body of a note: `{ module, record_id?, note, refers_to_id? }`; anything else is refused. */
const noteSchema = z.strictObject(
  {
    module: text(NOTE_FIELDS.module, 100),
    record_id: optionalId(NOTE_FIELDS.record_id),
    note: text(NOTE_FIELDS.note, 2000),
    refers_to_id: optionalId(NOTE_FIELDS.refers_to_id),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}. A note has module, record_id, note and refers_to_id.`
        : 'The request body must be a JSON object.',
  },
);

export type NoteInput = z.infer<typeof noteSchema>;

function fieldErrors(error: z.ZodError): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}

const ENTRY_NOT_FOUND = 'Audit log entry not found.';

export class AuditLog {
  private readonly database: Database;
  private readonly timeZone: string;
  readonly shape: ListShape;

  constructor(database: Database, timeZone: string) {
    this.database = database;
    this.timeZone = timeZone;
    this.shape = auditListShape(timeZone);
  }

  /** Parses the list parameters (400 for anything malformed). */
  parse(query: Record<string, unknown>): ListQuery {
    return parseList(this.shape, query);
  }

  out(row: AuditRow): AuditEntry {
    return {
      id: row.id,
      action_type: row.action_type,
      module: row.module,
      record_id: row.record_id,
      performed_by: { id: row.performed_by_id, name: row.performed_by_name },
      performed_by_id: row.performed_by_id,
      performed_by_name: row.performed_by_name,
      date_time: inTimeZone(row.date_time, this.timeZone),
      details: row.details,
      refers_to_id: row.refers_to_id,
    };
  }

  /** The caller's own entries only, when it may view them in Self scope; nothing when in Global scope. */
  private ownOnly(caller: Caller, scope: 'Self' | 'Global'): SQL | undefined {
    return scope === 'Self' ? eq(auditLogs.performed_by_id, caller.id) : undefined;
  }

  /** The newest entry's id (0 when there is none): an export reads the entries up to it, whatever is added since. */
  async newestId(): Promise<number> {
    const [row] = await this.database.db.select({ id: sql<string | null>`max(${auditLogs.id})` }).from(auditLogs);
    return Number(row?.id ?? 0);
  }

  /** What a query selects (and, with `upTo`, only the entries up to that id), and its order. */
  private selection(caller: Caller, query: ListQuery, upTo?: number): { where: SQL | undefined; order: SQL[] } {
    const scope = requireScope(caller.access, AUDIT_LOGS, 'View');
    const columns = getTableColumns(auditLogs) as unknown as Record<string, AnyPgColumn>;
    const conditions = filterConditions(query, (field) => columns[field]!);
    if (query.q) {
      const pattern = searchPattern(query.q);
      conditions.push(
        or(
          ilike(auditLogs.module, pattern),
          ilike(auditLogs.performed_by_name, pattern),
          sql`${auditLogs.details}::text ilike ${pattern}`,
        )!,
      );
    }
    const where = and(
      ...conditions,
      this.ownOnly(caller, scope),
      upTo === undefined ? undefined : lte(auditLogs.id, upTo),
    );
    const direction = query.sort.order === 'ASC' ? asc : desc;
    const order =
      query.sort.field === 'id'
        ? [direction(auditLogs.id)]
        : [direction(columns[query.sort.field]!), direction(auditLogs.id)];
    return { where, order };
  }

  /** One page and the total, in one statement; with `upTo`, of the entries up to that id. */
  async list(caller: Caller, query: ListQuery, upTo?: number): Promise<{ rows: AuditEntry[]; total: number }> {
    const { where, order } = this.selection(caller, query, upTo);
    const found = await this.database.db
      .select({
        row: auditLogs,
        total: (where
          ? sql<string>`(select count(*) from ${auditLogs} where ${where})`
          : sql<string>`(select count(*) from ${auditLogs})`
        ).mapWith(Number),
      })
      .from(auditLogs)
      .where(where)
      .orderBy(...order)
      .limit(query.range.end - query.range.start + 1)
      .offset(query.range.start);
    let total = found[0]?.total ?? 0;
    if (found.length === 0 && query.range.start > 0) {
      const [counted] = await this.database.db
        .select({ total: sql<string>`count(*)`.mapWith(Number) })
        .from(auditLogs)
        .where(where);
      total = counted?.total ?? 0;
    }
    return { rows: found.map(({ row }) => this.out(row)), total };
  }

  /**
   * The `count` entries that follow entry `lastId` in the query's order, up to `upTo` (an export's next page): found
   * from where the last one stands (its sort value and id, read back from the table, so no precision is lost), not by
   * counting past every entry before it, and without the total.
   */
  async after(caller: Caller, query: ListQuery, upTo: number, lastId: number, count: number): Promise<AuditEntry[]> {
    const { where, order } = this.selection(caller, query, upTo);
    const later = query.sort.order === 'ASC' ? sql`>` : sql`<`;
    const columns = getTableColumns(auditLogs) as unknown as Record<string, AnyPgColumn>;
    const column = columns[query.sort.field]!;
    const past =
      query.sort.field === 'id'
        ? sql`${auditLogs.id} ${later} ${lastId}`
        : sql`(${column}, ${auditLogs.id}) ${later} ((select ${column} from ${auditLogs} where ${auditLogs.id} = ${lastId}), ${lastId})`;
    const found = await this.database.db
      .select()
      .from(auditLogs)
      .where(and(where, past))
      .orderBy(...order)
      .limit(count);
    return found.map((row) => this.out(row));
  }

  /** One entry, or 404 when there is none or it lies outside the caller's scope. */
  async get(caller: Caller, entryId: number): Promise<AuditEntry> {
    const scope = requireScope(caller.access, AUDIT_LOGS, 'View');
    const [row] = await this.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.id, entryId), this.ownOnly(caller, scope)))
      .limit(1);
    if (!row) throw notFound(ENTRY_NOT_FOUND);
    return this.out(row);
  }

  /**
   * Appends a note (Activity › Audit Logs › Add): an entry of its own, action Note, performed by the caller. With
   * `refers_to_id` it corrects or comments an earlier entry, which must exist and be one the caller may view;
   * that entry is never changed.
   */
  async note(caller: Caller, body: unknown): Promise<AuditEntry> {
    requireScope(caller.access, AUDIT_LOGS, 'Add');
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object: { module, record_id?, note, refers_to_id? }.');
    }
    const parsed = noteSchema.safeParse(body);
    if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
    const input = parsed.data;
    const viewScope = scopeFor(caller.access, AUDIT_LOGS, 'View');
    const row = await this.database.db.transaction(async (tx) => {
      if (input.refers_to_id != null) {
        const [earlier] = viewScope
          ? await tx
              .select({ id: auditLogs.id })
              .from(auditLogs)
              .where(and(eq(auditLogs.id, input.refers_to_id), this.ownOnly(caller, viewScope)))
              .limit(1)
          : [];
        if (!earlier) {
          const message = `There is no audit log entry ${input.refers_to_id} to refer to.`;
          throw badRequest(message, [{ field: 'refers_to_id', message }]);
        }
      }
      return appendAudit(
        tx,
        caller,
        'Note',
        input.module,
        input.record_id ?? null,
        { note: input.note },
        input.refers_to_id ?? null,
      );
    });
    return this.out(row);
  }
}
