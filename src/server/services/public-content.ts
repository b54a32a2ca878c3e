/**
 * What the public may read, for the public website's pages and the `/api/v2/public` routes alike: the rows of a
 * resource that declares `publicRead` whose `where` fields hold their values and whose `notAfterNow` day or instant
 * has come (in the trust's time zone), and of them only the declared fields. The trust's settings, as the footer and
 * the contact and donate pages show them.
 */
import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { findResource, SINGLETON_ID, trustSettings, type ResourceDeclaration } from '../../resources/index.ts';
import type { Database } from '../db/client.ts';
import { tableOf } from '../db/schema.ts';
import { inTimeZone, startOfDay } from './calendar.ts';

export type PublicRow = Record<string, unknown> & { id: number };

/** The rows of a resource the public may read, now. */
export function publicCondition(resource: ResourceDeclaration, timeZone: string, now = new Date()): SQL | undefined {
  const read = resource.publicRead;
  if (!read) throw new Error(`${resource.name} declares no public read.`);
  const table = tableOf(resource);
  const conditions: (SQL | undefined)[] = Object.entries(read.where ?? {}).map(([field, value]) =>
    eq(table[field], value),
  );
  if (read.notAfterNow) {
    const kind = resource.fields[read.notAfterNow]?.kind;
    // A day has come when it is today or earlier in the trust's time zone; an instant when it has passed.
    conditions.push(lte(table[read.notAfterNow], kind === 'date' ? inTimeZone(now, timeZone).slice(0, 10) : now));
  }
  return and(...conditions);
}

export interface PublicPageOptions {
  page: number;
  perPage: number;
  /** Only rows whose field (a date or an instant) falls on the trust's today or later, soonest first: events. */
  from?: { field: string };
}

export class PublicContent {
  private readonly database: Database;
  private readonly timeZone: string;

  constructor(database: Database, timeZone: string) {
    this.database = database;
    this.timeZone = timeZone;
  }

  private readable(name: string): ResourceDeclaration {
    const resource = findResource(name);
    if (!resource?.publicRead) throw new Error(`${name} declares no public read.`);
    return resource;
  }

  private selection(resource: ResourceDeclaration) {
    const table = tableOf(resource);
    return Object.fromEntries(['id', ...resource.publicRead!.fields].map((field) => [field, table[field]]));
  }

  /** A page of the public rows of `name`, in its public order (newest first unless declared), and their total. */
  async page(name: string, options: PublicPageOptions): Promise<{ items: PublicRow[]; total: number }> {
    const resource = this.readable(name);
    const table = tableOf(resource);
    const now = new Date();
    let where = publicCondition(resource, this.timeZone, now);
    let sort = resource.publicRead!.sort ?? { field: resource.publicRead!.notAfterNow ?? 'id', order: 'DESC' };
    if (options.from) {
      // From the start of the trust's today: an event of this morning is still today's, and the answer is the same
      // all day (the website keeps its pages until the day changes).
      const today = inTimeZone(now, this.timeZone).slice(0, 10);
      const kind = resource.fields[options.from.field]?.kind;
      const start = kind === 'date' ? today : startOfDay(today, this.timeZone);
      where = and(where, gte(table[options.from.field], start));
      sort = { field: options.from.field, order: 'ASC' };
    }
    const direction = sort.order === 'ASC' ? asc : desc;
    const [items, [total]] = await Promise.all([
      this.database.db
        .select(this.selection(resource))
        .from(table)
        .where(where)
        .orderBy(direction(table[sort.field]), direction(table.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage),
      this.database.db.select({ n: count() }).from(table).where(where),
    ]);
    return { items: items as PublicRow[], total: Number(total?.n ?? 0) };
  }

  /**
   * The ids of the public rows of `name` in its public order, at most `limit`, each with its date (the declared
   * `notAfterNow` field, or else the sort field): what a sitemap or a feed lists.
   */
  async index(name: string, limit: number): Promise<{ id: number; date: string | undefined }[]> {
    const resource = this.readable(name);
    const table = tableOf(resource);
    const read = resource.publicRead!;
    const sort = read.sort ?? { field: read.notAfterNow ?? 'id', order: 'DESC' };
    const dateField = read.notAfterNow ?? sort.field;
    const direction = sort.order === 'ASC' ? asc : desc;
    const rows = await this.database.db
      .select({ id: table.id, date: table[dateField] })
      .from(table)
      .where(publicCondition(resource, this.timeZone))
      .orderBy(direction(table[sort.field]), direction(table.id))
      .limit(limit);
    return rows.map((row) => ({
      id: Number(row.id),
      date: row.date instanceof Date ? row.date.toISOString() : typeof row.date === 'string' ? row.date : undefined,
    }));
  }

  /** One public row of `name`, or undefined when there is none the public may read. */
  async one(name: string, id: number): Promise<PublicRow | undefined> {
    const resource = this.readable(name);
    const table = tableOf(resource);
    const where = and(eq(table.id, id), publicCondition(resource, this.timeZone));
    const [row] = await this.database.db.select(this.selection(resource)).from(table).where(where).limit(1);
    return row as PublicRow | undefined;
  }

  /** The trust's settings (its one record). */
  async trust(): Promise<Record<string, unknown>> {
    const table = tableOf(trustSettings);
    const [row] = await this.database.db.select().from(table).where(eq(table.id, SINGLETON_ID)).limit(1);
    return (row as Record<string, unknown> | undefined) ?? {};
  }
}
