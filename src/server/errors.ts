/**
 * The error catalogue: every error the API answers has a status, a stable code and a sentence a person
 * understands. The one error handler (plugins/app/errors.ts) turns these, and database errors, into
 * `{ success: false, message, code, errors?, said? }`. `said` is a sentence of src/resources/sentences.ts (its key
 * and values), which the admin says in the person's language.
 */
import type { StoredSentence } from '../resources/sentences.ts';
import type { FieldError } from '../resources/validation.ts';

export const ERROR_CODES = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  /** Headers of the answer (Retry-After of a 429, Allow of a 405). */
  readonly headers: Record<string, string> | undefined;
  /** The sentence's key and values, when it is one of src/resources/sentences.ts's. */
  said: StoredSentence | undefined;

  constructor(code: ErrorCode, message: string, errors?: FieldError[], headers?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.errors = errors;
    this.headers = headers;
  }
}

/**
 * An error that says a sentence of src/resources/sentences.ts: `english` is the message; `said` is the same sentence
 * with its values in the language the request asked for (a column's name in Hindi), for the admin to say.
 */
export function saying(code: ErrorCode, english: StoredSentence & { text: string }, said: StoredSentence = english) {
  const error = new AppError(code, english.text);
  error.said = { key: said.key, values: said.values };
  return error;
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError('BAD_REQUEST', message, errors);
export const validationFailed = (errors: FieldError[]) =>
  new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'The request is not valid.', errors);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, errors?: FieldError[]) => new AppError('CONFLICT', message, errors);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
/** The request is well formed, but what it asks cannot be done as asked (a PDF of more rows than a PDF holds). */
export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
/** A 429 that says when to try again (Retry-After, whole seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const methodNotAllowed = (message: string, allow: string) =>
  new AppError('METHOD_NOT_ALLOWED', message, undefined, { Allow: allow });
