/**
 * Parses the ra-data-simple-rest list parameters (`sort`, `range`, `filter`, each JSON in the query string)
 * against what a list accepts: a resource's declaration (`parseListQuery`), or the shape of a table of the
 * server's own (`parseList`, the audit trail). Everything a client may name is checked, so no client text ever
 * becomes SQL beyond a bound parameter; `filterConditions` turns the parsed filters into SQL conditions.
 */
import { eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  isFilterable,
  recordFields,
  sortableFields,
  type FieldDeclaration,
  type ResourceDeclaration,
} from '../../resources/index.ts';
import { fieldSchema, isCalendarDay } from '../../resources/validation.ts';
import { badRequest } from '../errors.ts';
import { jsonQueryParam } from '../plugins/app/input-text.ts';
import { startOfDay, startOfNextDay } from './calendar.ts';

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
  /**
   * The fields each record of the page carries (the id always), in the record's own order; all of them when
   * absent. A list that shows a few columns leaves out the long text it does not show (`fields=["id","title"]`).
   */
  fields?: string[];
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

/** What a list accepts: its sort keys, its exact filters, and optionally a range of calendar days. */
export interface ListShape {
  /** What the list holds, in messages: "Cannot sort countries by …". */
  many: string;
  defaultSort: ListQuery['sort'];
  sortable: readonly string[];
  /** Fields a filter may name, each matched exactly, with the declaration that checks its values. */
  filters: Readonly<Record<string, FieldDeclaration>>;
  /** The fields of a record, in order, when the list may be asked for some of them (`fields`). */
  fields?: readonly string[];
  /**
   * Two filter keys naming calendar days (`YYYY-MM-DD`, inclusive) of a time zone, which bound an instant field:
   * `{"date_from":"2026-11-01","date_to":"2026-11-03"}` → from the start of 1 November to the start of 4 November.
   */
  days?: { field: string; from: string; to: string; timeZone: string };
}

const listShapes = new WeakMap<ResourceDeclaration, ListShape>();

/** A declared resource's list: its sortable fields, and its filterable and text fields as exact filters. */
export function listShapeOf(resource: ResourceDeclaration): ListShape {
  let shape = listShapes.get(resource);
  if (!shape) {
    shape = shapeOfResource(resource);
    listShapes.set(resource, shape);
  }
  return shape;
}

function shapeOfResource(resource: ResourceDeclaration): ListShape {
  return {
    many: resource.label.many.toLowerCase(),
    defaultSort: resource.list.sort,
    sortable: sortableFields(resource),
    filters: Object.fromEntries(
      Object.entries(resource.fields).filter(([, decl]) => isFilterable(decl) || decl.kind === 'text'),
    ),
    fields: recordFields(resource),
  };
}

/**
 * A declared resource's list parameters. A list with a `dateRange` takes `<field>_gte` and `<field>_lte`, calendar
 * days of `timeZone` (the trust's), both inclusive.
 */
export function parseListQuery(
  resource: ResourceDeclaration,
  query: Record<string, unknown>,
  timeZone = 'Asia/Kolkata',
): ListQuery {
  const shape = listShapeOf(resource);
  const field = resource.list.dateRange;
  if (!field) return parseList(shape, query);
  return parseList({ ...shape, days: { field, from: `${field}_gte`, to: `${field}_lte`, timeZone } }, query);
}

function parseDay(name: string, value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDay(value)) throw badRequest(`${name} must be a date (YYYY-MM-DD).`);
  return value;
}

export function parseList(shape: ListShape, query: Record<string, unknown>): ListQuery {
  const known = new Set(shape.fields ? ['sort', 'range', 'filter', 'fields'] : ['sort', 'range', 'filter']);
  for (const key of Object.keys(query)) {
    if (!known.has(key))
      throw badRequest(
        `Unknown query parameter "${key}". Use ${shape.fields ? 'sort, range, filter and fields' : 'sort, range and filter'}.`,
      );
  }

  let sort: ListQuery['sort'] = { ...shape.defaultSort };
  const rawSort = jsonQueryParam(query, 'sort');
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
    if (!shape.sortable.includes(field)) {
      throw badRequest(`Cannot sort ${shape.many} by "${field}".`);
    }
    const upper = order.toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') throw badRequest('The sort order must be ASC or DESC.');
    sort = { field, order: upper };
  }

  let range = { start: 0, end: MAX_PAGE - 1 };
  const rawRange = jsonQueryParam(query, 'range');
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
  if (shape.fields) {
    const fields = parseFields(shape.fields, jsonQueryParam(query, 'fields'), shape.many);
    if (fields) result.fields = fields;
  }
  const rawFilter = jsonQueryParam(query, 'filter');
  if (rawFilter !== undefined) {
    if (rawFilter === null || typeof rawFilter !== 'object' || Array.isArray(rawFilter)) {
      throw badRequest('The filter parameter must be a JSON object, such as {"q":"text"}.');
    }
    const days: { from?: string; to?: string } = {};
    for (const [key, value] of Object.entries(rawFilter as Record<string, unknown>)) {
      if (shape.days && (key === shape.days.from || key === shape.days.to)) {
        if (value !== null && value !== '') days[key === shape.days.from ? 'from' : 'to'] = parseDay(key, value);
        continue;
      }
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
      const decl = Object.hasOwn(shape.filters, key) ? shape.filters[key] : undefined;
      if (!decl) throw badRequest(`Cannot filter ${shape.many} by "${key}".`);
      if (Array.isArray(value)) {
        if (value.length === 0 || value.length > MAX_PAGE) {
          throw badRequest(`The filter on ${key} must list between 1 and ${MAX_PAGE} values.`);
        }
        result.where[key] = value.map((item) => parseFilterValue(key, decl, item));
      } else {
        result.where[key] = parseFilterValue(key, decl, value);
      }
    }
    if (shape.days && (days.from || days.to)) {
      const { field, from, to, timeZone } = shape.days;
      if (days.from && days.to && days.from > days.to) throw badRequest(`${from} must not be after ${to}.`);
      result.ranges = {
        [field]: {
          ...(days.from ? { from: startOfDay(days.from, timeZone) } : {}),
          ...(days.to ? { to: startOfNextDay(days.to, timeZone) } : {}),
        },
      };
    }
  }
  return result;
}

/** The `fields` parameter: a JSON array of a record's field names, given back in the record's order, id first. */
function parseFields(all: readonly string[], raw: unknown, many: string): string[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((name) => typeof name === 'string')) {
    throw badRequest('The fields parameter must be a JSON array of field names, such as ["id","title"].');
  }
  for (const name of raw as string[]) {
    if (!all.includes(name)) throw badRequest(`The ${many} have no field "${name}". Their fields: ${all.join(', ')}.`);
  }
  const asked = new Set<string>(['id', ...(raw as string[])]);
  // Every field asked for is the whole record: the statement of the whole record serves it.
  return asked.size === all.length ? undefined : all.filter((name) => asked.has(name));
}

/** `%text%` for ILIKE, with `%`, `_` and `\` taken literally. */
export function searchPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How a filter value enters the SQL: as itself (a bound parameter), or as a named placeholder whose value
 * `filterValues` gives, so that a statement built once serves every query of the same shape.
 */
type Bind = (name: string, value: unknown) => unknown;
const asValue: Bind = (_name, value) => value;
export const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** The SQL conditions of a parsed query's ids, exact filters and ranges, on the columns `columnOf` names. */
export function filterConditions(
  query: ListQuery,
  columnOf: (field: string) => AnyPgColumn,
  bind: Bind = asValue,
): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.ids) {
    // Bound as one array: a statement of one shape for any number of ids.
    conditions.push(
      bind === asValue ? inArray(columnOf('id'), query.ids) : sql`${columnOf('id')} = any(${bind('ids', query.ids)})`,
    );
  }
  for (const [field, value] of Object.entries(query.where)) {
    const column = columnOf(field);
    if (Array.isArray(value)) {
      const present = value.filter((v) => v !== null);
      const parts = [
        present.length > 0
          ? inArray(
              column,
              present.map((v, i) => bind(`w:${field}:${i}`, v)),
            )
          : undefined,
      ];
      if (present.length !== value.length) parts.push(isNull(column));
      conditions.push(or(...parts));
    } else {
      conditions.push(value === null ? isNull(column) : eq(column, bind(`w:${field}`, value)));
    }
  }
  for (const [field, { from, to }] of Object.entries(query.ranges ?? {})) {
    if (from) conditions.push(gte(columnOf(field), bind(`from:${field}`, from)));
    if (to) conditions.push(lt(columnOf(field), bind(`to:${field}`, to)));
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** The values of the placeholders of `filterConditions(query, …, asPlaceholder)`, by name. */
export function filterValues(query: ListQuery, values: Record<string, unknown>): void {
  if (query.ids) values.ids = query.ids;
  for (const [field, value] of Object.entries(query.where)) {
    if (Array.isArray(value)) value.filter((v) => v !== null).forEach((v, i) => (values[`w:${field}:${i}`] = v));
    else if (value !== null) values[`w:${field}`] = value;
  }
  for (const [field, { from, to }] of Object.entries(query.ranges ?? {})) {
    // As ISO text: a placeholder's value reaches the driver without the column's own conversion.
    if (from) values[`from:${field}`] = from.toISOString();
    if (to) values[`to:${field}`] = to.toISOString();
  }
}

/**
 * What decides the text of the statement `filterConditions` builds, values aside: which filters, which of them
 * are empty (IS NULL), and how many values each list holds.
 */
export function filterShape(query: ListQuery): unknown[] {
  return [
    query.ids !== undefined,
    Object.entries(query.where).map(([field, value]) =>
      Array.isArray(value)
        ? [field, value.filter((v) => v !== null).length, value.includes(null)]
        : [field, value === null],
    ),
    Object.entries(query.ranges ?? {}).map(([field, { from, to }]) => [field, Boolean(from), Boolean(to)]),
  ];
}
