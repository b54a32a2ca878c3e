/**
 * `GET /api/v2/<resource>/export?format=xlsx|csv|pdf&lang=en|hi&sort=…&filter=…&columns=[…]` for every declared
 * resource: the list as the person sees it (its filter, search and order; every page), as a streamed file, with the
 * caller's reach (no View, no export; Self scope, one's own rows) and an entry in the audit trail saying who
 * exported which list with which filter, and how many rows.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiPath, findResource, SINGLETON_ID, type ResourceDeclaration } from '../../../../resources/index.ts';
import { resourceWords } from '../../../../resources/resource-words.ts';
import { badRequest, unprocessable } from '../../../errors.ts';
import { jsonQueryParam } from '../../../plugins/app/input-text.ts';
import { appendAudit } from '../../../services/audit.ts';
import { ExportPdf, PDF_WORDS } from '../../../services/export-pdf.ts';
import { INTERNAL } from '../../../services/records.ts';
import { exportColumns, exportFields, exportRows, EXPORT_PAGE, referencesOf } from '../../../services/exports.ts';
import { parseListQuery } from '../../../services/list-query.ts';
import {
  CONTENT_TYPES,
  writeSheet,
  type Cell,
  type SheetColumn,
  type SheetFormat,
} from '../../../services/spreadsheet/index.ts';
import type { Capability } from '../../../../resources/permissions.ts';
import { may as mayOn, signedIn } from '../../shared/guard.ts';

interface ExportFormat {
  format: SheetFormat | 'pdf';
  name: string;
  extension: string;
}

const FORMATS: Record<string, ExportFormat> = {
  xlsx: { format: 'xlsx', name: 'Excel', extension: 'xlsx' },
  csv: { format: 'csv', name: 'CSV', extension: 'csv' },
  pdf: { format: 'pdf', name: 'PDF', extension: 'pdf' },
};

/** An export's format (`format=`) and language (`lang=`), or a 400 saying what they may be. */
export function exportFormatOf(query: Record<string, unknown>): { chosen: ExportFormat; language: 'en' | 'hi' } {
  const { format, lang } = query;
  const chosen = typeof format === 'string' ? FORMATS[format] : undefined;
  if (!chosen) throw badRequest('Choose the format of the export: format=xlsx, format=csv or format=pdf.');
  if (lang !== undefined && lang !== 'en' && lang !== 'hi')
    throw badRequest('The language of the export is lang=en or lang=hi.');
  return { chosen, language: lang === 'hi' ? 'hi' : 'en' };
}

/** Refuses a PDF of more rows than a PDF holds (EXPORT_PDF_MAX_ROWS), saying what to do instead. */
export function refuseLongPdf(app: FastifyInstance, chosen: ExportFormat, total: number): void {
  const pdfMax = app.services.config.EXPORT_PDF_MAX_ROWS;
  if (chosen.format === 'pdf' && total > pdfMax)
    throw unprocessable(
      `A PDF holds at most ${pdfMax.toLocaleString('en-IN')} rows, and this list has ${total.toLocaleString('en-IN')}. Narrow it with its search or filters, or export it as Excel or CSV.`,
    );
}

/** A list's file: its rows as cells under its columns, in one of the formats. */
export interface ListFile {
  chosen: ExportFormat;
  language: 'en' | 'hi';
  /** The list's title (the sheet's name, the PDF's heading). */
  title: string;
  /** The start of the file's name, before the date: `donations`. */
  stem: string;
  columns: readonly SheetColumn[];
  rows: AsyncIterable<Cell[]>;
  total: number;
  /** The list's filter in words, for the PDF's head. */
  filter: () => Promise<string>;
}

/** Sends a list's file: a PDF made whole (it is short), a spreadsheet streamed. */
export async function sendListFile(app: FastifyInstance, reply: FastifyReply, file: ListFile): Promise<FastifyReply> {
  const timeZone = app.services.config.TRUST_TIMEZONE;
  const name = `${file.stem}-${today(timeZone)}.${file.chosen.extension}`;
  reply
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('X-Total-Count', String(file.total))
    .header('Cache-Control', 'no-store');
  if (file.chosen.format === 'pdf') {
    const all = [];
    for await (const row of file.rows) all.push(row);
    const pdf = await pdfMaker().render({
      trust: await trustName(app, file.language),
      title: file.title,
      filter: await file.filter(),
      date: dayText(today(timeZone)),
      lang: file.language,
      headers: file.columns.map((column) => column.header),
      rows: all,
      words: PDF_WORDS[file.language],
    });
    return reply.header('Content-Type', 'application/pdf').send(pdf);
  }
  const format = file.chosen.format;
  return reply
    .header('Content-Type', CONTENT_TYPES[format])
    .send(writeSheet(format, file.title, file.columns, file.rows));
}

/** A calendar day `YYYY-MM-DD` as the office writes it. */
export const dayText = (day: string) => day.split('-').reverse().join('/');

/**
 * The list's filter in words, for the PDF's head: the search, each filter with its label and its value's word (a
 * reference by its name), the days of a date range.
 */
async function filterInWords(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  raw: Record<string, unknown>,
  language: 'en' | 'hi',
): Promise<string> {
  const words = resourceWords(resource, language);
  const said = PDF_WORDS[language];
  const parts: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') {
      parts.push(`${said.search}: “${String(value)}”`);
      continue;
    }
    const range = /^(.*)_(gte|lte)$/.exec(key);
    if (range && range[1] === resource.list.dateRange) {
      parts.push(`${words.field(range[1]!)} ${range[2] === 'gte' ? said.from : said.to} ${dayText(String(value))}`);
      continue;
    }
    const decl = resource.fields[key];
    if (!decl) continue;
    const values = Array.isArray(value) ? value : [value];
    const shown = await Promise.all(
      values.map(async (one) => {
        if (decl.kind === 'enum') return words.choice(key, String(one));
        if (decl.kind === 'boolean') return words.flag(key, one === true);
        if (decl.kind === 'reference') {
          const target = findResource(decl.reference);
          const row = target
            ? await app.services.records.get(INTERNAL, target, Number(one)).catch(() => undefined)
            : undefined;
          return row ? String(row[decl.display] ?? one) : String(one);
        }
        return String(one);
      }),
    );
    parts.push(`${words.field(key)}: ${shown.join(', ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : said.none;
}

/** The trust's name as the settings give it, in the language when they have it. */
async function trustName(app: FastifyInstance, language: 'en' | 'hi'): Promise<string> {
  const settings = findResource('trust_settings');
  const row = settings
    ? await app.services.records.get(INTERNAL, settings, SINGLETON_ID).catch(() => undefined)
    : undefined;
  const hindi = typeof row?.name_hi === 'string' && row.name_hi ? row.name_hi : undefined;
  const english = typeof row?.name_en === 'string' && row.name_en ? row.name_en : undefined;
  return (language === 'hi' ? (hindi ?? english) : (english ?? hindi)) ?? '';
}

/** Today in the trust's time zone, `YYYY-MM-DD`: the date in the file's name. */
function today(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

let sharedPdf: ExportPdf | undefined;
/** One PDF maker (its compiler and fonts, loaded on the first PDF) for every list. */
const pdfMaker = () => (sharedPdf ??= new ExportPdf());

export function exportRoutes(app: FastifyInstance, resource: ResourceDeclaration): void {
  const path = apiPath(resource);
  const may = (capability: Capability) => (resource.ownedBy ? signedIn : mayOn(resource, capability));
  const offered = exportFields(resource);

  app.get(`/api/v2/${path}/export`, may('View'), async (request, reply) => {
    const { format: _format, lang: _lang, columns: _columns, ...listParams } = request.query as Record<string, unknown>;
    const { chosen, language } = exportFormatOf(request.query as Record<string, unknown>);
    const requested = jsonQueryParam(request.query as Record<string, unknown>, 'columns');
    let fields = offered;
    if (requested !== undefined) {
      if (!Array.isArray(requested) || requested.length === 0 || requested.some((f) => typeof f !== 'string'))
        throw badRequest('The columns parameter must look like ["name","status"].');
      const unknown = (requested as string[]).filter((field) => !offered.includes(field));
      if (unknown.length > 0) throw badRequest(`Cannot export ${resource.label.many} with the column "${unknown[0]}".`);
      fields = [...new Set(requested as string[])];
    }
    const { range: _range, fields: _fields, ...rest } = listParams;
    const timeZone = app.services.config.TRUST_TIMEZONE;
    const query = parseListQuery(resource, rest, timeZone);
    const columns = exportColumns(resource, language, timeZone, fields);
    const include = referencesOf(resource, columns);
    const caller = request.account!;
    const first = await app.services.records.list(
      caller,
      resource,
      { ...query, range: { start: 0, end: EXPORT_PAGE - 1 } },
      include,
    );
    refuseLongPdf(app, chosen, first.total);
    await app.services.database.db.transaction(async (tx) => {
      await appendAudit(tx, caller, 'Note', resource.name, null, {
        note: `${caller.name} exported ${first.total} ${first.total === 1 ? 'row' : 'rows'} of ${resource.label.many} as ${chosen.name}; filter ${JSON.stringify(jsonQueryParam(rest, 'filter') ?? {})}, sort ${JSON.stringify(query.sort)}.`,
      });
    });
    const rows = exportRows(app.services.records, caller, resource, query, include, first.rows);
    async function* cells() {
      for await (const row of rows) yield columns.map((column) => column.cell(row));
    }
    return sendListFile(app, reply, {
      chosen,
      language,
      title: resourceWords(resource, language).many,
      stem: path,
      columns,
      rows: cells(),
      total: first.total,
      filter: () =>
        filterInWords(app, resource, (jsonQueryParam(rest, 'filter') ?? {}) as Record<string, unknown>, language),
    });
  });
}
