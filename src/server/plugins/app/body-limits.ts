/**
 * How large a body each route takes. Fastify's default is 1 MB for every route; a route whose fields are small
 * takes what its fields can hold and no more, so that a larger body is refused 413 from its Content-Length, before
 * it is read, parsed or validated (one request used to hold the event loop for seconds; docs/performance.md, "Hostile
 * input").
 *
 * A route's limit comes, in this order, from its own `bodyLimit`; from the body it documents (`config.doc.body`,
 * the schema its handler validates with: each string's maxLength, each list's maxItems); from the declaration of the
 * resource whose permission it asks (its fields' lengths); and otherwise, for a route that takes no body or a few
 * fields without a schema, NO_BODY_LIMIT. Multipart uploads keep their own limits (plugins/external/multipart.ts).
 * A character is counted at the most a client may spend on it (`\uXXXX` in JSON, `%XX%XX%XX` in a form post), so
 * that every value a route accepts fits, however it is written.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  resources,
  type FieldDeclaration,
  type ItemFieldDeclaration,
  type ResourceDeclaration,
} from '../../../resources/index.ts';
import { everyPermission, type PermissionKey } from '../../../resources/permissions.ts';
import { TEXT_MAX_LENGTH } from '../../../resources/validation.ts';

/** Fastify's own default, kept for routes whose body has no bound (none should: the tests list them). */
export const BODY_LIMIT_MAX = 1024 * 1024;
/** A route that documents no body: sign-out, a retry, a deletion. */
export const NO_BODY_LIMIT = 16 * 1024;
/** The bytes a character may take: `\u0915` in JSON, `%E0%A4%95` in a form post. */
export const JSON_BYTES_PER_CHAR = 6;
export const FORM_BYTES_PER_CHAR = 9;
/** Keys, punctuation and white space a client may add around the values. */
const SLACK = 2 * 1024;
/** A web address (media.ts: isWebAddress) and a stored upload's path. */
const URL_CHARS = 2000;
const UPLOAD_PATH_CHARS = 64;
/** A password of a user created by an Admin (the one write-only field). */
const WRITE_ONLY_CHARS = 1024;
/** What ra-data-simple-rest sends back with a record besides its fields: id, created_at, updated_at, created_by. */
const RECORD_EXTRAS = 256;

/** A limit in whole KB, between NO_BODY_LIMIT and BODY_LIMIT_MAX, from the bytes the values may take. */
export function limitOf(bytes: number): number {
  if (!Number.isFinite(bytes)) return BODY_LIMIT_MAX;
  return Math.min(BODY_LIMIT_MAX, Math.max(NO_BODY_LIMIT, Math.ceil((bytes + SLACK) / 1024) * 1024));
}

type JsonSchema = Record<string, unknown>;

/** The most bytes a value of `schema` takes as JSON (Infinity when it names no bound). */
export function schemaBytes(schema: unknown, perChar = JSON_BYTES_PER_CHAR): number {
  if (schema === true || schema === undefined) return Infinity;
  if (!schema || typeof schema !== 'object') return 0;
  const s = schema as JsonSchema;
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (alternatives) return Math.max(...alternatives.map((one) => schemaBytes(one, perChar)));
  if (s.const !== undefined) return JSON.stringify(s.const).length * perChar;
  if (Array.isArray(s.enum)) return Math.max(...s.enum.map((v) => JSON.stringify(v).length)) * perChar;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  return Math.max(
    ...types.map((type) => {
      switch (type) {
        case 'string':
          return typeof s.maxLength === 'number' ? (s.maxLength + 2) * perChar : Infinity;
        case 'number':
        case 'integer':
          return 24;
        case 'boolean':
        case 'null':
          return 5;
        case 'array': {
          const items = schemaBytes(s.items, perChar);
          return typeof s.maxItems === 'number' ? 2 + s.maxItems * (items + 1) : Infinity;
        }
        case 'object': {
          if (s.additionalProperties !== undefined && s.additionalProperties !== false) return Infinity;
          const properties = Object.entries((s.properties ?? {}) as Record<string, unknown>);
          return (
            2 +
            properties.reduce((sum, [key, value]) => sum + (key.length + 4) * perChar + schemaBytes(value, perChar), 0)
          );
        }
        default:
          return Infinity;
      }
    }),
  );
}

/** The most characters of one field's value as a client sends it (its JSON text, before escaping). */
function fieldChars(decl: FieldDeclaration | ItemFieldDeclaration): number {
  switch (decl.kind) {
    case 'text':
      return (decl.maxLength ?? TEXT_MAX_LENGTH) + 2;
    case 'richText':
      return (decl.maxLength ?? 100_000) + 2;
    case 'enum':
      return Math.max(...decl.values.map((v) => v.length)) + 2;
    case 'url':
      return URL_CHARS + 2;
    case 'image': {
      const one = (decl.allowUrl ? URL_CHARS : UPLOAD_PATH_CHARS) + 3;
      return decl.multiple ? 2 + (decl.maxItems ?? 20) * one : one;
    }
    case 'file':
      return (decl.allowUrl ? URL_CHARS : UPLOAD_PATH_CHARS) + 2;
    case 'items': {
      const item = Object.entries(decl.fields).reduce((sum, [key, f]) => sum + key.length + 4 + fieldChars(f), 2);
      return 2 + (decl.maxItems ?? 50) * (item + 1);
    }
    case 'permissions':
      // Every capability of the catalogue named, twice over for white space.
      return 2 * JSON.stringify(everyPermission()).length;
    case 'date':
      return 12;
    case 'datetime':
      return 40;
    default:
      // reference, integer, boolean
      return 24;
  }
}

const declaredLimits = new WeakMap<ResourceDeclaration, number>();

/** The body limit of a write of `resource`: every field (read-only ones too, as a client may send them back) at its limit. */
export function declaredBodyLimit(resource: ResourceDeclaration): number {
  let limit = declaredLimits.get(resource);
  if (limit === undefined) {
    const fields = Object.entries(resource.fields).reduce(
      (sum, [key, decl]) => sum + key.length + 4 + fieldChars(decl),
      0,
    );
    const writeOnly = (resource.writeOnly ?? []).reduce((sum, key) => sum + key.length + 4 + WRITE_ONLY_CHARS, 0);
    limit = limitOf((fields + writeOnly + RECORD_EXTRAS) * JSON_BYTES_PER_CHAR);
    declaredLimits.set(resource, limit);
  }
  return limit;
}

/** The body limit of a documented body (a zod schema or a JSON Schema), taken as JSON or, with `perChar`, a form. */
export function documentedBodyLimit(body: z.ZodType | JsonSchema, perChar = JSON_BYTES_PER_CHAR): number {
  const schema = body instanceof z.ZodType ? z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) : body;
  return limitOf(schemaBytes(schema, perChar));
}

/** The resources a permission belongs to (the largest limit wins where several share one). */
function resourcesOf(key: PermissionKey): ResourceDeclaration[] {
  return resources.filter((r) => r.permission.feature === key.feature && r.permission.subFeature === key.subFeature);
}

/** The limit a route gets when it names none itself. */
export function routeBodyLimit(route: Pick<RouteOptions, 'config'>): number | undefined {
  const config = (route.config ?? {}) as {
    multipart?: boolean;
    doc?: { body?: z.ZodType | JsonSchema; alsoAs?: string[] };
    permission?: PermissionKey;
  };
  if (config.multipart) return undefined;
  const declared = config.permission ? resourcesOf(config.permission) : [];
  const body = config.doc?.body;
  if (body) {
    const form = config.doc?.alsoAs?.includes('application/x-www-form-urlencoded');
    const documented = documentedBodyLimit(body, form ? FORM_BYTES_PER_CHAR : JSON_BYTES_PER_CHAR);
    // A body documented from a declaration whose schema names no bound (a permission matrix): the declaration's.
    if (documented < BODY_LIMIT_MAX || declared.length === 0) return documented;
  }
  if (declared.length > 0) return Math.max(...declared.map(declaredBodyLimit));
  return NO_BODY_LIMIT;
}

const limitsOf = new WeakMap<FastifyInstance, Map<string, number>>();

/** The body limit of a registered route (`POST /api/v2/countries`), for the tests; undefined: Fastify's default. */
export function bodyLimitOf(app: FastifyInstance, method: string, url: string): number | undefined {
  return limitsOf.get(app)?.get(`${method} ${url}`);
}

export function registerBodyLimits(app: FastifyInstance): void {
  const limits = new Map<string, number>();
  limitsOf.set(app, limits);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    if (route.bodyLimit === undefined) route.bodyLimit = routeBodyLimit(route);
    if (route.bodyLimit !== undefined)
      for (const method of methods) limits.set(`${method} ${route.url}`, route.bodyLimit);
  });
}
