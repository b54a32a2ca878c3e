/**
 * The spec's /api/v1 contract is an adapter over the same services as /api/v2: these helpers translate its
 * paging (`page`, `limit`), its camelCase field names and its answer shapes.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../../../../resources/index.ts';
import { recordSchema } from '../../../../resources/validation.ts';
import type { QueryDoc } from '../../../openapi.ts';
import { AppError, badRequest } from '../../../errors.ts';
import { MAX_PAGE, type ListQuery } from '../../../services/list-query.ts';
import { INTERNAL, type RecordRow, type RecordService } from '../../../services/records.ts';

export const MAX_LIMIT = 100;

export interface Paging {
  page: number;
  limit: number;
}

function positiveInteger(raw: unknown, name: string, max?: number): number {
  const text = Array.isArray(raw) ? undefined : typeof raw === 'string' ? raw.trim() : undefined;
  const value = text !== undefined && /^[0-9]{1,9}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(value) || value < 1 || (max !== undefined && value > max)) {
    throw badRequest(
      max === undefined
        ? `${name} must be a whole number of at least 1.`
        : `${name} must be a whole number from 1 to ${max}.`,
    );
  }
  return value;
}

/** `page` and `limit` from the query: both absent means every record (dropdowns); one alone takes a default. */
export function parsePaging(query: Record<string, unknown>, defaultLimit = 10): Paging | undefined {
  if (query.page === undefined && query.limit === undefined) return undefined;
  return {
    page: query.page === undefined ? 1 : positiveInteger(query.page, 'page'),
    limit: query.limit === undefined ? defaultLimit : positiveInteger(query.limit, 'limit', MAX_LIMIT),
  };
}

/** A ListQuery for one v1 page (or every record, up to the API's page limit, without paging). */
export function listQuery(
  paging: Paging | undefined,
  options: Partial<Pick<ListQuery, 'q' | 'where' | 'sort'>> = {},
): ListQuery {
  const range = paging
    ? { start: (paging.page - 1) * paging.limit, end: paging.page * paging.limit - 1 }
    : { start: 0, end: MAX_PAGE - 1 };
  return {
    sort: options.sort ?? { field: 'id', order: 'ASC' },
    range,
    where: options.where ?? {},
    ...(options.q ? { q: options.q } : {}),
  };
}

/** The `data` of a paged v1 answer: the rows under `key`, with the page counts. */
export function pageOf<T>(key: string, rows: T[], total: number, paging: Paging | undefined) {
  const limit = paging?.limit ?? Math.max(total, 1);
  return {
    [key]: rows,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    currentPage: paging?.page ?? 1,
    totalItems: total,
  };
}

/** A text query parameter, trimmed; absent or blank gives undefined. */
export function textParam(query: Record<string, unknown>, name: string, max = 200): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`${name} must be given once, as text.`);
  const value = raw.trim();
  if (value.length > max) throw badRequest(`${name} is too long (at most ${max} characters).`);
  return value === '' ? undefined : value;
}

/** The query parameters `parsePaging` reads, for the API description. */
export const pagingDoc = (defaultLimit: number): QueryDoc[] => [
  {
    name: 'page',
    description: 'Page number, from 1 (with limit: pages; both absent: every record)',
    schema: { type: 'integer', minimum: 1 },
  },
  {
    name: 'limit',
    description: `Records a page, 1 to ${MAX_LIMIT} (default ${defaultLimit})`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
  },
];

/** A text query parameter as `textParam` reads it, for the API description. */
export const textDoc = (name: string, description: string, max = 200): QueryDoc => ({
  name,
  description,
  schema: { type: 'string', maxLength: max },
});

/** Field-name translation between the contract's camelCase and the declaration's snake_case. */
export class FieldMap {
  private readonly toV1Names: Record<string, string>;
  private readonly fromV1Names: Record<string, string>;

  constructor(v1ToDeclared: Record<string, string>) {
    this.fromV1Names = v1ToDeclared;
    this.toV1Names = Object.fromEntries(Object.entries(v1ToDeclared).map(([v1, declared]) => [declared, v1]));
  }

  /**
   * The JSON Schema of a v1 body: the declaration's own schema (what the record service validates the translated
   * body with), under the contract's field names.
   */
  bodySchema(resource: ResourceDeclaration): Record<string, unknown> {
    const declared = z.toJSONSchema(recordSchema(resource), { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const properties: Record<string, unknown> = {};
    for (const [v1, name] of Object.entries(this.fromV1Names)) {
      if (declared.properties?.[name]) properties[v1] = declared.properties[name];
    }
    const required = (declared.required ?? []).map((name) => this.toV1Names[name]).filter((n): n is string => !!n);
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  }

  /** The declared fields of a v1 body; fields the contract does not name are left out. */
  fromV1(body: unknown): Record<string, unknown> {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const result: Record<string, unknown> = {};
    for (const [v1, declared] of Object.entries(this.fromV1Names)) {
      if (v1 in body) result[declared] = (body as Record<string, unknown>)[v1];
    }
    return result;
  }

  /** An error whose field names are the contract's. */
  translateError(error: unknown): unknown {
    if (!(error instanceof AppError) || !error.errors) return error;
    return new AppError(
      error.code,
      error.message,
      error.errors.map((e) => ({ ...e, field: this.toV1Names[e.field] ?? e.field })),
    );
  }
}

/** Runs a write and answers its errors with the contract's field names. */
export async function withV1Fields<T>(map: FieldMap, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw map.translateError(error);
  }
}

export const created = (resource: ResourceDeclaration) => `${resource.label.one} created successfully.`;
export const updated = (resource: ResourceDeclaration) => `${resource.label.one} updated successfully.`;
export const deleted = (resource: ResourceDeclaration) => `${resource.label.one} deleted successfully.`;

/** Records of `resource` by id, in one statement (for the objects the contract nests in its rows). */
export async function recordsById(
  records: RecordService,
  resource: ResourceDeclaration,
  ids: unknown[],
): Promise<Map<number, RecordRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const { rows } = await records.list(INTERNAL, resource, { ...listQuery(undefined), ids: wanted });
  return new Map(rows.map((row) => [row.id, row]));
}
