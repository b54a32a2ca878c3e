/**
 * Text that is not text: a NUL character (PostgreSQL cannot store it in text and refuses the statement) or half
 * of a UTF-16 surrogate pair (it has no UTF-8 form). Every request's body, query and route parameters are checked
 * once, before any route validates or stores them, and such input is answered 400 with the field it is in; a
 * multipart form's fields are checked where they are read (plugins/external/multipart.ts), and a query parameter's JSON
 * where it is decoded (`jsonQueryParam`).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../errors.ts';

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deeper than this, a body is refused rather than walked (no form of this product nests so deep). */
const MAX_DEPTH = 64;

export const INPUT_TEXT_MESSAGES = {
  field: (field: string) =>
    `The field "${field}" contains a character that is not text (a NUL character or a broken Unicode character). Remove it and try again.`,
  name: (field: string) =>
    `A field name contains a character that is not text (a NUL character or a broken Unicode character): "${field}".`,
  tooDeep: 'The request body is nested too deeply.',
};

export const isNotText = (value: string) => NOT_TEXT.test(value);

/** The path of the first string (value or key) in `value` that is not text, or undefined when all is text. */
export function findNotText(value: unknown, path = '', depth = 0): { path: string; inKey: boolean } | undefined {
  if (typeof value === 'string') return NOT_TEXT.test(value) ? { path, inKey: false } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) throw badRequest(INPUT_TEXT_MESSAGES.tooDeep);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNotText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (NOT_TEXT.test(key)) return { path: at, inKey: true };
    const found = findNotText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Answers 400 when `value` holds text that is not text; `where` names it when it is not a named field. `at` is
 * where `value` itself is (a query parameter's name), put before the path of what is found in it.
 */
export function requireText(value: unknown, where: string, at = ''): void {
  const found = findNotText(value, at);
  if (!found) return;
  const field = found.path === '' ? where : found.path;
  // eslint-disable-next-line no-control-regex -- the NUL character is what this replaces
  const printable = field.replace(/[\ud800-\udfff\u0000]/g, '\ufffd');
  const message = found.inKey ? INPUT_TEXT_MESSAGES.name(printable) : INPUT_TEXT_MESSAGES.field(printable);
  throw badRequest(message, [{ field: printable, message }]);
}

/**
 * A query parameter that holds JSON (`filter={"q":"ind"}`, `sort`, `range`, `fields`), decoded: the one place that
 * decodes them. What it decodes to is held to the same rule as raw text, since an escape (`"\u0000"`) becomes the
 * character only here, after the check of the raw query (tests/server/hostile-input.test.ts).
 */
export function jsonQueryParam(query: Record<string, unknown>, name: string): unknown {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`The ${name} parameter must be given once.`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON.`);
  }
  requireText(value, `the ${name} parameter`, name);
  return value;
}

export function registerInputText(app: FastifyInstance): void {
  // A callback rather than an async function: this runs for every request.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      requireText(request.params, 'the address');
      requireText(request.query, 'the query');
      requireText(request.body, 'the request body');
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
