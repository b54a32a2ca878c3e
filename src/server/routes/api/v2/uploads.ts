/**
 * `POST /api/v2/uploads`: the one upload route of every image and file field of every declared resource.
 *
 * multipart/form-data with the text fields `resource` and `field` first, then the file in `file`. The caller must
 * be allowed to add or edit records of the resource (either scope), and the field must be one of its image or
 * file fields; the size limit is that field kind's. Answers 201 with the stored file's path, which the record's
 * field then takes (services/uploads.ts attaches it when the record is saved).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findResource, uploadFieldAt, type UploadField } from '../../../../resources/index.ts';
import { AppError, badRequest } from '../../../errors.ts';
import { requireText } from '../../../plugins/app/input-text.ts';
import { forbiddenFor, scopeFor } from '../../../services/access.ts';
import { MULTIPART_MESSAGES } from '../../../plugins/external/multipart.ts';
import { UPLOAD_MESSAGES } from '../../../services/uploads.ts';

export const UPLOAD_ROUTE_MESSAGES = {
  noTarget: 'Name the resource and the field of the upload (the form fields "resource" and "field") before the file.',
  unknownResource: (name: string) => `"${name.slice(0, 60)}" is not a resource.`,
  notUploadField: (resource: string, field: string) =>
    `"${field.slice(0, 60)}" is not an image or file field of ${resource}.`,
  noFile: 'Send the file in the form field "file".',
} as const;

const uploadBody = z.object({
  resource: z.string().describe('The declared resource, such as news.'),
  field: z.string().describe('Its image or file field, such as image.'),
  file: z.string().describe('The file (binary), after the two fields above.'),
});

export function v2UploadRoutes(app: FastifyInstance): void {
  const { uploads } = app.services;
  app.post(
    '/api/v2/uploads',
    {
      config: {
        signedIn: true,
        multipart: true,
        doc: {
          summary:
            'Upload a file for an image or file field (the caller must be allowed to add or edit the resource). Images come back re-encoded with WebP variants 320, 640 and 1280 pixels wide.',
          tags: ['Uploads'],
          body: uploadBody,
          bodyType: 'multipart/form-data',
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
      const caller = request.account!;
      const fields: Record<string, string> = {};
      let target: { resource: string; decl: UploadField } | undefined;
      let answer: Awaited<ReturnType<typeof uploads.receive>> | undefined;
      // The largest size any field allows; the field's own limit is checked once the target is known.
      const largest = Math.max(uploads.limits.imageMaxBytes, uploads.limits.fileMaxBytes);
      try {
        for await (const part of request.parts({ limits: { fileSize: largest, files: 1, fields: 2, parts: 3 } })) {
          if (part.type === 'field') {
            if (part.fieldname !== 'resource' && part.fieldname !== 'field') {
              throw badRequest(`The form field "${part.fieldname.slice(0, 60)}" is not part of an upload.`);
            }
            if (typeof part.value !== 'string' || part.valueTruncated) {
              throw badRequest(MULTIPART_MESSAGES.fieldNotText(part.fieldname));
            }
            requireText({ [part.fieldname]: part.value }, 'the form');
            fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw badRequest(MULTIPART_MESSAGES.unexpectedFile(part.fieldname, 'file'));
          }
          if (fields.resource === undefined || fields.field === undefined) {
            part.file.resume();
            throw badRequest(UPLOAD_ROUTE_MESSAGES.noTarget);
          }
          const resource = findResource(fields.resource);
          if (!resource) {
            part.file.resume();
            throw badRequest(UPLOAD_ROUTE_MESSAGES.unknownResource(fields.resource));
          }
          const decl = uploadFieldAt(resource, fields.field);
          if (!decl) {
            part.file.resume();
            throw badRequest(UPLOAD_ROUTE_MESSAGES.notUploadField(resource.label.many, fields.field));
          }
          if (
            !scopeFor(caller.access, resource.permission, 'Add') &&
            !scopeFor(caller.access, resource.permission, 'Edit')
          ) {
            part.file.resume();
            throw forbiddenFor(resource.permission, 'Edit');
          }
          target = { resource: resource.name, decl };
          answer = await uploads.receive(caller, decl, part.file, () => part.file.truncated);
        }
      } catch (error) {
        throw uploadError(error, target?.decl, uploads);
      }
      if (!answer) throw badRequest(UPLOAD_ROUTE_MESSAGES.noFile);
      return reply.status(201).send(answer);
    },
  );
}

/** The plugin's and busboy's errors as sentences; a file over the largest limit is too large for its field too. */
function uploadError(
  error: unknown,
  decl: UploadField | undefined,
  uploads: FastifyInstance['services']['uploads'],
): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        decl ? uploads.tooLargeMessage(decl) : UPLOAD_MESSAGES.fileTooLarge(uploads.limits.fileMaxBytes),
      );
    case 'FST_FILES_LIMIT':
      return badRequest(MULTIPART_MESSAGES.oneFile);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooManyFields);
    default:
      if (code === undefined || code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
        return badRequest(MULTIPART_MESSAGES.invalid);
      }
      return error;
  }
}
