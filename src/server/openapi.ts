/**
 * The OpenAPI description of the API: the declared resources' routes from their declarations (the schemas the
 * record service validates with), a few routes described here, and every other registered route from its own
 * configuration (`documentRoutes`, from the schemas its handler validates with), so that none is missing.
 */
import { z } from 'zod';
import {
  apiPath,
  recordFields,
  resources,
  saidColumns,
  sortableFields,
  type ResourceDeclaration,
} from '../resources/index.ts';
import { itemSchema, recordSchema } from '../resources/validation.ts';

const errorSchema = {
  type: 'object',
  required: ['success', 'message', 'code'],
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string' },
    code: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** What adding to or deleting a one-record resource answers: it is changed, never added or deleted. */
const oneRecordOnly = (tag: string, resource: ResourceDeclaration) => ({
  tags: [tag],
  summary: `Refused: there is one ${resource.label.one} record, changed with PUT`,
  responses: { 405: errorResponse('Not added or deleted (Allow: GET, PUT)') },
});

export function buildOpenApi(): Record<string, unknown> {
  const schemas: Record<string, unknown> = { Error: errorSchema };
  const paths: Record<string, unknown> = {};

  for (const resource of resources) {
    const name = resource.label.one.replace(/\s+/g, '');
    const input = z.toJSONSchema(recordSchema(resource), { io: 'input', unrepresentable: 'any' });
    delete (input as { $schema?: string }).$schema;
    // Values a create takes beyond the record's fields (a user's sign-in password): never stored or answered.
    const properties = (input as { properties?: Record<string, unknown> }).properties;
    for (const field of resource.writeOnly ?? []) {
      if (properties) properties[field] = { type: 'string', writeOnly: true, description: 'On create only.' };
    }
    // A list of items is checked one item at a time (to name the item in a sentence); its items' shape is this.
    for (const [field, decl] of Object.entries(resource.fields)) {
      if (decl.kind !== 'items' || !properties?.[field]) continue;
      const item = z.toJSONSchema(itemSchema(decl), { io: 'input', unrepresentable: 'any' });
      delete (item as { $schema?: string }).$schema;
      properties[field] = { type: 'array', maxItems: decl.maxItems ?? 50, items: item };
    }
    schemas[`${name}Input`] = input;
    schemas[name] = {
      allOf: [
        { $ref: `#/components/schemas/${name}Input` },
        {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            created_at: { type: 'string', format: 'date-time' },
            updated_at: { type: 'string', format: 'date-time' },
            created_by: { type: ['integer', 'null'] },
            // A sentence the server wrote: its key and values (src/resources/sentences.ts), never written by a client.
            ...Object.fromEntries(
              Object.entries(resource.fields).flatMap(([field, decl]) =>
                saidColumns(field, decl).map((column, index) => [
                  column,
                  index === 0
                    ? { type: ['string', 'null'], readOnly: true, description: `The sentence of ${field} (a key)` }
                    : { type: ['object', 'null'], readOnly: true, description: `The values of ${field}'s sentence` },
                ]),
              ),
            ),
          },
        },
      ],
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    const body = {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Input` } } },
    };
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
    const tag = resource.label.many;
    paths[`/api/v2/${apiPath(resource)}`] = {
      get: {
        tags: [tag],
        summary: `List ${resource.label.many.toLowerCase()}`,
        parameters: [
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string' },
            description: `JSON [field, "ASC"|"DESC"]; fields: ${sortableFields(resource).join(', ')}`,
            example: `["${resource.list.sort.field}","${resource.list.sort.order}"]`,
          },
          {
            name: 'range',
            in: 'query',
            schema: { type: 'string' },
            description: 'JSON [first, last], zero-based and inclusive; at most 1000 records',
            example: '[0,24]',
          },
          {
            name: 'filter',
            in: 'query',
            schema: { type: 'string' },
            description:
              'JSON object: "q" searches the text fields, "id" takes one id or a list, declared fields filter exactly',
            example: '{"q":"ind"}',
          },
          {
            name: 'fields',
            in: 'query',
            schema: { type: 'string' },
            description: `JSON array of the fields each record carries (the id always); all of them when absent: ${recordFields(resource).join(', ')}`,
            example: '["id","' + (Object.keys(resource.fields)[0] ?? 'id') + '"]',
          },
        ],
        responses: {
          200: {
            description: 'A page of records; the total is in Content-Range',
            headers: { 'Content-Range': { schema: { type: 'string' }, example: `${apiPath(resource)} 0-24/317` } },
            content: { 'application/json': { schema: { type: 'array', items: ref } } },
          },
          400: errorResponse('A malformed sort, range, filter or fields'),
          401: errorResponse('Not signed in'),
        },
      },
      post: resource.singleton
        ? oneRecordOnly(tag, resource)
        : resource.serverWritten
          ? {
              tags: [tag],
              summary: `Refused: ${resource.label.many.toLowerCase()} are written by the server`,
              responses: { 405: errorResponse('Not added through the API (Allow: GET, PUT, DELETE)') },
            }
          : {
              tags: [tag],
              summary: `Create a ${resource.label.one.toLowerCase()}`,
              requestBody: body,
              responses: {
                201: { description: 'Created', content: { 'application/json': { schema: ref } } },
                400: errorResponse('Invalid input'),
                401: errorResponse('Not signed in'),
                409: errorResponse('A duplicate'),
              },
            },
    };
    paths[`/api/v2/${apiPath(resource)}/{id}`] = {
      parameters: [idParam],
      get: {
        tags: [tag],
        summary: `One ${resource.label.one.toLowerCase()}`,
        responses: {
          200: { description: 'The record', content: { 'application/json': { schema: ref } } },
          404: errorResponse('No such record'),
        },
      },
      put: {
        tags: [tag],
        summary: `Update a ${resource.label.one.toLowerCase()} (fields left out keep their values)`,
        requestBody: body,
        responses: {
          200: { description: 'The updated record', content: { 'application/json': { schema: ref } } },
          400: errorResponse('Invalid input'),
          404: errorResponse('No such record'),
          409: errorResponse('A duplicate'),
        },
      },
      delete: resource.singleton
        ? oneRecordOnly(tag, resource)
        : {
            tags: [tag],
            summary: `Delete a ${resource.label.one.toLowerCase()}`,
            responses: {
              200: { description: 'The deleted record', content: { 'application/json': { schema: ref } } },
              404: errorResponse('No such record'),
              409: errorResponse('Other records refer to it'),
            },
          },
    };
  }

  paths['/api/health'] = {
    get: {
      tags: ['System'],
      summary: 'Health',
      security: [],
      responses: { 200: { description: '{"status":"ok","database":"pglite"|"postgres"}' } },
    },
  };
  const outboxId = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
  paths['/api/v2/outbox'] = {
    get: {
      tags: ['Mail outbox'],
      summary: 'Emails written by the server (Admins only)',
      parameters: [
        { name: 'sort', in: 'query', schema: { type: 'string' }, example: '["created_at","DESC"]' },
        { name: 'range', in: 'query', schema: { type: 'string' }, example: '[0,24]' },
        {
          name: 'filter',
          in: 'query',
          schema: { type: 'string' },
          description:
            'JSON: "status" (Pending, Sent, Failed, Discarded; one or a list), "q" (address or subject), "id"',
          example: '{"status":"Failed"}',
        },
      ],
      responses: {
        200: { description: 'The emails without their bodies; Content-Range: outbox a-b/n' },
        403: errorResponse('Not an Admin'),
      },
    },
  };
  paths['/api/v2/backups/status'] = {
    get: {
      tags: ['System'],
      summary: "The server's backups: schedule, latest run, latest success, missing (Admins only)",
      responses: {
        200: {
          description:
            '{ schedule: { time, timeZone, next, dir } | null, last, lastSucceeded: { status, startedAt, finishedAt, file, bytes, error } | null, missing }',
        },
        403: errorResponse('Not an Admin'),
      },
    },
  };
  paths['/api/v2/backups'] = {
    post: {
      tags: ['System'],
      summary: 'Take a backup now, in the background, into BACKUP_DIR (Admins only; audited)',
      responses: {
        202: { description: 'The run, Running; GET /api/v2/backups/status follows it' },
        403: errorResponse('Not an Admin'),
        409: errorResponse('A backup is being taken already'),
      },
    },
  };
  paths['/api/v2/backups/{id}/download'] = {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
    get: {
      tags: ['System'],
      summary: "A backup's archive, while BACKUP_DIR holds it (Admins only; audited)",
      responses: {
        200: { description: 'The archive (application/octet-stream)' },
        403: errorResponse('Not an Admin'),
        404: errorResponse('No archive of that backup'),
      },
    },
  };
  paths['/api/v2/outbox/{id}'] = {
    parameters: [outboxId],
    get: {
      tags: ['Mail outbox'],
      summary: 'One email with its text and HTML bodies (Admins only)',
      responses: { 200: { description: 'The email' }, 404: errorResponse('No such email') },
    },
  };
  paths['/api/v2/outbox/mail-server'] = {
    get: {
      tags: ['Mail outbox'],
      summary: 'Whether this server sends email, and how it retries (Admins only)',
      responses: {
        200: {
          description:
            '{ configured: SMTP_URL is set, maxAttempts: MAIL_MAX_ATTEMPTS, retrySeconds: MAIL_RETRY_SECONDS }',
        },
        403: errorResponse('Not an Admin'),
      },
    },
  };
  paths['/api/v2/outbox/{id}/resend'] = {
    parameters: [outboxId],
    post: {
      tags: ['Mail outbox'],
      summary:
        'Send a Pending or Failed email again, now, with a new round of attempts (Admins only; needs SMTP_URL; audited)',
      responses: {
        200: { description: 'The email, Pending and due now (without its bodies)' },
        404: errorResponse('No such email'),
        409: errorResponse('Sent or Discarded, being sent right now, its link no longer works, or SMTP_URL is not set'),
      },
    },
  };
  paths['/api/v2/outbox/{id}/discard'] = {
    parameters: [outboxId],
    post: {
      tags: ['Mail outbox'],
      summary: 'Discard a Pending or Failed email: it is never sent (Admins only; audited)',
      responses: {
        200: { description: 'The email, Discarded (without its bodies)' },
        404: errorResponse('No such email'),
        409: errorResponse('Sent or already Discarded, or being sent right now'),
      },
    },
  };
  const userId = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
  paths['/api/v2/users/{id}/profile-image'] = {
    parameters: [userId],
    put: {
      tags: ['Users'],
      summary: "Store the user's profile image (JPEG, PNG or WebP, at most 5 MB; re-encoded), replacing any",
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['profileImage'],
              properties: { profileImage: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
      responses: {
        200: { description: 'The user, with profile_image its public path' },
        400: errorResponse('No image, not a JPEG, PNG or WebP image, or unreadable'),
        404: errorResponse('No such user'),
        413: errorResponse('Larger than 5 MB'),
        415: errorResponse('Not multipart/form-data'),
      },
    },
    delete: {
      tags: ['Users'],
      summary: "Remove the user's profile image",
      responses: { 200: { description: 'The user, with profile_image null' }, 404: errorResponse('No such user') },
    },
  };
  paths['/api/v2/users/{id}/activity-summary'] = {
    parameters: [userId],
    get: {
      tags: ['Users'],
      summary: "Sign-ins, failed sign-ins, the last sign-in and the last five activities of the user's account",
      responses: {
        200: {
          description:
            '{ user_id, account_id, sign_ins, failed_sign_ins, last_sign_in_at, total_activities, recent: [{ id, action, status, description, description_key, description_values, occurred_at }] }',
        },
        404: errorResponse('No such user'),
      },
    },
  };
  paths['/api/v2/session'] = {
    get: {
      tags: ['Sign-in'],
      summary: 'The signed-in account, whether it is an Admin, and its effective permission matrix',
      responses: { 200: { description: '{ id, name, email, userType, expiresAt, admin, permissions }' } },
    },
  };
  paths['/api/v2/session/password'] = {
    put: {
      tags: ['Sign-in'],
      summary: "Changes the signed-in account's own password; every session of the account ends",
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['currentPassword', 'newPassword'],
              properties: { currentPassword: { type: 'string' }, newPassword: { type: 'string', minLength: 10 } },
            },
          },
        },
      },
      responses: {
        200: { description: 'Changed; sign in again' },
        400: errorResponse('Wrong current password, or a new password the policy refuses'),
      },
    },
  };
  paths['/api/v2/dashboard'] = {
    get: {
      tags: ['Dashboard'],
      summary: 'Dashboard figures',
      responses: {
        200: {
          description:
            "Cards and the monthly donation totals; for those who may view Trust Settings, `registrations`: the trust's registration (12A/12AB) and approval (80G) whose validity has ended or ends within 90 days ({ which, number, from, until, standing: expired | expiring, daysLeft }), soonest first",
        },
      },
    },
  };

  // The audit trail: read, and add notes; entries are never changed (PUT, PATCH and DELETE answer 405).
  schemas.AuditLogEntry = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      action_type: { enum: ['Create', 'Update', 'Delete', 'Note'] },
      module: { type: 'string', description: 'The resource (countries, employees, …) or the module a note names' },
      record_id: { type: ['integer', 'null'] },
      performed_by: {
        type: 'object',
        properties: { id: { type: ['integer', 'null'] }, name: { type: 'string' } },
      },
      performed_by_id: { type: ['integer', 'null'], description: 'The account that acted' },
      performed_by_name: { type: 'string' },
      date_time: {
        type: 'string',
        format: 'date-time',
        description: "With the trust's offset (TRUST_TIMEZONE): 2026-11-22T10:30:00.000+05:30",
      },
      details: {
        type: 'object',
        description:
          'Create: { after }; Update: { changes: { field: { before, after } } }; Delete: { before }; Note: { note }. Never a password, token, hash or secret.',
      },
      refers_to_id: { type: ['integer', 'null'], description: 'The entry a note corrects or comments' },
    },
  };
  schemas.AuditLogNote = {
    type: 'object',
    required: ['module', 'note'],
    additionalProperties: false,
    properties: {
      module: { type: 'string', minLength: 1, maxLength: 100 },
      record_id: { type: ['integer', 'null'], minimum: 1 },
      note: { type: 'string', minLength: 1, maxLength: 2000 },
      refers_to_id: { type: ['integer', 'null'], minimum: 1, description: 'An existing entry the caller may view' },
    },
  };
  const auditEntry = { $ref: '#/components/schemas/AuditLogEntry' };
  const appendOnly = (summary: string, allow: string) => ({
    tags: ['Audit Logs'],
    summary,
    responses: { 405: errorResponse(`Entries are never changed or deleted (Allow: ${allow})`) },
  });
  paths['/api/v2/audit-logs'] = {
    get: {
      tags: ['Audit Logs'],
      summary: 'List audit log entries (Activity › Audit Logs › View; Self scope: the entries you performed)',
      parameters: [
        {
          name: 'sort',
          in: 'query',
          schema: { type: 'string' },
          description: 'JSON [field, "ASC"|"DESC"]; fields: id, date_time, action_type, module, performed_by_name',
          example: '["date_time","DESC"]',
        },
        {
          name: 'range',
          in: 'query',
          schema: { type: 'string' },
          description: 'JSON [first, last], zero-based and inclusive; at most 1000 entries',
          example: '[0,2]',
        },
        {
          name: 'filter',
          in: 'query',
          schema: { type: 'string' },
          description:
            'JSON object: action_type, module, record_id, performed_by_id, refers_to_id (exact); date_from and date_to (YYYY-MM-DD, inclusive, days of TRUST_TIMEZONE); "q" searches the module, the performer\'s name and the details; "id" takes one id or a list',
          example: '{"action_type":"Update","date_from":"2026-11-01","date_to":"2026-11-30"}',
        },
      ],
      responses: {
        200: {
          description: 'A page of entries, newest first by default; the total is in Content-Range',
          headers: { 'Content-Range': { schema: { type: 'string' }, example: 'audit-logs 0-2/17' } },
          content: { 'application/json': { schema: { type: 'array', items: auditEntry } } },
        },
        400: errorResponse('A malformed sort, range or filter'),
        401: errorResponse('Not signed in'),
        403: errorResponse('No permission to view audit logs'),
      },
    },
    post: {
      tags: ['Audit Logs'],
      summary: 'Add a note (Activity › Audit Logs › Add); with refers_to_id it corrects or comments an entry',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/AuditLogNote' } } },
      },
      responses: {
        201: { description: 'The note, an entry of its own', content: { 'application/json': { schema: auditEntry } } },
        400: errorResponse('Invalid input, or refers_to_id names no entry you may view'),
        401: errorResponse('Not signed in'),
        403: errorResponse('No permission to add notes'),
      },
    },
    put: appendOnly('Refused: the audit trail is append-only', 'GET, POST'),
    patch: appendOnly('Refused: the audit trail is append-only', 'GET, POST'),
    delete: appendOnly('Refused: the audit trail is append-only', 'GET, POST'),
  };
  paths['/api/v2/audit-logs/{id}'] = {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
    get: {
      tags: ['Audit Logs'],
      summary: 'One audit log entry',
      responses: {
        200: { description: 'The entry', content: { 'application/json': { schema: auditEntry } } },
        404: errorResponse('No such entry, or not one you may view'),
      },
    },
    put: appendOnly('Refused: an entry is never changed; add a note that refers to it', 'GET'),
    patch: appendOnly('Refused: an entry is never changed; add a note that refers to it', 'GET'),
    delete: appendOnly('Refused: an entry is never deleted', 'GET'),
  };

  return {
    openapi: '3.1.0',
    info: { title: 'Trust school back-office API', version: '2' },
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}

/** A query parameter a route reads, as its parse helper validates it. */
export interface QueryDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

/**
 * What a route says of itself for the description (`config.doc`): its summary and tags, the zod schema its body is
 * validated with (or the JSON Schema of the declaration its body is validated against), and the query parameters
 * its parse helpers read. The routes that the declarations describe (above) need none.
 */
export interface RouteDoc {
  summary: string;
  tags?: string[];
  body?: z.ZodType | Record<string, unknown>;
  bodyType?: 'application/json' | 'multipart/form-data';
  /** Further media types the same body is taken as (a public form's `application/x-www-form-urlencoded` post). */
  alsoAs?: string[];
  query?: QueryDoc[];
  /** What the route answers besides 200 and 400, by status (a public form's 201, 303, 429 and 503). */
  responses?: Record<number, string>;
}

/** A registered route, as plugins/app/auth.ts lists them, with its own description. */
export interface DocumentedRoute {
  method: string;
  url: string;
  access: 'public' | 'signedIn' | 'adminOnly' | 'permission';
  permission?: { feature: string; subFeature: string; capability: string } | undefined;
  doc?: RouteDoc | undefined;
}

const jsonSchemaOf = (schema: z.ZodType | Record<string, unknown>) => {
  if (!(schema instanceof z.ZodType)) return schema;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
};

/** Who may call a route, in words: the description says it for every operation. */
function accessNote(route: DocumentedRoute): string {
  switch (route.access) {
    case 'public':
      return 'Anyone may call it.';
    case 'signedIn':
      return 'Any signed-in account.';
    case 'adminOnly':
      return 'Admins only.';
    default:
      return `Needs ${route.permission!.feature} › ${route.permission!.subFeature} › ${route.permission!.capability}.`;
  }
}

/**
 * Adds to `document` every registered route that it does not describe yet (the /api/v1 contract, the session, the
 * dashboard…), from the route's own configuration: its access, its path parameters, and `config.doc`'s schemas,
 * which are the ones its handler validates with. Called once the routes are registered, so that no route can be
 * missing from the description (tests/server/openapi.test.ts holds that).
 */
export function documentRoutes(document: Record<string, unknown>, routes: DocumentedRoute[]): void {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const method = route.method.toLowerCase();
    const item = (paths[path] ??= {});
    if (item[method]) continue;
    const doc = route.doc;
    const pathParams = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    }));
    const queryParams = (doc?.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      required: false,
      description: q.description,
      schema: q.schema,
    }));
    const parameters = [...(item.parameters ? [] : pathParams), ...queryParams];
    item[method] = {
      tags: doc?.tags ?? [route.url.startsWith('/api/v1/') ? 'Contract /api/v1' : 'System'],
      summary: doc?.summary ?? `${route.method} ${route.url}`,
      description: accessNote(route),
      ...(route.access === 'public' ? { security: [] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(doc?.body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                [doc.bodyType ?? 'application/json', ...(doc.alsoAs ?? [])].map((type) => [
                  type,
                  { schema: jsonSchemaOf(doc.body!) },
                ]),
              ),
            },
          }
        : {}),
      responses: {
        200: { description: 'Done; the answer is JSON' },
        400: errorResponse('Invalid input'),
        ...(route.access === 'public'
          ? {}
          : { 401: errorResponse('Not signed in'), 403: errorResponse('Not allowed') }),
        ...Object.fromEntries(
          Object.entries(doc?.responses ?? {}).map(([status, description]) => [
            status,
            Number(status) >= 400 ? errorResponse(description) : { description },
          ]),
        ),
      },
    };
  }
}
