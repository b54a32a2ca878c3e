/**
 * The audit trail on /api/v2, in the ra-data-simple-rest convention of the declared resources:
 * `GET /api/v2/audit-logs?sort=["date_time","DESC"]&range=[0,2]&filter={"action_type":"Update","q":"kenya"}`
 * answers a JSON array with `Content-Range: audit-logs 0-2/17`; `GET /api/v2/audit-logs/:id` one entry;
 * `POST /api/v2/audit-logs` appends a note → 201. The trail is append-only: PUT, PATCH and DELETE answer 405 to
 * every signed-in caller, an Admin included (the method is refused, whoever asks).
 *
 * `GET /api/v2/audit-logs/export?format=xlsx|csv|pdf&lang=en|hi&sort=…&filter=…`: the list as the person sees it
 * (its filter, search and order, every page, in the caller's scope) as a file, as every declared list has
 * (routes/api/v2/exports.ts), with the entries up to the newest when it starts; the export is itself an entry.
 */
import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { AUDIT_WORDS, recordedValueText, type AuditEntry } from '../../../../resources/audit-words.ts';
import { findResource } from '../../../../resources/index.ts';
import { resourceWords } from '../../../../resources/resource-words.ts';
import { methodNotAllowed } from '../../../errors.ts';
import { jsonQueryParam } from '../../../plugins/app/input-text.ts';
import { appendAudit } from '../../../services/audit.ts';
import { AUDIT_LOGS, AuditLog } from '../../../services/audit-log.ts';
import { PDF_WORDS } from '../../../services/export-pdf.ts';
import { EXPORT_PAGE, sheetInstant } from '../../../services/exports.ts';
import { HeapPacer } from '../../../services/heap-pacing.ts';
import type { Cell, SheetColumn } from '../../../services/spreadsheet/index.ts';
import { dayText, exportFormatOf, refuseLongPdf, sendListFile } from './exports.ts';
import { signedIn } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';

export const AUDIT_LOGS_PATH = 'audit-logs';

const permission = (capability: 'View' | 'Add') => ({ config: { permission: { ...AUDIT_LOGS, capability } } });

/** The longest Details cell of an export (an entry of a long record's every value). */
const DETAILS_LENGTH = 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A module as the list shows it: a declared module by its list's name in the language. */
function auditModuleLabel(module: string, language: 'en' | 'hi'): string {
  if (module === AUDIT_WORDS.en.general) return AUDIT_WORDS[language].general;
  const resource = findResource(module);
  return resource ? resourceWords(resource, language).many : module;
}

/** The export's columns and each entry's cells, in a language. */
function auditColumns(
  language: 'en' | 'hi',
  timeZone: string,
): { columns: SheetColumn[]; cells: (entry: AuditEntry) => Cell[] } {
  const W = AUDIT_WORDS[language];
  const moduleLabel = (module: string) => auditModuleLabel(module, language);
  const valueText = (value: unknown) => recordedValueText(value, W);
  /** A note's text; or the fields the entry recorded, by their labels, with their values (before → after). */
  const details = (entry: AuditEntry) => {
    const d = isRecord(entry.details) ? entry.details : {};
    if (typeof d.note === 'string') return d.note;
    const resource = findResource(entry.module);
    const words = resource ? resourceWords(resource, language) : undefined;
    const label = (field: string) => words?.field(field) ?? field;
    // An enum's value in the list's words, as the entry's screen says it.
    const said = (field: string, value: unknown) =>
      words && typeof value === 'string' && resource?.fields[field]?.kind === 'enum'
        ? words.choice(field, value)
        : valueText(value);
    let parts: string[];
    if (isRecord(d.changes)) {
      parts = Object.entries(d.changes).map(([field, change]) => {
        const { before, after } = isRecord(change) ? change : {};
        return `${label(field)}: ${said(field, before)} → ${said(field, after)}`;
      });
    } else {
      const side = entry.action_type === 'Delete' ? d.before : d.after;
      parts = Object.entries(isRecord(side) ? side : {}).map(
        ([field, value]) => `${label(field)}: ${said(field, value)}`,
      );
    }
    const text = parts.join('; ');
    return text.length > DETAILS_LENGTH ? `${text.slice(0, DETAILS_LENGTH - 1)}…` : text;
  };
  return {
    columns: [
      { header: W.id, width: 8 },
      { header: W.columns.action, width: 12 },
      { header: W.columns.module, width: 20 },
      { header: W.columns.record, width: 10 },
      { header: W.columns.performedBy, width: 24 },
      { header: W.columns.dateTime, width: 18 },
      { header: W.details, width: 60 },
    ],
    cells: (entry) => [
      entry.id,
      (W.actions as Record<string, string>)[entry.action_type] ?? entry.action_type,
      moduleLabel(entry.module),
      entry.record_id ?? '',
      entry.performed_by_name,
      sheetInstant(entry.date_time, timeZone),
      details(entry),
    ],
  };
}

const NEVER_CHANGED =
  'Audit log entries are never changed or deleted. To correct or comment on an entry, add a note that refers to it (POST /api/v2/audit-logs with refers_to_id).';

export function v2AuditLogRoutes(app: FastifyInstance): void {
  const base = `/api/v2/${AUDIT_LOGS_PATH}`;
  const { database, config } = app.services;
  const audit = new AuditLog(database, config.TRUST_TIMEZONE);

  app.get(base, permission('View'), async (request, reply) => {
    const query = audit.parse(request.query as Record<string, unknown>);
    const { rows, total } = await audit.list(request.account!, query);
    const range =
      rows.length > 0 ? `${query.range.start}-${query.range.start + rows.length - 1}/${total}` : `*/${total}`;
    return reply.header('Content-Range', `${AUDIT_LOGS_PATH} ${range}`).send(rows);
  });

  app.get(`${base}/export`, permission('View'), async (request, reply) => {
    const { format: _format, lang: _lang, range: _range, ...listParams } = request.query as Record<string, unknown>;
    const { chosen, language } = exportFormatOf(request.query as Record<string, unknown>);
    const query = audit.parse(listParams);
    const caller = request.account!;
    const upTo = await audit.newestId();
    const first = await audit.list(caller, query, upTo);
    refuseLongPdf(app, chosen, first.total);
    await database.db.transaction(async (tx) => {
      await appendAudit(tx, caller, 'Note', AUDIT_LOGS_PATH, null, {
        note: `${caller.name} exported ${first.total} ${first.total === 1 ? 'row' : 'rows'} of Audit Logs as ${chosen.name}; filter ${JSON.stringify(jsonQueryParam(listParams, 'filter') ?? {})}, sort ${JSON.stringify(query.sort)}.`,
      });
    });
    const { columns, cells } = auditColumns(language, config.TRUST_TIMEZONE);
    async function* rows(): AsyncGenerator<Cell[]> {
      let page = first.rows;
      const pacer = new HeapPacer();
      for (;;) {
        for (const entry of page) yield cells(entry);
        if (page.length < EXPORT_PAGE) return;
        // Other requests take their turn between pages, and the pages' garbage is collected as it goes.
        await setImmediate();
        pacer.step();
        page = await audit.after(caller, query, upTo, page.at(-1)!.id, EXPORT_PAGE);
      }
    }
    const W = AUDIT_WORDS[language];
    return sendListFile(app, reply, {
      chosen,
      language,
      title: W.title,
      stem: AUDIT_LOGS_PATH,
      columns,
      rows: rows(),
      total: first.total,
      filter: async () => {
        const said = PDF_WORDS[language];
        const filter = (query.where ?? {}) as Record<string, unknown>;
        const parts: string[] = [];
        if (query.q) parts.push(`${said.search}: “${query.q}”`);
        for (const [key, value] of Object.entries(filter)) {
          const values = (Array.isArray(value) ? value : [value]).map(String);
          if (key === 'action_type')
            parts.push(
              `${W.columns.action}: ${values.map((v) => (W.actions as Record<string, string>)[v] ?? v).join(', ')}`,
            );
          else if (key === 'module')
            parts.push(`${W.columns.module}: ${values.map((v) => auditModuleLabel(v, language)).join(', ')}`);
          else if (key === 'record_id') parts.push(`${W.columns.record}: ${values.join(', ')}`);
          else if (key === 'performed_by_id') parts.push(`${W.columns.performedBy}: ${values.join(', ')}`);
          else parts.push(`${key}: ${values.join(', ')}`);
        }
        // The days of the date range, as the office writes them.
        const raw = (jsonQueryParam(listParams, 'filter') ?? {}) as Record<string, unknown>;
        if (typeof raw.date_from === 'string')
          parts.push(`${W.columns.dateTime} ${said.from} ${dayText(raw.date_from)}`);
        if (typeof raw.date_to === 'string') parts.push(`${W.columns.dateTime} ${said.to} ${dayText(raw.date_to)}`);
        return parts.length > 0 ? parts.join('; ') : said.none;
      },
    });
  });

  app.get(`${base}/:id`, permission('View'), async (request) => audit.get(request.account!, idParam(request)));

  app.post(base, permission('Add'), async (request, reply) => {
    const entry = await audit.note(request.account!, request.body);
    return reply.status(201).send(entry);
  });

  // Refused for everyone: a 405 is about the method, not the caller, so any signed-in account hears it.
  const refuse = (allow: string) => async () => {
    throw methodNotAllowed(NEVER_CHANGED, allow);
  };
  app.route({ method: ['PUT', 'PATCH', 'DELETE'], url: `${base}/:id`, ...signedIn, handler: refuse('GET') });
  app.route({ method: ['PUT', 'PATCH', 'DELETE'], url: base, ...signedIn, handler: refuse('GET, POST') });
}
