/**
 * Import into every declared resource that people write (services/imports.ts): its template, the upload that starts
 * a job, and the job's preview, confirmation, failed rows and discarding. A job is its creator's alone; the import
 * itself writes each row through the record service, so the caller's permissions apply row by row.
 *
 * - `GET /api/v2/<resource>/import/template?lang=en|hi`: an Excel workbook with the columns and a help sheet.
 * - `POST /api/v2/<resource>/imports?name=<file name>`, the file as the body: 202 with the job.
 * - `GET /api/v2/imports?resource=<name>`, `GET /api/v2/imports/:id`, `GET /api/v2/imports/:id/rows`,
 *   `POST /api/v2/imports/:id/commit` `{ mode: 'all' | 'valid' }`, `GET /api/v2/imports/:id/failed?format=`,
 *   `DELETE /api/v2/imports/:id`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPath, findResource, resources, type ResourceDeclaration } from '../../../../resources/index.ts';
import { resourceWords } from '../../../../resources/resource-words.ts';
import { badRequest, forbidden } from '../../../errors.ts';
import { jsonQueryParam } from '../../../plugins/app/input-text.ts';
import { IMPORT_ACTIONS, type ImportAction } from '../../../../resources/imports.ts';
import { CONTENT_TYPES, writeSheet } from '../../../services/spreadsheet/index.ts';
import { idParam } from '../../shared/params.ts';

/** Media types an upload of a file may name; the bytes themselves decide what the file is. */
const FILE_TYPES = [
  'application/octet-stream',
  CONTENT_TYPES.xlsx,
  'text/csv',
  'application/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/pdf',
];

const languageOf = (lang: unknown): 'en' | 'hi' => {
  if (lang !== undefined && lang !== 'en' && lang !== 'hi') throw badRequest('The language is lang=en or lang=hi.');
  return lang === 'hi' ? 'hi' : 'en';
};

/** A file's name for Content-Disposition: letters, digits, dot, dash and underscore. */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120) || 'import';

const commitBody = z.object({ mode: z.enum(['all', 'valid']) }).strict();

/** The template and the upload of one resource, registered with its other routes (routes/api/v2/resources.ts). */
export function importRoutes(app: FastifyInstance, resource: ResourceDeclaration): void {
  if (resource.serverWritten || resource.singleton) return;
  const path = apiPath(resource);
  const { imports } = app.services;
  const mayImport = (request: { account?: Parameters<typeof imports.mayImport>[0] }) => {
    if (!imports.mayImport(request.account!, resource))
      throw forbidden(
        `You do not have permission to add or edit ${resource.label.many}. Ask an administrator for access.`,
      );
  };

  app.get(
    `/api/v2/${path}/import/template`,
    {
      config: {
        signedIn: true,
        doc: {
          summary: `The template of an import into ${resource.label.many}: an Excel workbook with a header row in the language and a help sheet (each column in English and Hindi, whether a new row needs it, what it takes, an example). For those who may add or edit them.`,
          tags: ['Import'],
          query: [{ name: 'lang', description: 'en (default) or hi', schema: { type: 'string', enum: ['en', 'hi'] } }],
        },
      },
    },
    async (request, reply) => {
      mayImport(request);
      const language = languageOf((request.query as Record<string, unknown>).lang);
      const { headers, help } = imports.template(resource, language);
      const title = resourceWords(resource, language).many;
      async function* none() {}
      return reply
        .header('Content-Type', CONTENT_TYPES.xlsx)
        .header('Content-Disposition', `attachment; filename="${path}-import-template.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(
          writeSheet(
            'xlsx',
            title,
            headers.map((header: string) => ({ header })),
            none(),
            help,
          ),
        );
    },
  );

  app.register(async (scope) => {
    // The file itself is the body, whatever it claims to be: the bytes decide (services/spreadsheet).
    scope.addContentTypeParser(
      FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: app.services.config.IMPORT_MAX_MB * 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      `/api/v2/${path}/imports`,
      {
        bodyLimit: app.services.config.IMPORT_MAX_MB * 1024 * 1024,
        config: {
          signedIn: true,
          doc: {
            summary: `Starts an import into ${resource.label.many}: the body is the file (Excel .xlsx, CSV in UTF-8, UTF-16 or Windows-1252, or a PDF exported by this product), \`name\` its file name. Answers 202 with the job, whose rows are then previewed; nothing is written until POST /api/v2/imports/{id}/commit. A file that cannot be imported is refused with a sentence: 413 too large or too many rows, 415 not a spreadsheet, 422 damaged, empty or missing a required column.`,
            tags: ['Import'],
            query: [
              { name: 'name', description: "The file's name, such as donations.xlsx.", schema: { type: 'string' } },
              {
                name: 'lang',
                description:
                  "en (the default) or hi: the language of the values of a refusal's `said` (a column's name), for the admin to say it in.",
                schema: { type: 'string', enum: ['en', 'hi'] },
              },
            ],
            responses: {
              202: 'The job, reading the rows',
              413: 'Too large',
              415: 'Not a spreadsheet',
              422: 'Cannot be imported',
            },
          },
        },
      },
      async (request, reply) => {
        mayImport(request);
        const { name, lang } = request.query as Record<string, unknown>;
        const language = languageOf(lang);
        if (name !== undefined && (typeof name !== 'string' || name.length > 255))
          throw badRequest("The file's name (name) must be text of at most 255 characters.");
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw badRequest('Send the file itself as the body of the request.');
        const job = await imports.start(request.account!, resource, name || 'import', body, language);
        return reply.status(202).send(job);
      },
    );
  });
}

/** The jobs' own routes, for their creator. */
export function v2ImportRoutes(app: FastifyInstance): void {
  const { imports } = app.services;
  const tags = ['Import'];

  app.get(
    '/api/v2/imports',
    {
      config: {
        signedIn: true,
        doc: {
          summary: "The caller's latest imports into a resource (at most 10, newest first): where the last one stands.",
          tags,
          query: [{ name: 'resource', description: 'The resource, such as donations.', schema: { type: 'string' } }],
        },
      },
    },
    async (request) => {
      const name = (request.query as Record<string, unknown>).resource;
      const resource = typeof name === 'string' ? findResource(name) : undefined;
      if (!resource) throw badRequest(`Name the resource of the imports: resource=${resources[0]!.name}, for one.`);
      return imports.recent(request.account!, resource);
    },
  );

  app.get(
    '/api/v2/imports/:id',
    {
      config: {
        signedIn: true,
        doc: { summary: 'An import of the caller: its status, progress, preview counts and result.', tags },
      },
    },
    async (request) => imports.job(request.account!, idParam(request)),
  );

  app.get(
    '/api/v2/imports/:id/rows',
    {
      config: {
        signedIn: true,
        doc: {
          summary:
            "A page of an import's rows, as previewed: each row's number as the spreadsheet shows it, what the import does with it (create, update, unchanged, error), its cells, the fields it changes and its errors.",
          tags,
          query: [
            { name: 'range', description: 'Like [0,49].', schema: { type: 'string' } },
            { name: 'filter', description: 'Like {"action":"error"}.', schema: { type: 'string' } },
          ],
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      for (const key of Object.keys(query))
        if (key !== 'range' && key !== 'filter')
          throw badRequest(`Unknown query parameter "${key}". Use range and filter.`);
      const rawRange = jsonQueryParam(query, 'range') ?? [0, 49];
      if (
        !Array.isArray(rawRange) ||
        rawRange.length !== 2 ||
        !rawRange.every((n) => Number.isSafeInteger(n) && n >= 0) ||
        rawRange[1] < rawRange[0] ||
        rawRange[1] - rawRange[0] >= 1000
      )
        throw badRequest('The range must look like [0,49], of at most 1,000 rows.');
      const filter = jsonQueryParam(query, 'filter') ?? {};
      if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
        throw badRequest('The filter must look like {"action":"error"}.');
      const { action, ...other } = filter as Record<string, unknown>;
      if (Object.keys(other).length > 0) throw badRequest('The rows of an import are filtered by action alone.');
      if (action !== undefined && !IMPORT_ACTIONS.includes(action as ImportAction))
        throw badRequest(`The action is one of ${IMPORT_ACTIONS.join(', ')}.`);
      const range = { start: rawRange[0] as number, end: rawRange[1] as number };
      const { rows, total } = await imports.rows(request.account!, idParam(request), range, action as ImportAction);
      const shown = rows.length > 0 ? `${range.start}-${range.start + rows.length - 1}/${total}` : `*/${total}`;
      return reply.header('Content-Range', `rows ${shown}`).send(rows);
    },
  );

  app.post(
    '/api/v2/imports/:id/commit',
    {
      config: {
        signedIn: true,
        doc: {
          summary:
            "Writes a previewed import's rows through the one write path: mode all (every row in one transaction, all or nothing; refused while rows have errors) or valid (the rows without errors). Answers 202 with the job, importing.",
          tags,
          body: commitBody,
          responses: { 202: 'The job, importing', 409: 'Not ready', 422: 'Rows have errors, or nothing to import' },
        },
      },
    },
    async (request, reply) => {
      const parsed = commitBody.safeParse(request.body);
      if (!parsed.success) throw badRequest('Choose how to import: {"mode":"all"} or {"mode":"valid"}.');
      return reply.status(202).send(await imports.commit(request.account!, idParam(request), parsed.data.mode));
    },
  );

  app.get(
    '/api/v2/imports/:id/failed',
    {
      config: {
        signedIn: true,
        doc: {
          summary:
            "The rows of an import that have errors (in the preview, or when written), with the file's own columns and an error column: to fix and import again.",
          tags,
          query: [
            { name: 'format', description: 'xlsx (default) or csv', schema: { type: 'string', enum: ['xlsx', 'csv'] } },
            { name: 'lang', description: 'en (default) or hi', schema: { type: 'string', enum: ['en', 'hi'] } },
          ],
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const format = query.format ?? 'xlsx';
      if (format !== 'xlsx' && format !== 'csv') throw badRequest('The format is format=xlsx or format=csv.');
      const language = languageOf(query.lang);
      const { job, headers, rows } = await imports.failedRows(request.account!, idParam(request), language);
      const base = safeFileName(job.file_name.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
      return reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="${base}-errors.${format}"`)
        .header('Cache-Control', 'no-store')
        .send(
          writeSheet(
            format,
            base,
            headers.map((header: string) => ({ header })),
            rows,
          ),
        );
    },
  );

  app.delete(
    '/api/v2/imports/:id',
    {
      config: {
        signedIn: true,
        doc: { summary: 'Discards an import that is ready or failed; nothing is written.', tags },
      },
    },
    async (request) => imports.discard(request.account!, idParam(request)),
  );
}
