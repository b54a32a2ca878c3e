/**
 * The one error handler: every error leaves as `{ success: false, message, code, errors? }`. Known errors keep
 * their status and sentence; database errors are translated; anything else is a bug, logged with an id and
 * answered without detail.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { AUDIT_ENTRY_REFUSED } from '../../services/audit.ts';
import { pgError } from '../../services/db-errors.ts';
import { IMAGE_MESSAGES } from '../../services/images.ts';
import { MULTIPART_LIMITS, MULTIPART_MESSAGES } from '../external/multipart.ts';

const FASTIFY_ERRORS: Record<string, { status: number; code: AppError['code']; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large (at most 1 MB).',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', message: 'The address is not valid.' },
  // @fastify/multipart, for a route that reads the form without readMultipart() (which translates these itself).
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: IMAGE_MESSAGES.tooLarge(MULTIPART_LIMITS.fileSize),
  },
  FST_FILES_LIMIT: { status: 400, code: 'BAD_REQUEST', message: MULTIPART_MESSAGES.oneFile },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: MULTIPART_MESSAGES.tooManyFields },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: MULTIPART_MESSAGES.tooManyFields },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: MULTIPART_MESSAGES.notMultipart,
  },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: 'BAD_REQUEST', message: MULTIPART_MESSAGES.invalid },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: 'BAD_REQUEST', message: MULTIPART_MESSAGES.invalid },
};

/** The largest refused body that is still read (and dropped) so that its client gets the 413's sentence. */
const DRAIN_AT_MOST = 8 * 1024 * 1024;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.said ? { said: error.said } : {}),
      });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Each route takes what its fields can hold (plugins/app/body-limits.ts): the answer says how much that is.
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
      const message = `The request body is too large (at most ${Math.floor(limit / 1024).toLocaleString('en-IN')} KB).`;
      // Fastify closes the connection, so a client still sending sees a broken connection instead of this answer.
      // A body of a few megabytes is read to its end and dropped instead (Node does so once the answer is sent).
      if (Number(request.headers['content-length']) <= DRAIN_AT_MOST) reply.removeHeader('connection');
      return reply.status(413).send({ success: false, message, code: 'PAYLOAD_TOO_LARGE' });
    }
    if (known) return reply.status(known.status).send({ success: false, message: known.message, code: known.code });
    if (error.validation) {
      return reply.status(400).send({ success: false, message: error.message, code: 'BAD_REQUEST' });
    }
    if (error.message?.includes('prototype')) {
      return reply
        .status(400)
        .send({ success: false, message: 'The request body is not allowed.', code: 'BAD_REQUEST' });
    }
    const pg = pgError(error);
    if (pg?.code === '40001' || pg?.code === '40P01') {
      return reply
        .status(503)
        .send({ success: false, message: 'The server is busy; please try again.', code: 'SERVICE_UNAVAILABLE' });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, code: 'BAD_REQUEST' });
    }
    const errorId = randomUUID();
    // A bug like any other 500, named: a write whose audit entry the database refused (drizzle/0020).
    const what = pg?.code === AUDIT_ENTRY_REFUSED ? 'audit entry refused by the database' : 'unhandled error';
    request.log.error({ err: error, errorId }, what);
    return reply.status(500).send({ success: false, message: 'Something went wrong.', code: 'INTERNAL', errorId });
  });
}
