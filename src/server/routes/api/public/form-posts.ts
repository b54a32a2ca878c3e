/**
 * How a public form is answered. JSON in, JSON out; but a plain HTML form post (application/x-www-form-urlencoded),
 * so that the forms work without JavaScript, is answered 303 to the page it came from (its `redirect` field, a path
 * of this site, or the path of a Referer of this host) with the form's own query on success or, when it is refused,
 * an error code (`?error=invalid&fields=email,amount`, `rate_limited`, `no_upi`, `no_bank` or `failed`;
 * FORM_ERROR_CODES) and a `draft` key under which what the visitor typed is kept a few minutes for that page
 * (services/form-drafts.ts); without such a page, JSON. The page says each code in its own words: no sentence of the
 * URL is ever shown, so no link can put words on the trust's page. Only a path is ever put in Location, so no post
 * can send a visitor to another site.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../errors.ts';
import { redirect, sitePath } from '../../../redirect.ts';
import type { FormDrafts } from '../../../services/form-drafts.ts';
import { FORM_FIELDS } from './form-input.ts';
import { PUBLIC_FORM_MESSAGES } from './messages.ts';

const FORM_BODY_LIMIT = 64 * 1024;

/**
 * What a refused form post's page is told, in its query: a code of this list, never a sentence (the page has its own
 * words for each), and for `invalid` the fields at fault.
 */
export const FORM_ERROR_CODES = ['invalid', 'rate_limited', 'no_upi', 'no_bank', 'failed'] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];

/** The query of a refused form post's page: its error code and, for bad input, the fields at fault. */
export function errorParams(error: AppError): Record<string, string> {
  if (error.code === 'TOO_MANY_REQUESTS') return { error: 'rate_limited' };
  if (error.code === 'SERVICE_UNAVAILABLE' && error.message === PUBLIC_FORM_MESSAGES.noUpi) return { error: 'no_upi' };
  if (error.code === 'SERVICE_UNAVAILABLE' && error.message === PUBLIC_FORM_MESSAGES.noBank)
    return { error: 'no_bank' };
  if (error.code === 'VALIDATION_FAILED') {
    const known: readonly string[] = FORM_FIELDS;
    const fields = [...new Set((error.errors ?? []).map((e) => e.field).filter((field) => known.includes(field)))];
    return fields.length > 0 ? { error: 'invalid', fields: fields.join(',') } : { error: 'invalid' };
  }
  return { error: 'failed' };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Where a form post goes back to: a path of this site (src/server/redirect.ts), from the form's `redirect` field or
 * the Referer of this host; undefined (a JSON answer) for anything else.
 */
function returnPath(request: FastifyRequest, body: Record<string, unknown>): string | undefined {
  const asked = text(body.redirect);
  if (asked !== undefined) return sitePath(asked);
  const referer = request.headers.referer;
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  if ((from.protocol !== 'http:' && from.protocol !== 'https:') || from.host !== request.host) return undefined;
  return sitePath(from.pathname + from.search);
}

/** `path` with `params` set in its query (earlier answers' `sent`, `donation`, `error`, `fields` and `draft` out). */
function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://site.invalid');
  for (const key of ['sent', 'donation', 'error', 'fields', 'draft']) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.pathname + url.search;
}

const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/** A plain HTML form's body, for the routes of `scope`: its fields as strings (the last of a repeated name). */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/**
 * Runs a form's work and answers it: JSON (201 and the answer, or the error handler's answer), or for a form post
 * with a page to go back to, 303 there with `done(answer)`'s query, or the error's code and a draft of what was
 * typed.
 */
export async function answerForm<T>(
  drafts: FormDrafts,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (body: Record<string, unknown>) => Promise<T>,
  done: (answer: T) => Record<string, string>,
) {
  const raw = request.body;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(PUBLIC_FORM_MESSAGES.notObject);
  const body = raw as Record<string, unknown>;
  const back = isFormPost(request) ? returnPath(request, body) : undefined;
  if (back === undefined) return reply.status(201).send(await work(body));
  try {
    const result = await work(body);
    return redirect(reply, withParams(back, done(result)), 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const draft = await drafts.put(body, FORM_FIELDS);
    return redirect(reply, withParams(back, { ...errorParams(error), draft }), 303);
  }
}
