/**
 * Parses the ra-data-simple-rest list parameters (`sort`, `range`, `filter`, each JSON in the query string)
 * against a resource's declaration. Everything a client may name is checked against the declaration, so no
 * client text ever becomes SQL beyond a bound parameter.
 */
import {
  filterableFields,
  sortableFields,
  type FieldDeclaration,
  type ResourceDeclaration,
} from '../../resources/index.ts';
import { fieldSchema } from '../../resources/validation.ts';
import { badRequest } from '../errors.ts';

export const MAX_PAGE = 1000;

export type FilterValue = string | number | boolean | null;

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  q?: string;
  ids?: number[];
  /** field → exact value, or any of several values. */
  where: Record<string, FilterValue | FilterValue[]>;
  /** field → instants it lies within: from (inclusive) and to (exclusive). */
  ranges?: Record<string, { from?: Date; to?: Date }>;
}

function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`The ${name} parameter must be given once.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON.`);
  }
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

function parseFilterValue(field: string, decl: FieldDeclaration, value: unknown): FilterValue {
  if (value === null) return null;
  const schema = fieldSchema({ ...decl, required: true, pattern: undefined, minLength: undefined } as FieldDeclaration);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw badRequest(`The filter on ${field}: ${result.error.issues[0]?.message ?? 'not a valid value.'}`);
  }
  return result.data as FilterValue;
}

export function parseListQuery(resource: ResourceDeclaration, query: Record<string, unknown>): ListQuery {
  const known = new Set(['sort', 'range', 'filter']);
  for (const key of Object.keys(query)) {
    if (!known.has(key)) throw badRequest(`Unknown query parameter "${key}". Use sort, range and filter.`);
  }

  let sort: ListQuery['sort'] = { ...resource.list.sort };
  const rawSort = parseJson(query.sort, 'sort');
  if (rawSort !== undefined) {
    if (
      !Array.isArray(rawSort) ||
      rawSort.length !== 2 ||
      typeof rawSort[0] !== 'string' ||
      typeof rawSort[1] !== 'string'
    ) {
      throw badRequest('The sort parameter must look like ["name","ASC"].');
    }
    const [field, order] = rawSort as [string, string];
    if (!sortableFields(resource).includes(field)) {
      throw badRequest(`Cannot sort ${resource.label.many.toLowerCase()} by "${field}".`);
    }
    const upper = order.toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') throw badRequest('The sort order must be ASC or DESC.');
    sort = { field, order: upper };
  }

  let range = { start: 0, end: MAX_PAGE - 1 };
  const rawRange = parseJson(query.range, 'range');
  if (rawRange !== undefined) {
    if (
      !Array.isArray(rawRange) ||
      rawRange.length !== 2 ||
      !rawRange.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 2_147_483_647)
    ) {
      throw badRequest('The range parameter must look like [0,24]: two whole numbers, first to last.');
    }
    const [start, end] = rawRange as [number, number];
    if (end < start) throw badRequest('The range must end at or after its start.');
    if (end - start + 1 > MAX_PAGE) throw badRequest(`A page holds at most ${MAX_PAGE} records.`);
    range = { start, end };
  }

  const result: ListQuery = { sort, range, where: {} };
  const rawFilter = parseJson(query.filter, 'filter');
  if (rawFilter !== undefined) {
    if (rawFilter === null || typeof rawFilter !== 'object' || Array.isArray(rawFilter)) {
      throw badRequest('The filter parameter must be a JSON object, such as {"q":"text"}.');
    }
    const filterable = new Set(filterableFields(resource));
    for (const [key, value] of Object.entries(rawFilter as Record<string, unknown>)) {
      if (key === 'q') {
        if (typeof value !== 'string') throw badRequest('The search text (q) must be a string.');
        if (value.length > 200) throw badRequest('The search text is too long (at most 200 characters).');
        if (value.trim() !== '') result.q = value.trim();
        continue;
      }
      if (key === 'id') {
        const ids = Array.isArray(value) ? value : [value];
        if (ids.length > MAX_PAGE || !ids.every(isId)) {
          throw badRequest(`The id filter must be a record id or a list of at most ${MAX_PAGE} ids.`);
        }
        result.ids = ids;
        continue;
      }
      const decl = resource.fields[key];
      if (!decl || !(filterable.has(key) || decl.kind === 'text')) {
        throw badRequest(`Cannot filter ${resource.label.many.toLowerCase()} by "${key}".`);
      }
      if (Array.isArray(value)) {
        if (value.length === 0 || value.length > MAX_PAGE) {
          throw badRequest(`The filter on ${key} must list between 1 and ${MAX_PAGE} values.`);
        }
        result.where[key] = value.map((item) => parseFilterValue(key, decl, item));
      } else {
        result.where[key] = parseFilterValue(key, decl, value);
      }
    }
  }
  return result;
}
