/**
 * The audit trail: one entry per create, update and delete, appended in the transaction of the write so that a
 * failed write leaves no entry and a failed entry undoes the write. Secrets never enter it.
 */
import { sql } from 'drizzle-orm';
import type { ResourceDeclaration } from '../../resources/index.ts';
import type { Db } from '../db/client.ts';
import { auditLogs } from '../db/schema.ts';

export type AccountType = 'Admin' | 'Employee' | 'Vendor' | 'Client';

export interface Actor {
  id: number;
  name: string;
  userType: AccountType;
}

/**
 * A person without an account, acting through a public form (a visitor of the website): the audit entry names the
 * channel (`performed_by_name`) and no account (`performed_by_id` null).
 */
export interface Visitor {
  id: null;
  name: string;
}

/** Who the audit trail names for what a visitor of the public website sends. */
export const PUBLIC_WEBSITE: Visitor = Object.freeze({ id: null, name: 'Public website' });

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An entry as stored. */
export type AuditRow = typeof auditLogs.$inferSelect;

const SECRET = /password|token|hash|secret/i;

function redact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !SECRET.test(key)));
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The declared fields whose values differ: `{ field: { before, after } }`. */
export function diff(
  resource: ResourceDeclaration,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of Object.keys(resource.fields)) {
    if (SECRET.test(field)) continue;
    if (JSON.stringify(comparable(before[field])) !== JSON.stringify(comparable(after[field]))) {
      changes[field] = { before: before[field] ?? null, after: after[field] ?? null };
    }
  }
  return changes;
}

/**
 * The SQLSTATE of an entry the database refuses (drizzle/0020): its author is not the one declared for its
 * transaction, or its id is not the sequence's. appendAudit never meets it; the error handler logs it by name.
 */
export const AUDIT_ENTRY_REFUSED = 'TA001';

/**
 * Declares who writes the transaction's next audit entries: the database accepts an entry only from the author
 * declared in its own transaction (drizzle/0020). Transaction-local, so it ends with the transaction.
 */
export async function declareAuthor(tx: Tx, author: Pick<Actor, 'id' | 'name'> | Visitor): Promise<void> {
  await tx.execute(
    sql`select set_config('app.audit_author_id', ${author.id === null ? '' : String(author.id)}, true),
      set_config('app.audit_author_name', ${author.name}, true)`,
  );
}

/**
 * Appends an entry in the write's transaction, after declaring its author there. The database dates and chains it
 * (drizzle/0020, 0006), locking the chain's head row until the transaction ends: audited writes take turns from
 * here to their commit, so append last, after the transaction's other writes and row locks (which also keeps two
 * transactions from waiting on each other).
 */
export async function appendAudit(
  tx: Tx,
  actor: Actor | Visitor,
  action: 'Create' | 'Update' | 'Delete' | 'Note',
  module: string,
  recordId: number | null,
  details: { after?: Record<string, unknown>; before?: Record<string, unknown>; changes?: object; note?: string },
  refersToId: number | null = null,
): Promise<AuditRow> {
  await declareAuthor(tx, actor);
  const [row] = await tx
    .insert(auditLogs)
    .values({
      action_type: action,
      module,
      record_id: recordId,
      performed_by_id: actor.id,
      performed_by_name: actor.name,
      details: {
        ...details,
        ...(details.after ? { after: redact(details.after) } : {}),
        ...(details.before ? { before: redact(details.before) } : {}),
      },
      refers_to_id: refersToId,
    })
    .returning();
  return row!;
}
