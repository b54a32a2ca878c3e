/**
 * What visitors typed in forms the server refused, kept for the page a form post goes back to (no JavaScript, so the
 * page has nothing else to fill its fields from; routes/api/public/form-posts.ts puts them, routes/web/site.ts takes
 * them): in the database (table form_drafts), so that whichever server process answers that page finds it, under a
 * random key put in that page's query, for 15 minutes, and given once (taken by deleting it), so a link with a key
 * shows its text to one visitor at most (a key is 128 random bits). Only the fields named are kept, each cut to 5,000
 * characters, and at most 500 drafts, the oldest dropped.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { formDrafts as formDraftRows } from '../db/schema.ts';

const DRAFT_MS = 15 * 60 * 1000;
const DRAFTS_KEPT = 500;
const DRAFT_FIELD_LIMIT = 5000;

export class FormDrafts {
  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  /** Keeps the text of `fields` in `body` (each that is a non-empty string) and answers its key. */
  async put(body: Record<string, unknown>, fields: readonly string[]): Promise<string> {
    const kept: Record<string, string> = {};
    for (const field of fields) {
      const value = body[field];
      if (typeof value === 'string' && value !== '') kept[field] = value.slice(0, DRAFT_FIELD_LIMIT);
    }
    const key = randomBytes(16).toString('base64url');
    const db = this.database.db;
    await db
      .insert(formDraftRows)
      .values({ key, fields: kept, expires_at: sql`now() + ${`${DRAFT_MS} milliseconds`}::interval` });
    // Those whose time has passed, and past the most kept, the oldest.
    await db.execute(sql`delete from form_drafts where expires_at <= now()
      or key in (select key from form_drafts order by expires_at desc offset ${DRAFTS_KEPT})`);
    return key;
  }

  /** The draft under `key`, once, while it is kept. */
  async take(key: string): Promise<Record<string, string> | undefined> {
    if (key.length > 100) return undefined;
    const [row] = await this.database.db
      .delete(formDraftRows)
      .where(eq(formDraftRows.key, key))
      .returning({ fields: formDraftRows.fields, live: sql<boolean>`${formDraftRows.expires_at} > now()` });
    return row?.live ? (row.fields as Record<string, string>) : undefined;
  }
}
