/**
 * `GET /api/v2/<resource>/export?format=xlsx|csv&lang=en|hi&sort=…&filter=…&columns=[…]` for every declared
 * resource: the list as the person sees it (its filter, search and order; every page), as a streamed file, with the
 * caller's reach (no View, no export; Self scope, one's own rows) and an entry in the audit trail saying who
 * exported which list with which filter, and how many rows.
 */
import type { FastifyInstance } from 'fastify';
import { apiPath, type ResourceDeclaration } from '../../resources/index.ts';
import { resourceWords } from '../../resources/resource-words.ts';
import { badRequest } from '../errors.ts';
import { jsonQueryParam } from '../plugins/input-text.ts';
import { appendAudit } from '../services/audit.ts';
import { exportColumns, exportFields, exportRows, EXPORT_PAGE, referencesOf } from '../services/exports.ts';
import { parseListQuery } from '../services/list-query.ts';
import { CONTENT_TYPES, writeSheet, type SheetFormat } from '../services/spreadsheet/index.ts';
import type { Capability } from '../../resources/permissions.ts';
import { may as mayOn, signedIn } from './guard.ts';

const FORMATS: Record<string, { format: SheetFormat; name: string; extension: string }> = {
  xlsx: { format: 'xlsx', name: 'Excel', extension: 'xlsx' },
  csv: { format: 'csv', name: 'CSV', extension: 'csv' },
};

/** Today in the trust's time zone, `YYYY-MM-DD`: the date in the file's name. */
function today(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

export function exportRoutes(app: FastifyInstance, resource: ResourceDeclaration): void {
  const path = apiPath(resource);
  const may = (capability: Capability) => (resource.ownedBy ? signedIn : mayOn(resource, capability));
  const offered = exportFields(resource);

  app.get(`/api/v2/${path}/export`, may('View'), async (request, reply) => {
    const { format: rawFormat, lang, columns: _columns, ...listParams } = request.query as Record<string, unknown>;
    const chosen = typeof rawFormat === 'string' ? FORMATS[rawFormat] : undefined;
    if (!chosen) throw badRequest('Choose the format of the export: format=xlsx or format=csv.');
    if (lang !== undefined && lang !== 'en' && lang !== 'hi')
      throw badRequest('The language of the export is lang=en or lang=hi.');
    const language = lang === 'hi' ? 'hi' : 'en';
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
    await app.services.database.db.transaction(async (tx) => {
      await appendAudit(tx, caller, 'Note', resource.name, null, {
        note: `${caller.name} exported ${first.total} ${first.total === 1 ? 'row' : 'rows'} of ${resource.label.many} as ${chosen.name}; filter ${JSON.stringify(rest.filter ?? {})}, sort ${JSON.stringify(query.sort)}.`,
      });
    });
    const rows = exportRows(app.services.records, caller, resource, query, include, first.rows);
    async function* cells() {
      for await (const row of rows) yield columns.map((column) => column.cell(row));
    }
    const title = resourceWords(resource, language).many;
    const file = `${path}-${today(timeZone)}.${chosen.extension}`;
    return reply
      .header('Content-Type', CONTENT_TYPES[chosen.format])
      .header('Content-Disposition', `attachment; filename="${file}"`)
      .header('X-Total-Count', String(first.total))
      .header('Cache-Control', 'no-store')
      .send(writeSheet(chosen.format, title, columns, cells()));
  });
}
