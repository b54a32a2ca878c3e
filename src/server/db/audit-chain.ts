/**
 * Checks the audit trail's hash chain from outside the database (`npm run audit:verify`). The database chains every
 * entry as it is inserted (drizzle/0006: each entry holds its place `chain_seq`, the hash of the entry before it and
 * its own hash); here every hash is recomputed independently of the database's own function, every link and place
 * is checked, and the head row must be the last entry. A head recorded earlier outside the database (an anchor,
 * `--expect seq:hash`) must still be in the chain: that is what shows a chain rewritten whole by someone holding
 * the owner's password.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';

/** The prev_hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** A place in the chain and the hash of the entry there (seq 0 is the empty chain, with GENESIS_HASH). */
export interface ChainHead {
  seq: number;
  hash: string;
}

export type ChainReport =
  { intact: true; entries: number; head: ChainHead } | { intact: false; entries: number; problem: string };

/** An entry as the verification reads it: numbers as their decimal text, details as jsonb's canonical text. */
export interface ChainEntry {
  id: string;
  action_type: string;
  module: string;
  record_id: string | null;
  performed_by_id: string | null;
  performed_by_name: string;
  /** UTC, microseconds: 2025-01-31T09:30:00.123456Z */
  date_time: string;
  details: string;
  refers_to_id: string | null;
  chain_seq: string;
  prev_hash: string | null;
  hash: string | null;
}

const number = (value: string | null) => value ?? 'null';
// JSON.stringify escapes a string exactly as PostgreSQL's JSON output does (", \, \b \f \n \r \t, other control
// characters as \u00xx in lower case, everything else as is); database text holds no lone surrogate.
const string = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * The text the hash is taken over: `jsonb_build_array(id, action_type, …, prev_hash)::text` as the database writes it
 * (elements separated by ", "), and its sha256 in hex.
 */
export function canonicalText(entry: ChainEntry): string {
  return `[${[
    number(entry.id),
    string(entry.action_type),
    string(entry.module),
    number(entry.record_id),
    number(entry.performed_by_id),
    string(entry.performed_by_name),
    string(entry.date_time),
    entry.details,
    number(entry.refers_to_id),
    number(entry.chain_seq),
    string(entry.prev_hash),
  ].join(', ')}]`;
}

export function entryHash(entry: ChainEntry): string {
  return createHash('sha256').update(canonicalText(entry), 'utf8').digest('hex');
}

/** Reads `seq:hash` (as printed by the verification); undefined when it is not one. */
export function parseHead(text: string): ChainHead | undefined {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim().toLowerCase());
  return match ? { seq: Number(match[1]), hash: match[2]! } : undefined;
}

/** The columns of an entry as ChainEntry reads them (a select list of audit_logs). */
export const CHAIN_ENTRY_COLUMNS = `id::text as id, action_type, module, record_id::text as record_id,
  performed_by_id::text as performed_by_id, performed_by_name,
  to_char(date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date_time, details::text as details,
  refers_to_id::text as refers_to_id, chain_seq::text as chain_seq, prev_hash, hash`;
const ENTRY_COLUMNS = sql.raw(CHAIN_ENTRY_COLUMNS);

const place = (entry: ChainEntry) => `#${entry.chain_seq} (id ${entry.id})`;

/** What the verification reads, in one snapshot: the head row(s), entries in chain order, entries outside it. */
export interface ChainSource {
  heads(): Promise<{ seq: string; hash: string }[]>;
  /** Up to `limit` entries whose place is after `after`, in order. */
  entries(after: number, limit: number): Promise<ChainEntry[]>;
  /** How many entries lack their chain columns, and the first of them. */
  unchained(): Promise<{ count: string; first: string | null }>;
}

/** The statements of a ChainSource for a driver of numbered parameters (a restore's transaction: services/backup-restore.ts). */
export const CHAIN_STATEMENTS = {
  heads: 'select seq::text as seq, hash from audit_chain order by id',
  entries: `select ${CHAIN_ENTRY_COLUMNS} from audit_logs where chain_seq > $1 order by audit_logs.chain_seq limit $2`,
  unchained: `select count(*)::text as count, min(id)::text as first from audit_logs
    where chain_seq is null or prev_hash is null or hash is null`,
};

/**
 * Walks the chain in order, `batchSize` entries at a time, in one read-only snapshot (appends that commit meanwhile
 * are not seen), and answers the first break found or the head of an intact chain. `expect` lists heads recorded
 * earlier that must still be part of the chain.
 */
export async function verifyAuditChain(
  db: Db,
  options: { expect?: ChainHead[]; batchSize?: number } = {},
): Promise<ChainReport> {
  return db.transaction(
    (tx) =>
      walkChain(
        {
          heads: async () => rowsOf<{ seq: string; hash: string }>(await tx.execute(sql.raw(CHAIN_STATEMENTS.heads))),
          entries: async (after, limit) =>
            rowsOf<ChainEntry>(
              await tx.execute(
                sql`select ${ENTRY_COLUMNS} from audit_logs where chain_seq > ${after} order by audit_logs.chain_seq limit ${limit}`,
              ),
            ),
          unchained: async () =>
            rowsOf<{ count: string; first: string | null }>(await tx.execute(sql.raw(CHAIN_STATEMENTS.unchained)))[0]!,
        },
        options,
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The verification itself, over any source read in one snapshot (verifyAuditChain). */
export async function walkChain(
  source: ChainSource,
  options: { expect?: ChainHead[]; batchSize?: number } = {},
): Promise<ChainReport> {
  const batchSize = options.batchSize ?? 1000;
  const anchors = options.expect ?? [];
  let entries = 0;
  const broken = (problem: string): ChainReport => ({ intact: false, entries, problem });

  const heads = await source.heads();
  if (heads.length !== 1) {
    return broken(`The head of the chain (table audit_chain) has ${heads.length} rows instead of one.`);
  }
  const head = { seq: Number(heads[0]!.seq), hash: heads[0]!.hash };
  const anchorHashes = new Map<number, string>([[0, GENESIS_HASH]]);

  let previous: ChainEntry | undefined;
  let previousHash = GENESIS_HASH;
  for (;;) {
    const after = previous ? Number(previous.chain_seq) : 0;
    const batch = await source.entries(after, batchSize);
    for (const entry of batch) {
      const seq = Number(entry.chain_seq);
      const expected = entries + 1;
      if (seq !== expected) {
        return broken(
          expected === 1
            ? `The chain starts at ${place(entry)}: entries #1 to #${seq - 1} are missing.`
            : `Entries #${expected} to #${seq - 1} are missing: the chain goes from ${place(previous!)} to ${place(entry)}.`,
        );
      }
      if (entry.prev_hash !== previousHash) {
        return broken(
          expected === 1
            ? `Entry ${place(entry)} is not the start of the chain: it names ${entry.prev_hash} as the entry before it.`
            : `The chain breaks between ${place(previous!)} and ${place(entry)}: #${seq} names another entry ` +
                `before it (${entry.prev_hash}, not ${previousHash}); one of the two was changed or replaced.`,
        );
      }
      if (entryHash(entry) !== entry.hash) {
        return broken(`Entry ${place(entry)} was changed after it was written: its contents do not match its hash.`);
      }
      entries = seq;
      previous = entry;
      previousHash = entry.hash;
      if (anchors.some((anchor) => anchor.seq === seq)) anchorHashes.set(seq, entry.hash);
    }
    if (batch.length < batchSize) break;
  }

  const unchained = await source.unchained();
  if (unchained.count !== '0') {
    return broken(
      `${unchained.count} entr${unchained.count === '1' ? 'y is' : 'ies are'} outside the chain (the first: id ` +
        `${unchained.first}): written with the chaining trigger off.`,
    );
  }
  if (head.seq !== entries || head.hash !== previousHash) {
    return broken(
      head.seq > entries
        ? `Entries #${entries + 1} to #${head.seq} are missing: the chain ends at #${entries} but its head is at #${head.seq}.`
        : head.seq < entries
          ? `The head of the chain is at #${head.seq} but the entries go on to #${entries}: the head was moved back.`
          : `The head of the chain at #${head.seq} holds ${head.hash}, not the last entry's hash ${previousHash}.`,
    );
  }
  for (const anchor of anchors) {
    const found = anchorHashes.get(anchor.seq);
    if (found === anchor.hash) continue;
    return broken(
      found === undefined
        ? `The recorded head #${anchor.seq} is beyond the end of the chain (#${entries}): entries were removed and the chain rewritten.`
        : `The recorded head #${anchor.seq} ${anchor.hash} is not in the chain (entry #${anchor.seq} now has ` +
            `${found}): the chain was rewritten since it was recorded.`,
    );
  }
  return { intact: true, entries, head };
}
