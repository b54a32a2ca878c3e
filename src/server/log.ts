/**
 * The logger's options: what a log line may say. A failed statement's error carries the statement's values
 * (drizzle's "Failed query: … params: …", postgres.js's `parameters`, PGlite's), and those may be an email, a
 * password hash or a token: an error is logged with its statement's text cut short and never its values, and
 * headers, cookies and fields that hold secrets are redacted wherever they appear in a line, as are the values of
 * query parameters named like secrets in logged request URLs (`/reset-password?token=…` at debug).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Keys whose values never reach a log line, wherever they appear in an error. */
const SECRET_KEY = /password|passwd|token|secret|hash|authorization|cookie|params|parameters|values/i;

/** How much of a failed statement's text a log line keeps: enough to tell which one it was. */
const STATEMENT_CHARS = 120;

/** A message without the values that drizzle appends ("params: …"), and a statement's text cut short. */
function cleanMessage(message: string): string {
  const withoutParams = message.replace(/\n?params:[\s\S]*$/, '');
  const failed = /^Failed query: ([\s\S]*)$/.exec(withoutParams);
  if (!failed) return withoutParams;
  const text = failed[1]!.replace(/\s+/g, ' ').trim();
  return `Failed query: ${text.length > STATEMENT_CHARS ? `${text.slice(0, STATEMENT_CHARS)}…` : text}`;
}

/** Whether an error is the database's own (its messages quote the values they refused). */
const isDatabaseError = (error: Error) =>
  'severity' in error || /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code ?? ''));

/** A database message without the values it quotes: `invalid input syntax for type integer: "…"`. */
const withoutQuotedValues = (message: string) =>
  message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\)=\([^)]*\)/g, ')=(…)');

/** An error as a log line shows it: type, cleaned message, stack, code, and its cause, without any value. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error === undefined ? undefined : '[a value that is not an Error]';
  const message = isDatabaseError(error)
    ? withoutQuotedValues(cleanMessage(error.message))
    : cleanMessage(error.message);
  const shown: Record<string, unknown> = {
    type: error.name,
    message,
    stack: error.stack
      ? `${error.name}: ${message}\n${error.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')}`
      : undefined,
  };
  for (const [key, value] of Object.entries(error)) {
    if (SECRET_KEY.test(key) || key === 'query' || key === 'cause') continue;
    // The fields a database error names (code, table, constraint, column…), never a value of a row.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      shown[key] = key === 'detail' || key === 'where' ? '[redacted]' : value;
    }
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 3) shown.cause = serializeError(cause, depth + 1);
  return shown;
}

/**
 * Query parameters whose values are secrets or capabilities (a reset or confirmation token, an API key, a form
 * draft's key…), judged by their decoded name: their values never reach a log line.
 */
const SECRET_PARAM = /token|pass(?:word|wd)?|secret|key|sig(?:nature)?|auth|session|otp|code|nonce|ticket|draft/i;

/** A request URL as a log line shows it: the values of query parameters named like secrets replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is judged as it is.
      }
      return SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** A request as a log line shows it (Fastify's own fields), its URL without query secrets. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Paths of request and other objects whose values are replaced in every line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.newPassword',
  '*.currentPassword',
];

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    // pino's types want a serializer per known shape; ours takes anything an error can be.
    serializers: { err: serializeError as never, error: serializeError as never, req: serializeRequest as never },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
