/**
 * multipart/form-data: the only body besides JSON, and only on routes that ask for it. A route that takes an upload
 * says so with `config: { multipart: true }` and reads the form with readMultipart(); every other route answers a
 * multipart body with 415, as it does any body that is not JSON.
 *
 *     app.post('/api/v1/employees/:id/photo', { config: { multipart: true } }, async (request) => {
 *       const { fields, file } = await readMultipart(request, { fileField: 'photo' });
 *       …
 *     });
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors.ts';
import { requireText } from '../app/input-text.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../services/images.ts';

export const MULTIPART_LIMITS = {
  /** One upload per request. */
  files: 1,
  /** A file larger than this ends the upload with 413 (the image store checks the same number). */
  fileSize: MAX_IMAGE_BYTES,
  /** Text fields per form, and the bytes of each. */
  fields: 100,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: 101,
  headerPairs: 100,
} as const;

export const MULTIPART_MESSAGES = {
  notMultipart: 'Send the form as multipart/form-data.',
  notJson: 'Send the request body as application/json.',
  oneFile: 'Send one file only.',
  unexpectedFile: (field: string, expected: string) =>
    `The form has a file in "${field}"; send the file in "${expected}".`,
  fieldTwice: (field: string) => `The form field "${field}" is given twice.`,
  fieldFile: (field: string) => `The form field "${field}" must be text, not a file.`,
  fieldTooLong: (field: string) => `The form field "${field}" is too long (at most 64 KB).`,
  fieldNotText: (field: string) => `The form field "${field}" must be plain text.`,
  tooManyFields: 'The form has too many fields.',
  invalid: 'The form data is not valid multipart/form-data.',
} as const;

/**
 * Registers @fastify/multipart for the whole app, with the limits above, and the hook that keeps it to the routes
 * that ask for it. Fastify prefers a parser registered for `multipart/form-data` over the catch-all `*` parser, so
 * the order against app.ts's catch-all does not matter; the hook runs after parsing, before validation.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { ...MULTIPART_LIMITS }, throwFileSizeLimit: true });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipart) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notJson);
    }
  });
}

export interface MultipartForm {
  /** Every text field, once each. */
  fields: Record<string, string>;
  /** The file of `fileField`, absent when none was sent (a browser sends an empty, unnamed part for "no file"). */
  file?: { bytes: Buffer; filename: string };
}

/**
 * Reads the whole form of a route marked `config: { multipart: true }`. Answers 415 when the body is not
 * multipart/form-data, 413 when the file or the form is too large, and 400 for a second file, a file in another
 * field, a field given twice, or a body that is not valid multipart.
 */
export async function readMultipart(request: FastifyRequest, options: { fileField: string }): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const seen = new Set<string>();
  let file: MultipartForm['file'];
  try {
    for await (const part of request.parts()) {
      if (seen.has(part.fieldname)) {
        if (part.type === 'file') part.file.resume();
        throw badRequest(MULTIPART_MESSAGES.fieldTwice(part.fieldname));
      }
      seen.add(part.fieldname);
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          throw badRequest(MULTIPART_MESSAGES.unexpectedFile(part.fieldname, options.fileField));
        }
        const bytes = await part.toBuffer();
        // No file chosen in a browser form: an empty part with an empty (or no) file name.
        if (bytes.length === 0 && !part.filename) continue;
        file = { bytes, filename: part.filename ?? '' };
      } else {
        if (part.fieldname === options.fileField) throw badRequest(MULTIPART_MESSAGES.fieldFile(part.fieldname));
        if (part.fieldnameTruncated) throw badRequest(MULTIPART_MESSAGES.invalid);
        if (part.valueTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.fieldTooLong(part.fieldname));
        }
        if (typeof part.value !== 'string') throw badRequest(MULTIPART_MESSAGES.fieldNotText(part.fieldname));
        requireText({ [part.fieldname]: part.value }, 'the form');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  return { fields: { ...fields }, ...(file ? { file } : {}) };
}

/** The plugin's and busboy's errors as the app's sentences. */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge(MULTIPART_LIMITS.fileSize));
    case 'FST_FILES_LIMIT':
      return badRequest(MULTIPART_MESSAGES.oneFile);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
      return badRequest('The request body is not allowed.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(MULTIPART_MESSAGES.invalid);
    default:
      // busboy's own errors (no boundary, a malformed header, a truncated body) carry no code.
      if (code === undefined || code === 'FST_MP_PREMATURE_CLOSE') return badRequest(MULTIPART_MESSAGES.invalid);
      return error;
  }
}
