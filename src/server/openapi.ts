/**
 * The OpenAPI description of the API, derived from the resource declarations (the same schemas that validate
 * requests) plus the hand-written /api/v1 sign-in routes.
 */
import { z } from 'zod';
import { apiPath, resources, sortableFields } from '../resources/index.ts';
import { recordSchema } from '../resources/validation.ts';

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

export function buildOpenApi(): Record<string, unknown> {
  const schemas: Record<string, unknown> = { Error: errorSchema };
  const paths: Record<string, unknown> = {};

  for (const resource of resources) {
    const name = resource.label.one.replace(/\s+/g, '');
    const input = z.toJSONSchema(recordSchema(resource), { io: 'input', unrepresentable: 'any' });
    delete (input as { $schema?: string }).$schema;
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
        ],
        responses: {
          200: {
            description: 'A page of records; the total is in Content-Range',
            headers: { 'Content-Range': { schema: { type: 'string' }, example: `${apiPath(resource)} 0-24/317` } },
            content: { 'application/json': { schema: { type: 'array', items: ref } } },
          },
          400: errorResponse('A malformed sort, range or filter'),
          401: errorResponse('Not signed in'),
        },
      },
      post: {
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
      delete: {
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
  paths['/api/v1/login'] = {
    post: {
      tags: ['Sign-in'],
      summary: 'Sign in',
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['email', 'password'],
              properties: {
                email: { type: 'string' },
                password: { type: 'string' },
                userType: { enum: ['Admin', 'Employee'] },
              },
            },
          },
        },
      },
      responses: {
        200: { description: '{ success: true, message, user: { token, id, name, email, userType } }' },
        400: errorResponse('Email or password missing'),
        401: errorResponse('Wrong email or password'),
      },
    },
  };
  paths['/api/v1/logout'] = {
    post: {
      tags: ['Sign-in'],
      summary: 'End this session',
      responses: { 200: { description: '{ success: true, message }' } },
    },
  };
  paths['/api/v1/forgotPassword'] = {
    post: {
      tags: ['Sign-in'],
      summary: 'Ask for a password reset link',
      security: [],
      responses: {
        200: { description: '{ success: true, message }, whether or not the address has an account' },
        400: errorResponse('Missing or malformed email'),
      },
    },
  };
  paths['/api/v2/session'] = {
    get: { tags: ['Sign-in'], summary: 'The signed-in account', responses: { 200: { description: 'The account' } } },
  };
  paths['/api/v2/dashboard'] = {
    get: {
      tags: ['Dashboard'],
      summary: 'Dashboard figures',
      responses: { 200: { description: 'Cards and the monthly donation totals' } },
    },
  };

  return {
    openapi: '3.1.0',
    info: { title: 'Trust school back-office API', version: '2' },
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
