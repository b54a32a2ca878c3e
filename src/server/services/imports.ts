/**
 * Import of a file into a declared resource, as a job kept in the database (import_jobs, import_rows):
 *
 * 1. `start`: the file is read (Excel, CSV, or the rows a PDF of this product carries), its header matched to the
 *    declaration's fields; a file that cannot be read at all is refused at once with its sentence. The rows are then
 *    read in the background, a batch at a time, each one previewed: created (no ID), updated (an ID whose record
 *    differs), unchanged, or refused with the declaration's own messages. Nothing is written to the resource.
 * 2. `commit`, once the person confirms: every row to create or update goes through the one write path (the record
 *    service: permissions, validation, behaviours such as receipt numbers, the audit trail) in one transaction; all
 *    or nothing, or the valid rows only.
 *
 * Progress is kept in the database (and in memory for the process doing the work, whose transaction the database
 * cannot show until it commits), so the person may close the tab and come back, and any process answers. A job whose
 * process stopped (no heartbeat for HEARTBEAT_LOST_MS) reads as failed: its transaction died with it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { findResource, type ResourceDeclaration } from '../../resources/index.ts';
import type {
  ImportAction,
  ImportCounts,
  ImportJob,
  ImportMode,
  ImportRow,
  RowError,
} from '../../resources/imports.ts';
import type { Capability } from '../../resources/permissions.ts';
import { resourceWords, type WordsLanguage } from '../../resources/resource-words.ts';
import { stored, storedSentenceOf, withRecordNames, type SaidText } from '../../resources/sentences.ts';
import { storedInHindi, validationInHindi } from '../../resources/hindi/sentences.ts';
import { validateRecord } from '../../resources/validation.ts';
import type { Database } from '../db/client.ts';
import { importJobs, importRows, tableOf } from '../db/schema.ts';
import { AppError, conflict, forbidden, notFound, saying } from '../errors.ts';
import type { Caller } from './access.ts';
import { scopeFor } from './access.ts';
import { referencesOf, exportColumns } from './exports.ts';
import {
  cellText,
  HeaderProblem,
  headerKey,
  importFields,
  matchHeaders,
  readCell,
  requiredOnCreate,
  unchanged,
  type HeaderMatch,
  type ImportColumn,
  type ReferenceLookup,
} from './import-cells.ts';
import { parseListQuery } from './list-query.ts';
import type { RecordRow, RecordService } from './records.ts';
import {
  readSheet,
  SheetError,
  type Cell,
  type ExtraSheet,
  type ReadCell,
  type SheetRow,
} from './spreadsheet/index.ts';

export interface ImportLimits {
  /** The most bytes a file may have (IMPORT_MAX_MB). */
  maxBytes: number;
  /** The most rows under the header (IMPORT_MAX_ROWS). */
  maxRows: number;
  timeZone: string;
}

/** Rows previewed, or written, between two saves of the progress. */
export const IMPORT_BATCH = 500;
/** Rows written in one savepoint when only the valid rows are imported (records.ts: few savepoints, not one a row). */
const SAVEPOINT_ROWS = 100;
/** A job whose process has not said it is alive for this long is taken for stopped. */
export const HEARTBEAT_LOST_MS = 2 * 60_000;
/** Jobs are kept this long, then deleted with their rows. */
const KEEP_MS = 7 * 24 * 3600_000;
/** What an Excel file may unpack to, as a multiple of the largest file (a zip bomb is refused before it is). */
const INFLATE_RATIO = 20;

type JobRow = typeof importJobs.$inferSelect;

const EMPTY_COUNTS: ImportCounts = { create: 0, update: 0, unchanged: 0, error: 0 };

/** A row that failed while writing, in a transaction that takes everything back. */
class RowFailure extends Error {
  readonly row: number;
  readonly reason: string;
  constructor(row: number, reason: string) {
    super(`Row ${row}: ${reason}`);
    this.row = row;
    this.reason = reason;
  }
}

function sheetRefusal(error: SheetError): AppError {
  const code =
    error.statusCode === 413
      ? 'PAYLOAD_TOO_LARGE'
      : error.statusCode === 415
        ? 'UNSUPPORTED_MEDIA_TYPE'
        : 'UNPROCESSABLE';
  return saying(code, stored(error.key, error.values));
}

/** What went wrong with a write, as the person reads it: the server's sentence and its fields' sentences. */
function reasonOf(error: unknown): string {
  if (error instanceof AppError) {
    const fields = (error.errors ?? []).map((e) => e.message).filter((m) => m !== error.message);
    return [error.message, ...fields].join(' ');
  }
  return 'the record could not be written.';
}

/** A password nobody knows, for an account an import adds: its person sets their own (Forgot password, or a link). */
function unknowablePassword(): string {
  return `${randomBytes(24).toString('base64url')}-Aa1`;
}

const isEmptyRow = (row: SheetRow) => row.cells.every((cell) => cellText(cell) === '');

export class ImportService {
  /** Jobs this process is working on, and how far: the truth while their transaction is open. */
  private readonly working = new Map<number, { done: number; total: number | null }>();
  private readonly pending = new Set<Promise<void>>();

  private readonly database: Database;
  private readonly records: RecordService;
  private readonly limits: ImportLimits;
  private readonly log: { error(details: object, message: string): void };

  constructor(
    database: Database,
    records: RecordService,
    limits: ImportLimits,
    log: { error(details: object, message: string): void },
  ) {
    this.database = database;
    this.records = records;
    this.limits = limits;
    this.log = log;
  }

  private get db() {
    return this.database.db;
  }

  /** Resolves once background work under way has ended (tests; the app's close). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private inBackground(id: number, work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch((error: unknown) => this.log.error({ err: error, importJob: id }, 'An import failed in the background.'))
      .finally(() => {
        this.pending.delete(running);
        this.working.delete(id);
      });
    this.pending.add(running);
  }

  /** The fields of `resource` an import writes (not its secrets: an account's password is never imported). */
  fieldsOf(resource: ResourceDeclaration): string[] {
    return importFields(resource, new Set(this.records.secretFieldsOf(resource)));
  }

  /** Whether the caller may import into the resource at all: it may add or change its records. */
  mayImport(caller: Caller, resource: ResourceDeclaration): boolean {
    if (resource.serverWritten || resource.singleton) return false;
    if (resource.ownedBy) return true;
    return (['Add', 'Edit'] as Capability[]).some((c) => scopeFor(caller.access, resource.permission, c));
  }

  /**
   * The template of the resource's import: one header row in the language, and a help sheet giving each column in
   * both languages, whether a new record needs it, the values it takes, and an example.
   */
  template(resource: ResourceDeclaration, language: WordsLanguage): { headers: string[]; help: ExtraSheet } {
    const fields = this.fieldsOf(resource);
    const words = resourceWords(resource, language);
    const en = resourceWords(resource, 'en');
    const hi = resourceWords(resource, 'hi');
    const said = HELP_WORDS[language];
    const headers = [
      words.field('id'),
      ...fields.map((f) => `${words.field(f)}${requiredOnCreate(resource.fields[f]!) ? ' *' : ''}`),
    ];
    const rows: Cell[][] = [
      [en.field('id'), hi.field('id'), said.no, said.idValues, said.idExample],
      ...fields.map((field): Cell[] => {
        const decl = resource.fields[field]!;
        return [
          en.field(field),
          hi.field(field),
          requiredOnCreate(decl) ? said.yes : said.no,
          allowedValues(resource, field, language),
          exampleOf(resource, field, language),
        ];
      }),
    ];
    return {
      headers,
      help: {
        name: said.sheet,
        columns: [
          { header: said.english, width: 28 },
          { header: said.hindi, width: 28 },
          { header: said.required, width: 14 },
          { header: said.values, width: 60 },
          { header: said.example, width: 30 },
        ],
        rows,
      },
    };
  }

  /**
   * Reads the file's header and first row now (a file that cannot be imported is refused with its sentence), then
   * previews every row in the background. Answers the new job.
   */
  async start(
    caller: Caller,
    resource: ResourceDeclaration,
    fileName: string,
    data: Uint8Array,
    language: WordsLanguage = 'en',
  ): Promise<ImportJob> {
    if (!this.mayImport(caller, resource))
      throw forbidden(
        `You do not have permission to add or edit ${resource.label.many}. Ask an administrator for access.`,
      );
    if (data.byteLength === 0) throw saying('UNPROCESSABLE', stored('importFileEmpty'));
    if (data.byteLength > this.limits.maxBytes)
      throw saying(
        'PAYLOAD_TOO_LARGE',
        stored('importFileTooLarge', { mb: Math.round(this.limits.maxBytes / 1024 / 1024).toLocaleString('en-IN') }),
      );
    // A first reading counts the rows and finds anything wrong with the file, so that a file that cannot be imported
    // is refused now, with its sentence, and the preview knows how many rows it has to go.
    const limits = { maxRows: this.limits.maxRows + 1, maxInflatedBytes: this.limits.maxBytes * INFLATE_RATIO };
    let header: SheetRow | undefined;
    let match: HeaderMatch | undefined;
    let total = 0;
    try {
      let read = 0;
      for await (const row of readSheet(data, fileName, limits)) {
        if (++read % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (isEmptyRow(row)) continue;
        if (!header) {
          header = row;
          match = matchHeaders(resource, row.cells.map(cellText), this.fieldsOf(resource), language);
        } else if (++total > this.limits.maxRows) throw this.tooManyRows();
      }
    } catch (error) {
      if (error instanceof SheetError)
        throw error.problem === 'too-many-rows' ? this.tooManyRows() : sheetRefusal(error);
      if (error instanceof HeaderProblem) throw saying('UNPROCESSABLE', error.english, error.said);
      throw error;
    }
    if (!header || !match) throw saying('UNPROCESSABLE', stored('importNoHeader'));
    if (total === 0) throw saying('UNPROCESSABLE', stored('importNoRows'));
    await this.db.delete(importJobs).where(lt(importJobs.created_at, new Date(Date.now() - KEEP_MS)));
    const [job] = await this.db
      .insert(importJobs)
      .values({
        resource: resource.name,
        created_by: caller.id,
        file_name: fileName.slice(0, 255),
        status: 'reading',
        total,
        headers: withoutTrailingEmpties(header.cells.map(cellText)),
        columns: match.columns,
        ignored: match.ignored,
      })
      .returning();
    this.working.set(job!.id, { done: 0, total });
    const columns = match.columns;
    const headerNumber = header.number;
    this.inBackground(job!.id, () =>
      this.preview(caller, resource, job!, columns, headerNumber, readSheet(data, fileName, limits)),
    );
    return this.view(job!);
  }

  private tooManyRows(): AppError {
    return saying(
      'PAYLOAD_TOO_LARGE',
      stored('importTooManyRows', { limit: this.limits.maxRows.toLocaleString('en-IN') }),
    );
  }

  /** Reads and previews every row, a batch at a time. */
  private async preview(
    caller: Caller,
    resource: ResourceDeclaration,
    job: JobRow,
    columns: ImportColumn[],
    headerNumber: number,
    sheet: AsyncIterable<SheetRow>,
  ): Promise<void> {
    const counts = { ...EMPTY_COUNTS };
    const seenIds = new Map<number, number>();
    const lookup = new References(this.database, resource);
    const width = (job.headers as string[]).length;
    let batch: SheetRow[] = [];
    let done = 0;
    const flush = async () => {
      const previewed = await this.previewBatch(caller, resource, columns, batch, seenIds, lookup, width);
      for (const row of previewed) counts[row.action]++;
      if (previewed.length > 0)
        await this.db.insert(importRows).values(previewed.map((row) => ({ ...row, job_id: job.id })));
      done += batch.length;
      batch = [];
      this.working.set(job.id, { done, total: job.total });
      await this.db.update(importJobs).set({ done, heartbeat_at: new Date() }).where(eq(importJobs.id, job.id));
    };
    try {
      for await (const row of sheet) {
        if (row.number <= headerNumber || isEmptyRow(row)) continue;
        batch.push(row);
        if (batch.length >= IMPORT_BATCH) await flush();
      }
      await flush();
      await this.db
        .update(importJobs)
        .set({ status: 'ready', counts, done, heartbeat_at: new Date() })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'reading')));
    } catch (error) {
      const problem: SaidText | { text: string } =
        error instanceof SheetError
          ? { text: error.message, key: error.key, values: error.values }
          : error instanceof AppError
            ? { text: error.message, ...error.said }
            : stored('importReadFailed');
      if (!(error instanceof SheetError) && !(error instanceof AppError))
        this.log.error({ err: error, importJob: job.id }, problem.text);
      await this.db.delete(importRows).where(eq(importRows.job_id, job.id));
      await this.db
        .update(importJobs)
        .set({ status: 'failed', ...problemOf(problem), finished_at: new Date(), heartbeat_at: new Date() })
        .where(eq(importJobs.id, job.id));
    }
  }

  /** What each row of a batch would do. */
  private async previewBatch(
    caller: Caller,
    resource: ResourceDeclaration,
    columns: ImportColumn[],
    batch: SheetRow[],
    seenIds: Map<number, number>,
    references: References,
    width: number,
  ): Promise<Omit<typeof importRows.$inferInsert, 'job_id'>[]> {
    const idColumn = columns.find((c) => c.field === 'id');
    // A reference `within` another field is read after that field (a city after its state).
    const fieldColumns = columns
      .filter((c) => c.field !== 'id')
      .sort((a, b) => withinRank(resource, a.field) - withinRank(resource, b.field));
    const ids = idColumn
      ? batch.map((row) => readId(row.cells[idColumn.index])).filter((id): id is number => typeof id === 'number')
      : [];
    const existing = new Map<number, RecordRow>();
    if (ids.length > 0) {
      const include = referencesOf(
        resource,
        exportColumns(
          resource,
          'en',
          this.limits.timeZone,
          fieldColumns.map((c) => c.field),
        ),
      );
      const query = parseListQuery(resource, {
        filter: JSON.stringify({ id: [...new Set(ids)] }),
        range: JSON.stringify([0, ids.length - 1]),
      });
      for (const row of (await this.records.list(caller, resource, query, include)).rows) existing.set(row.id, row);
    }
    const mayAdd = resource.ownedBy || scopeFor(caller.access, resource.permission, 'Add');
    const editScope = resource.ownedBy ? 'Self' : scopeFor(caller.access, resource.permission, 'Edit');
    const words = [resourceWords(resource, 'en'), resourceWords(resource, 'hi')];
    const secrets = this.records.secretFieldsOf(resource);
    const out: Omit<typeof importRows.$inferInsert, 'job_id'>[] = [];
    for (const row of batch) {
      const cells = Array.from({ length: Math.max(width, row.cells.length) }, (_, i) => cellText(row.cells[i]));
      const errors: RowError[] = [];
      const value: Record<string, unknown> = {};
      const changes: string[] = [];
      let recordId: number | null = null;
      let before: RecordRow | undefined;
      const idText = idColumn ? cells[idColumn.index]! : '';
      /** An error of the row, said from its key (in the reader's language: rowErrorText). */
      const fault = (field: string | null, sentence: SaidText, prefix = '') =>
        errors.push({ field, message: prefix + sentence.text, said: { key: sentence.key, values: sentence.values } });
      if (idText !== '') {
        const id = readId(row.cells[idColumn!.index]);
        if (id === undefined) fault('id', stored('importNotAnId', { text: idText }), 'ID: ');
        else {
          recordId = id;
          before = existing.get(id);
          const twice = seenIds.get(id);
          if (twice !== undefined) fault('id', stored('importSameRecordTwice', { row: twice, id }));
          else seenIds.set(id, row.number);
          if (!before) fault('id', stored('importNoSuchRecord', { one: resource.label.one.toLowerCase(), id }));
          else if (!editScope) fault('id', stored('importMayNotEdit', { many: resource.label.many }));
          else if (editScope === 'Self' && !resource.ownedBy && before.created_by !== caller.id)
            fault('id', stored('importEditOwnOnly', { many: resource.label.many.toLowerCase() }));
        }
      } else if (!mayAdd) fault(null, stored('importMayNotAdd', { many: resource.label.many }));

      if (errors.length === 0) {
        const known: Record<string, unknown> = before ? { ...before } : {};
        for (const column of fieldColumns) {
          const raw: ReadCell | undefined = row.cells[column.index];
          const reading = await readCell(resource, column.field, raw, {
            timeZone: this.limits.timeZone,
            references,
            row: { ...known, ...value },
          });
          if (
            before &&
            unchanged(resource, column.field, cells[column.index]!, before, reading, {
              timeZone: this.limits.timeZone,
              words,
            })
          )
            continue;
          if ('error' in reading) {
            errors.push({ field: column.field, message: reading.error, said: reading.said });
            continue;
          }
          const decl = resource.fields[column.field]!;
          if (decl.kind === 'enum' && decl.serverValues?.includes(reading.value as string))
            fault(column.field, stored('importServerValue', { value: String(reading.value) }), `${decl.label}: `);
          value[column.field] = reading.value;
          changes.push(column.field);
        }
      }
      if (errors.length === 0 && (!before || changes.length > 0)) {
        const whole = before ? { ...storedInput(resource, before), ...value } : value;
        const result = validateRecord(resource, whole);
        if (!result.ok) for (const error of result.errors) errors.push({ field: error.field, message: error.message });
      }
      const action: ImportAction =
        errors.length > 0 ? 'error' : !before ? 'create' : changes.length === 0 ? 'unchanged' : 'update';
      if (action === 'create') for (const secret of secrets) value[secret] = null;
      out.push({
        row: row.number,
        action,
        record_id: recordId,
        cells,
        value: action === 'create' || action === 'update' ? value : null,
        changes: action === 'update' ? changes : [],
        errors,
      });
    }
    return out;
  }

  private async own(caller: Caller, id: number): Promise<JobRow> {
    const [job] = await this.db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, id), eq(importJobs.created_by, caller.id)));
    if (!job) throw notFound('There is no such import of yours.');
    return this.alive(job);
  }

  /** A job whose process stopped reads as failed (its transaction, if any, died with it). */
  private async alive(job: JobRow): Promise<JobRow> {
    if (job.status !== 'reading' && job.status !== 'importing') return job;
    if (this.working.has(job.id) || Date.now() - job.heartbeat_at.getTime() < HEARTBEAT_LOST_MS) return job;
    const problem = problemOf(stored(job.status === 'reading' ? 'importStoppedReading' : 'importStoppedWriting'));
    const [failed] = await this.db
      .update(importJobs)
      .set(
        job.status === 'reading'
          ? { status: 'failed', ...problem, finished_at: new Date() }
          : { status: 'ready', ...problem },
      )
      .where(and(eq(importJobs.id, job.id), eq(importJobs.status, job.status)))
      .returning();
    return failed ?? job;
  }

  view(job: JobRow): ImportJob {
    const live = this.working.get(job.id);
    return {
      id: job.id,
      resource: job.resource,
      fileName: job.file_name,
      status: job.status,
      progress: live ?? { done: job.done, total: job.total },
      counts: (job.counts as ImportCounts | null) ?? { ...EMPTY_COUNTS },
      mode: job.mode,
      result: job.result as ImportJob['result'],
      problem: job.problem,
      problemSaid: storedSentenceOf(job.problem_key, job.problem_values) ?? null,
      columns: (job.columns as ImportColumn[]).map(({ field, header }) => ({ field, header })),
      ignored: job.ignored as string[],
      createdAt: job.created_at.toISOString(),
      finishedAt: job.finished_at?.toISOString() ?? null,
    };
  }

  async job(caller: Caller, id: number): Promise<ImportJob> {
    return this.view(await this.own(caller, id));
  }

  /** The caller's latest jobs of a resource, newest first. */
  async recent(caller: Caller, resource: ResourceDeclaration): Promise<ImportJob[]> {
    const jobs = await this.db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.created_by, caller.id), eq(importJobs.resource, resource.name)))
      .orderBy(desc(importJobs.id))
      .limit(10);
    return Promise.all(jobs.map(async (job) => this.view(await this.alive(job))));
  }

  /** A page of a job's previewed rows, in the file's order, of one action or all. */
  async rows(
    caller: Caller,
    id: number,
    range: { start: number; end: number },
    action?: ImportAction,
  ): Promise<{ rows: ImportRow[]; total: number }> {
    const job = await this.own(caller, id);
    const where = and(eq(importRows.job_id, job.id), action ? eq(importRows.action, action) : undefined);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(importRows)
      .where(where);
    const found = await this.db
      .select()
      .from(importRows)
      .where(where)
      .orderBy(asc(importRows.row))
      .offset(range.start)
      .limit(range.end - range.start + 1);
    const columns = job.columns as ImportColumn[];
    return {
      total: count?.n ?? 0,
      rows: found.map((row) => {
        const cells = row.cells as string[];
        return {
          id: row.row,
          action: row.action,
          recordId: row.record_id,
          cells: Object.fromEntries(columns.map((c) => [c.field, cells[c.index] ?? ''])),
          changes: row.changes as string[],
          errors: row.errors as RowError[],
        };
      }),
    };
  }

  /**
   * The rows that cannot be imported as they are, with the file's own headers and an error column: to fix and import
   * again.
   */
  async failedRows(
    caller: Caller,
    id: number,
    language: WordsLanguage,
  ): Promise<{ job: JobRow; headers: string[]; rows: AsyncIterable<Cell[]> }> {
    const job = await this.own(caller, id);
    const resource = findResource(job.resource);
    const headers = [...(job.headers as string[]), HELP_WORDS[language].error];
    const width = (job.headers as string[]).length;
    const db = this.db;
    async function* rows(): AsyncGenerator<Cell[]> {
      let after = 0;
      for (;;) {
        const page = await db
          .select()
          .from(importRows)
          .where(and(eq(importRows.job_id, job.id), eq(importRows.action, 'error'), gt(importRows.row, after)))
          .orderBy(asc(importRows.row))
          .limit(1000);
        for (const row of page) {
          const cells = (row.cells as string[]).slice(0, width);
          while (cells.length < width) cells.push('');
          const errors = (row.errors as RowError[]).map((e) => rowErrorText(e, resource, language));
          yield [...cells, errors.join(' ')];
        }
        if (page.length < 1000) return;
        after = page.at(-1)!.row;
      }
    }
    return { job, headers, rows: rows() };
  }

  /** Starts writing a previewed job's rows: all or nothing, or the valid rows only. */
  async commit(caller: Caller, id: number, mode: ImportMode): Promise<ImportJob> {
    const job = await this.own(caller, id);
    const resource = findResource(job.resource);
    if (!resource) throw notFound('There is no such import of yours.');
    if (job.status !== 'ready')
      throw conflict(
        job.status === 'reading'
          ? 'The file is still being read; confirm once its preview is ready.'
          : `This import is ${job.status === 'importing' ? 'already under way' : job.status === 'done' ? 'already done' : 'no longer open'}.`,
      );
    const counts = (job.counts as ImportCounts | null) ?? { ...EMPTY_COUNTS };
    if (mode === 'all' && counts.error > 0)
      throw saying(
        'UNPROCESSABLE',
        counts.error === 1
          ? stored('importRowHasErrors')
          : stored('importRowsHaveErrors', { count: counts.error.toLocaleString('en-IN') }),
      );
    if (counts.create + counts.update === 0) throw saying('UNPROCESSABLE', stored('importNothingToDo'));
    const [taken] = await this.db
      .update(importJobs)
      .set({
        status: 'importing',
        mode,
        done: 0,
        total: counts.create + counts.update,
        ...problemOf(null),
        heartbeat_at: new Date(),
      })
      .where(and(eq(importJobs.id, id), eq(importJobs.status, 'ready')))
      .returning();
    if (!taken) throw conflict('This import is already under way.');
    this.working.set(id, { done: 0, total: counts.create + counts.update });
    this.inBackground(id, () => this.write(caller, resource, taken, mode));
    return this.view(taken);
  }

  private async write(caller: Caller, resource: ResourceDeclaration, job: JobRow, mode: ImportMode): Promise<void> {
    const total = job.total ?? 0;
    const result = { created: 0, updated: 0, failed: 0 };
    const failures: { row: number; reason: string }[] = [];
    const secrets = this.records.secretFieldsOf(resource);
    const heartbeat = setInterval(() => {
      // PostgreSQL answers this on another connection while the transaction runs; PGlite, after it.
      if (this.database.kind === 'postgres')
        void this.db
          .update(importJobs)
          .set({ done: result.created + result.updated + result.failed, heartbeat_at: new Date() })
          .where(eq(importJobs.id, job.id))
          .catch(() => {});
    }, 2000);
    try {
      await this.records.transaction(
        async (inside) => {
          let after = 0;
          for (;;) {
            const page = await inside.executor
              .select({
                row: importRows.row,
                action: importRows.action,
                record_id: importRows.record_id,
                value: importRows.value,
              })
              .from(importRows)
              .where(
                and(
                  eq(importRows.job_id, job.id),
                  inArray(importRows.action, ['create', 'update']),
                  gt(importRows.row, after),
                ),
              )
              .orderBy(asc(importRows.row))
              .limit(IMPORT_BATCH);
            type Row = (typeof page)[number];
            const writeRow = async (row: Row): Promise<'created' | 'updated'> => {
              const value = { ...(row.value as Record<string, unknown>) };
              for (const secret of secrets) if (row.action === 'create') value[secret] = unknowablePassword();
              if (row.action === 'create') {
                await inside.create(caller, resource, value);
                return 'created';
              }
              await inside.update(caller, resource, row.record_id!, value);
              return 'updated';
            };
            const progress = () =>
              this.working.set(job.id, { done: result.created + result.updated + result.failed, total });
            if (mode === 'all') {
              // The first row that fails ends the whole: nothing is kept.
              for (const row of page) {
                try {
                  result[await writeRow(row)]++;
                } catch (error) {
                  throw new RowFailure(row.row, reasonOf(error));
                }
                progress();
              }
            } else {
              // The valid rows only: a group of rows in one savepoint; a group in which a row fails is taken back and
              // written again a row at a time, each in a savepoint of its own, so that only the failing rows are left.
              for (let start = 0; start < page.length; start += SAVEPOINT_ROWS) {
                const group = page.slice(start, start + SAVEPOINT_ROWS);
                try {
                  const done = await inside.savepoint(async () => {
                    const outcomes: ('created' | 'updated')[] = [];
                    for (const row of group) outcomes.push(await writeRow(row));
                    return outcomes;
                  });
                  for (const outcome of done) result[outcome]++;
                } catch {
                  for (const row of group) {
                    try {
                      result[await inside.savepoint(() => writeRow(row))]++;
                    } catch (error) {
                      result.failed++;
                      failures.push({ row: row.row, reason: reasonOf(error) });
                    }
                  }
                }
                progress();
              }
            }
            if (page.length < IMPORT_BATCH) break;
            after = page.at(-1)!.row;
          }
          await inside.note(
            caller,
            resource,
            `${caller.name} imported ${job.file_name} into ${resource.label.many}: ${result.created} created, ${result.updated} updated${result.failed ? `, ${result.failed} failed` : ''}.`,
          );
        },
        { savepoints: false },
      );
    } catch (error) {
      clearInterval(heartbeat);
      if (!(error instanceof RowFailure)) {
        this.log.error({ err: error, importJob: job.id }, 'An import could not be written.');
        await this.finish(job.id, { status: 'failed', ...problemOf(stored('importWriteFailed')) });
        return;
      }
      await this.markFailed(job.id, [{ row: error.row, reason: error.reason }]);
      await this.finish(job.id, {
        status: 'failed',
        ...problemOf(stored('importRowFailed', { row: error.row, reason: error.reason })),
        result: { created: 0, updated: 0, failed: 1 },
      });
      return;
    }
    clearInterval(heartbeat);
    await this.markFailed(job.id, failures);
    await this.finish(job.id, { status: 'done', result });
  }

  private async markFailed(id: number, failures: { row: number; reason: string }[]): Promise<void> {
    for (const failure of failures)
      await this.db
        .update(importRows)
        .set({ action: 'error', errors: [{ field: null, message: failure.reason }] })
        .where(and(eq(importRows.job_id, id), eq(importRows.row, failure.row)));
  }

  private async finish(id: number, set: Partial<typeof importJobs.$inferInsert>): Promise<void> {
    const live = this.working.get(id);
    await this.db
      .update(importJobs)
      .set({ ...set, done: live?.done ?? 0, finished_at: new Date(), heartbeat_at: new Date() })
      .where(eq(importJobs.id, id));
  }

  /** Sets aside a job that is ready or failed: its rows are deleted, nothing is written. */
  async discard(caller: Caller, id: number): Promise<ImportJob> {
    const job = await this.own(caller, id);
    if (job.status !== 'ready' && job.status !== 'failed')
      throw conflict(
        job.status === 'discarded' ? 'This import is already discarded.' : 'This import cannot be discarded now.',
      );
    const [discarded] = await this.db
      .update(importJobs)
      .set({ status: 'discarded', finished_at: new Date() })
      .where(eq(importJobs.id, id))
      .returning();
    await this.db.delete(importRows).where(eq(importRows.job_id, id));
    return this.view(discarded!);
  }
}

/** A record's stored values as a write takes them (instants as ISO text), for validating it with a row's changes. */
function storedInput(resource: ResourceDeclaration, row: RecordRow): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of Object.keys(resource.fields)) {
    if (resource.fields[field]!.readOnly) continue;
    const value = row[field];
    input[field] = value instanceof Date ? value.toISOString() : value;
  }
  return input;
}

/** Headers without the empty ones at their end (columns a spreadsheet left behind). */
function withoutTrailingEmpties(headers: string[]): string[] {
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

function readId(cell: ReadCell | undefined): number | undefined {
  const text = cellText(cell);
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** 1 for a reference read within another field (after it), else 0. */
function withinRank(resource: ResourceDeclaration, field: string): number {
  const decl = resource.fields[field];
  return decl?.kind === 'reference' && decl.within ? 1 : 0;
}

/** The records a reference may name, loaded once per field for a job: display value → ids. */
class References implements ReferenceLookup {
  private readonly maps = new Map<string, Promise<Map<string, { id: number; through: unknown }[]>>>();

  private readonly database: Database;
  private readonly resource: ResourceDeclaration;

  constructor(database: Database, resource: ResourceDeclaration) {
    this.database = database;
    this.resource = resource;
  }

  async find(field: string, text: string, within?: unknown): Promise<number[]> {
    let map = this.maps.get(field);
    if (!map) {
      map = this.load(field);
      this.maps.set(field, map);
    }
    const found = (await map).get(headerKey(text)) ?? [];
    const narrowed = within === undefined ? found : found.filter((r) => r.through === within);
    return (narrowed.length > 0 ? narrowed : found).map((r) => r.id);
  }

  private async load(field: string): Promise<Map<string, { id: number; through: unknown }[]>> {
    const decl = this.resource.fields[field];
    const map = new Map<string, { id: number; through: unknown }[]>();
    if (decl?.kind !== 'reference') return map;
    const target = findResource(decl.reference);
    if (!target) return map;
    const table = tableOf(target);
    const rows = (await this.database.db
      .select({
        id: table.id,
        shown: table[decl.display],
        through: decl.within ? table[decl.within.through] : sql`null`,
      })
      .from(table)) as { id: number; shown: unknown; through: unknown }[];
    for (const row of rows) {
      if (row.shown === null || row.shown === undefined) continue;
      const key = headerKey(String(row.shown));
      map.set(key, [...(map.get(key) ?? []), { id: row.id, through: row.through }]);
    }
    return map;
  }
}

const HELP_WORDS = {
  en: {
    sheet: 'Help',
    english: 'Column (English)',
    hindi: 'Column (Hindi)',
    required: 'Needed for a new row',
    values: 'What it takes',
    example: 'Example',
    yes: 'Yes',
    no: 'No',
    error: 'Error',
    idValues: 'Leave empty to add a new record; the ID of a record (from an export) to change it.',
    idExample: '',
    text: 'Text',
    number: 'A whole number: 125000 or 1,25,000',
    date: 'A date: dd/mm/yyyy',
    datetime: 'A date and time: dd/mm/yyyy hh:mm',
    yesNo: 'Yes or No',
    oneOf: 'One of',
    reference: 'The name of one of the',
    richText: 'Text; each line becomes a paragraph',
    image: 'The address of an image kept by this site, or https://… where allowed',
    url: 'A web address: https://…',
  },
  hi: {
    sheet: 'सहायता',
    english: 'कॉलम (अंग्रेज़ी)',
    hindi: 'कॉलम (हिंदी)',
    required: 'नई पंक्ति के लिए ज़रूरी',
    values: 'क्या लिखें',
    example: 'उदाहरण',
    yes: 'हाँ',
    no: 'नहीं',
    error: 'त्रुटि',
    idValues: 'नया रिकॉर्ड जोड़ने के लिए ख़ाली छोड़ें; किसी रिकॉर्ड को बदलने के लिए उसकी आईडी (एक्सपोर्ट से) लिखें।',
    idExample: '',
    text: 'पाठ',
    number: 'पूर्ण संख्या: 125000 या 1,25,000',
    date: 'तारीख़: dd/mm/yyyy',
    datetime: 'तारीख़ और समय: dd/mm/yyyy hh:mm',
    yesNo: 'हाँ या नहीं',
    oneOf: 'इनमें से एक',
    reference: 'इनमें से किसी का नाम:',
    richText: 'पाठ; हर पंक्ति एक अनुच्छेद बनती है',
    image: 'इस साइट पर रखी तस्वीर का पता, या जहाँ अनुमति हो वहाँ https://…',
    url: 'वेब पता: https://…',
  },
} as const;

function allowedValues(resource: ResourceDeclaration, field: string, language: WordsLanguage): string {
  const decl = resource.fields[field]!;
  const said = HELP_WORDS[language];
  const words = resourceWords(resource, language);
  switch (decl.kind) {
    case 'integer':
      return said.number;
    case 'date':
      return said.date;
    case 'datetime':
      return said.datetime;
    case 'boolean':
      return decl.words ? `${said.oneOf}: ${words.flag(field, true)}, ${words.flag(field, false)}` : said.yesNo;
    case 'enum':
      return `${said.oneOf}: ${decl.values
        .filter((v) => !decl.serverValues?.includes(v))
        .map((v) => words.choice(field, v))
        .join(', ')}`;
    case 'reference': {
      const target = findResource(decl.reference);
      return `${said.reference} ${target ? resourceWords(target, language).many : decl.reference}`;
    }
    case 'richText':
      return said.richText;
    case 'image':
    case 'file':
      return said.image;
    case 'url':
      return said.url;
    default:
      return decl.kind === 'text' && decl.maxLength ? `${said.text} (≤ ${decl.maxLength})` : said.text;
  }
}

function exampleOf(resource: ResourceDeclaration, field: string, language: WordsLanguage): string {
  const decl = resource.fields[field]!;
  const words = resourceWords(resource, language);
  switch (decl.kind) {
    case 'integer':
      return decl.rupees ? '1,25,000' : String(decl.min ?? 1);
    case 'date':
      return '27/11/2026';
    case 'datetime':
      return '27/11/2026 10:30';
    case 'boolean':
      return words.flag(field, decl.default ?? true);
    case 'enum':
      return words.choice(field, decl.default ?? decl.values[0] ?? '');
    case 'url':
      return 'https://example.org/';
    default:
      return '';
  }
}

/** A job's problem as its columns keep it: the English sentence, and its key and values when it has them. */
function problemOf(
  problem: SaidText | { text: string; key?: undefined } | null,
): Pick<JobRow, 'problem' | 'problem_key' | 'problem_values'> {
  if (!problem) return { problem: null, problem_key: null, problem_values: null };
  return {
    problem: problem.text,
    problem_key: problem.key ?? null,
    problem_values: problem.key ? problem.values : null,
  };
}

/**
 * A row's error as the failed rows' file says it, in the language asked: after its column's name, unless the sentence
 * names it already. A sentence the import made is said from its key, a validation sentence from its template; any
 * other stays as it was written.
 */
export function rowErrorText(
  error: RowError,
  resource: ResourceDeclaration | undefined,
  language: WordsLanguage,
): string {
  const words = resource ? resourceWords(resource, language) : undefined;
  const column = error.field && error.field !== 'id' && words ? words.field(error.field) : undefined;
  let sentence = error.message;
  if (language === 'hi' && error.said) {
    // The record's name is a value of some sentences: in Hindi too.
    const values = words ? withRecordNames(error.said.values, words) : error.said.values;
    const hindi = storedInHindi({ key: error.said.key, values });
    if (hindi === undefined) return error.message;
    sentence = error.said.key === 'importNotAnId' ? `${words?.field('id') ?? 'ID'}: ${hindi}` : hindi;
  } else if (language === 'hi') {
    const hindiLabel = (english: string) => {
      const field = resource && Object.entries(resource.fields).find(([, decl]) => decl.label === english)?.[0];
      return field && words ? words.field(field) : english;
    };
    sentence = validationInHindi(error.message, hindiLabel) ?? error.message;
  } else if (error.said) return error.message;
  if (!column || sentence.startsWith(column)) return sentence;
  return `${column}: ${sentence}`;
}
