/**
 * The import routes of /api/v2 (the server's src/server/routes/api/v2/imports.ts): a file uploaded as it is, read by the
 * server into a job whose rows are previewed, then confirmed or discarded. Through the same HTTP client as the REST
 * provider (providers/http-client.ts): the session cookie, the XSRF token on writes, and the server's sentence as
 * the HttpError's message, which the dialog hands to react-admin's useLogoutIfAccessDenied as the outbox does.
 * The template and the failed rows are plain links that the browser downloads.
 */
import { apiPath, type ResourceDeclaration } from '../../resources/index.ts';
import {
  IMPORT_ACTIONS,
  type ImportAction,
  type ImportJob,
  type ImportMode,
  type ImportRow,
  type ImportStatus,
} from '../../resources/imports.ts';
import { createHttpClient } from '../providers/http-client.ts';

export type { ImportJob, ImportMode, ImportRow, ImportStatus } from '../../resources/imports.ts';
export type RowAction = ImportAction;
export const ROW_ACTIONS = IMPORT_ACTIONS;

/** Statuses a job moves on from by itself: the dialog asks again while it is in one. */
export const RUNNING: ReadonlySet<ImportStatus> = new Set(['reading', 'importing']);
/** Statuses of a job not finished yet: the dialog takes it up again when it opens. */
export const UNFINISHED: ReadonlySet<ImportStatus> = new Set(['reading', 'ready', 'importing']);

const BASE = '/api/v2/imports';

/** The empty template of a resource (an .xlsx: the header row, and a Help sheet), headed in `locale`. */
export function templateHref(resource: ResourceDeclaration, locale: string): string {
  return `/api/v2/${apiPath(resource)}/import/template?lang=${locale === 'hi' ? 'hi' : 'en'}`;
}

/**
 * The rows of a job that have errors (or failed at commit), with the file's headers and a last column "Error" (in
 * `locale`), to correct and import again.
 */
export function failedRowsHref(id: number, locale: string, format: 'xlsx' | 'csv' = 'xlsx'): string {
  return `${BASE}/${id}/failed?format=${format}&lang=${locale === 'hi' ? 'hi' : 'en'}`;
}

const jobUrl = (id: number) => `${BASE}/${encodeURIComponent(String(id))}`;

/** Sends the file as the request's body; the server answers 202 with the job, reading. */
export async function uploadImport(
  resource: ResourceDeclaration,
  file: File,
  locale: string,
  signal?: AbortSignal,
): Promise<ImportJob> {
  // The language of a refusal's values (a column's name), which the dialog says in the language chosen.
  const lang = locale === 'hi' ? 'hi' : 'en';
  const url = `/api/v2/${apiPath(resource)}/imports?name=${encodeURIComponent(file.name)}&lang=${lang}`;
  const { json } = await createHttpClient()(url, {
    method: 'POST',
    body: file,
    // The server reads what the file is from its bytes; a browser's own label for a CSV (text/x-csv…) is not sent.
    headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/octet-stream' }),
    signal,
  });
  return json as ImportJob;
}

export async function fetchImportJob(id: number, signal?: AbortSignal): Promise<ImportJob> {
  const { json } = await createHttpClient()(jobUrl(id), { signal });
  return json as ImportJob;
}

/** The caller's newest import of a resource, if any (the server keeps their last ten, newest first). */
export async function fetchLatestImport(resource: ResourceDeclaration): Promise<ImportJob | undefined> {
  const { json } = await createHttpClient()(`${BASE}?resource=${encodeURIComponent(resource.name)}`);
  return Array.isArray(json) ? (json[0] as ImportJob | undefined) : undefined;
}

/** The total of a Content-Range header such as `rows 0-49/123`. */
function totalOf(contentRange: string | null): number | undefined {
  const match = /\/(\d+)\s*$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A page of the preview's rows (`start`, `count` of them), all or those of one action. */
export async function fetchImportRows(
  id: number,
  page: { start: number; count: number; action?: RowAction | undefined },
): Promise<{ rows: ImportRow[]; total: number }> {
  const query = new URLSearchParams({ range: JSON.stringify([page.start, page.start + page.count - 1]) });
  if (page.action) query.set('filter', JSON.stringify({ action: page.action }));
  const { json, headers } = await createHttpClient()(`${jobUrl(id)}/rows?${query.toString()}`);
  const rows = Array.isArray(json) ? (json as ImportRow[]) : [];
  return { rows, total: totalOf(headers.get('Content-Range')) ?? page.start + rows.length };
}

/** Confirms a ready job: 202 with the job, importing (409 when it is not ready). */
export async function commitImport(id: number, mode: ImportMode): Promise<ImportJob> {
  const { json } = await createHttpClient()(`${jobUrl(id)}/commit`, {
    method: 'POST',
    body: JSON.stringify({ mode }),
  });
  return json as ImportJob;
}

/** Drops a ready or failed job: nothing of it is written. */
export async function discardImport(id: number): Promise<ImportJob> {
  const { json } = await createHttpClient()(jobUrl(id), { method: 'DELETE' });
  return json as ImportJob;
}
