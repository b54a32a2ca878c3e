/**
 * The memory provider: ra-data-fakerest holding records in the browser, for the demo mode (no server at all)
 * and for fast component tests. Never for real data.
 *
 * For declared resources it answers as the server does, so that a screen behaves the same on both: the `q`
 * search covers the declared searchable text fields only, filters and sort keys are checked against the
 * declaration, writes are validated with `validateRecord` (same sentences), unique fields and references are
 * checked, a referenced row cannot be deleted, and rows carry `created_at` / `updated_at`. Its errors are the
 * same `HttpError`s the REST provider raises from the server's error bodies. Lists of `legacy-v1` resources
 * carry what the /api/v1 lists add (a department's `designation_count`, a designation's `department_name`;
 * see LEGACY_RESOURCES), so that their screens read the same fields in demo mode as on the server.
 *
 * The conflict and reference sentences repeat the server's (src/server/services/db-errors.ts and records.ts),
 * which the admin may not import; both are built from the declaration's labels.
 */
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider, HttpError, Identifier, RaRecord } from 'react-admin';
import type { DemoRecord } from '../../resources/demo-data.ts';
import {
  SYSTEM_FIELDS,
  findResource,
  isFilterable,
  referrersOf,
  resources,
  searchableFields,
  SINGLETON_ID,
  sortableFields,
  type ResourceDeclaration,
} from '../../resources/index.ts';
import { recordMessages } from '../../resources/messages.ts';
import { defaultValue, validateRecord, type FieldError } from '../../resources/validation.ts';
import { toHttpError } from './http-client.ts';
import { LEGACY_RESOURCES, legacyListExtras } from './legacy-v1.ts';

export type MemoryData = Record<string, DemoRecord[]>;

export interface MemoryProviderOptions {
  /** The clock of `created_at` / `updated_at` on writes. */
  now?: () => Date;
}

type Row = RaRecord & Record<string, unknown>;
type Predicate = (row: Row) => boolean;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sample rows get fixed, distinct creation times so that lists sorted by them are stable. */
const SAMPLE_EPOCH = Date.UTC(2025, 0, 1, 9, 0, 0);

/** The records with `created_at` / `updated_at` where they have none (a day apart by id). */
export function withTimestamps(data: MemoryData): MemoryData {
  const result: MemoryData = {};
  for (const [name, rows] of Object.entries(data)) {
    result[name] = rows.map((row) => {
      const stamp = new Date(SAMPLE_EPOCH + Number(row.id) * DAY_MS).toISOString();
      const created = typeof row.created_at === 'string' ? row.created_at : stamp;
      return { ...row, created_at: created, updated_at: typeof row.updated_at === 'string' ? row.updated_at : created };
    });
  }
  return result;
}

const badRequest = (message: string, errors?: FieldError[]): HttpError =>
  toHttpError(400, 'Bad Request', { success: false, message, code: 'BAD_REQUEST', ...(errors ? { errors } : {}) });
const validationFailed = (errors: FieldError[]): HttpError =>
  toHttpError(400, 'Bad Request', {
    success: false,
    message: errors[0]?.message ?? 'The request is not valid.',
    code: 'VALIDATION_FAILED',
    errors,
  });
const conflict = (message: string, errors?: FieldError[]): HttpError =>
  toHttpError(409, 'Conflict', { success: false, message, code: 'CONFLICT', ...(errors ? { errors } : {}) });
const notFound = (resource: ResourceDeclaration): HttpError =>
  toHttpError(404, 'Not Found', { success: false, message: recordMessages.notFound(resource), code: 'NOT_FOUND' });

function sameValue(stored: unknown, wanted: unknown): boolean {
  if (stored == null || wanted == null) return stored == null && wanted == null;
  return String(stored) === String(wanted);
}

/** The same text but for letter case and surrounding spaces (a field `uniqueIgnoringCase`, as the server's index). */
function sameText(stored: unknown, wanted: unknown): boolean {
  if (stored == null || wanted == null) return stored == null && wanted == null;
  return String(stored).trim().toLowerCase() === String(wanted).trim().toLowerCase();
}

/** The server's filter semantics: `q` over searchable text, `id` as one id or a list, declared fields exactly. */
function predicateOf(resource: ResourceDeclaration, filter: Record<string, unknown> | undefined): Predicate {
  const tests: Predicate[] = [];
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined) continue;
    if (key === 'q') {
      if (typeof value !== 'string') throw badRequest('The search text (q) must be a string.');
      const needle = value.trim().toLowerCase();
      if (needle === '') continue;
      const fields = searchableFields(resource);
      tests.push((row) => fields.some((f) => typeof row[f] === 'string' && row[f].toLowerCase().includes(needle)));
      continue;
    }
    if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(String);
      tests.push((row) => ids.includes(String(row.id)));
      continue;
    }
    if ((key === 'startDate' || key === 'endDate') && !(key in resource.fields)) {
      // The v1 contract's calendar-day bounds on the Timestamp, occurred_at (filterActivities), inclusive; days in
      // UTC here.
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        throw badRequest(`${key} must be a date (YYYY-MM-DD).`);
      }
      const day = (row: Row) => String(row.occurred_at ?? '').slice(0, 10);
      tests.push(key === 'startDate' ? (row) => day(row) >= value : (row) => day(row) <= value);
      continue;
    }
    const range = resource.list.dateRange;
    if (range && (key === `${range}_gte` || key === `${range}_lte`)) {
      // A declared date range: calendar days, both inclusive (the server's are the trust's days; UTC days here).
      if (value === null || value === '') continue;
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        throw badRequest(`${key} must be a date (YYYY-MM-DD).`);
      }
      const day = (row: Row) => String(row[range] ?? '').slice(0, 10);
      tests.push(key.endsWith('_gte') ? (row) => day(row) >= value : (row) => day(row) <= value);
      continue;
    }
    const decl = resource.fields[key];
    if (!decl || !(isFilterable(decl) || decl.kind === 'text')) {
      throw badRequest(`Cannot filter ${resource.label.many.toLowerCase()} by "${key}".`);
    }
    const wanted = Array.isArray(value) ? value : [value];
    tests.push((row) => wanted.some((w) => sameValue(row[key], w)));
  }
  return (row) => tests.every((test) => test(row));
}

/** Fields a legacy resource's lists carry beyond its declaration; never written. */
function extraFieldsOf(resource: ResourceDeclaration): string[] {
  const extras = resource.provider === 'legacy-v1' ? legacyListExtras(resource.name) : undefined;
  return [...Object.keys(extras?.counts ?? {}), ...Object.keys(extras?.joins ?? {})];
}

/**
 * Fields a write sends that the record does not hold: the declaration's `writeOnly` (a user's password), and a
 * legacy resource's LEGACY_RESOURCES createOnly and upload.
 */
function writeOnlyFieldsOf(resource: ResourceDeclaration): string[] {
  const entry = resource.provider === 'legacy-v1' ? LEGACY_RESOURCES[resource.name] : undefined;
  return [...(resource.writeOnly ?? []), ...(entry?.createOnly ?? []), ...(entry?.upload ? [entry.upload.field] : [])];
}

/** The in-browser provider over `data` (the demo mode passes the spec's sample data; it is never bundled otherwise). */
/** A one-record resource's record as its migration makes it: id 1, its declared starting values. */
function singletonRecord(resource: ResourceDeclaration): DemoRecord {
  const row: DemoRecord = { id: SINGLETON_ID };
  for (const [name, decl] of Object.entries(resource.fields)) {
    const start = defaultValue(decl);
    row[name] = start === undefined ? null : start;
  }
  return row;
}

export function createMemoryProvider(data: MemoryData = {}, options: MemoryProviderOptions = {}): DataProvider {
  const now = options.now ?? (() => new Date());
  const seeded = withTimestamps(data);
  // Every declared resource has a collection, even an empty one, so that an empty list is just empty.
  for (const resource of resources) seeded[resource.name] ??= [];
  // A one-record resource starts with its record, as its migration makes it on the server.
  for (const resource of resources)
    if (resource.singleton && seeded[resource.name]!.length === 0)
      seeded[resource.name] = withTimestamps({ [resource.name]: [singletonRecord(resource)] })[resource.name]!;
  const fake = fakeRestProvider(seeded, false);

  const rowsWhere = async (name: string, predicate: Predicate): Promise<Row[]> => {
    const { data: rows } = await fake.getList<Row>(name, {
      filter: predicate,
      pagination: { page: 1, perPage: Number.MAX_SAFE_INTEGER },
      sort: { field: 'id', order: 'ASC' },
    });
    return rows;
  };
  const find = async (resource: ResourceDeclaration, id: Identifier): Promise<Row> => {
    const [row] = await rowsWhere(resource.name, (r) => sameValue(r.id, id));
    if (!row) throw notFound(resource);
    return row;
  };

  const validate = (resource: ResourceDeclaration, input: unknown): Record<string, unknown> => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const writable: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const field of SYSTEM_FIELDS) delete writable[field];
    for (const field of extraFieldsOf(resource)) delete writable[field];
    // What only the server keeps (an employee's password, hashed beside its sign-in account) and a file the
    // server stores (an employee's photo; the memory provider has no image store) are not part of the record.
    for (const field of writeOnlyFieldsOf(resource)) delete writable[field];
    // Read-only fields (a donation's receipt number) are the server's to set: a form that sends them back with the
    // record is not refused for it, as on the server (services/records.ts).
    for (const [field, decl] of Object.entries(resource.fields)) if (decl.readOnly) delete writable[field];
    const result = validateRecord(resource, writable);
    if (!result.ok) throw validationFailed(result.errors);
    return result.value;
  };

  /**
   * Unique fields (text, and references held once: a role's permissions), references that exist, and `within`
   * rules (a city's state in the city's country).
   */
  const checkWrite = async (
    resource: ResourceDeclaration,
    value: Record<string, unknown>,
    selfId?: Identifier,
  ): Promise<void> => {
    for (const [field, decl] of Object.entries(resource.fields)) {
      if ((decl.kind === 'text' || decl.kind === 'reference') && decl.unique && value[field] != null) {
        const clash = await rowsWhere(
          resource.name,
          (r) =>
            (decl.kind === 'text' && decl.uniqueIgnoringCase
              ? sameText(r[field], value[field])
              : sameValue(r[field], value[field])) &&
            (selfId === undefined || !sameValue(r.id, selfId)),
        );
        if (clash.length > 0) {
          const message = recordMessages.duplicate(resource, decl);
          throw conflict(message, [{ field, message }]);
        }
      }
      if (decl.kind !== 'reference' || value[field] == null) continue;
      const target = findResource(decl.reference);
      if (!target) continue;
      const [row] = await rowsWhere(target.name, (r) => sameValue(r.id, value[field]));
      if (!row) {
        const message = recordMessages.missingReference(target);
        throw badRequest(message, [{ field, message }]);
      }
      if (decl.within && !sameValue(row[decl.within.through], value[decl.within.field])) {
        const ownerLabel = resource.fields[decl.within.field]?.label ?? decl.within.field;
        const message = recordMessages.notWithin(target, ownerLabel);
        throw badRequest(message, [{ field, message }]);
      }
    }
  };

  const checkSort = (resource: ResourceDeclaration, field: string | undefined): void => {
    if (field !== undefined && !sortableFields(resource).includes(field)) {
      throw badRequest(`Cannot sort ${resource.label.many.toLowerCase()} by "${field}".`);
    }
  };

  /** What the /api/v1 lists add to a legacy resource's rows: counts of referring rows, referenced names. */
  const withListExtras = async (resource: ResourceDeclaration, rows: Row[]): Promise<Row[]> => {
    const extras = resource.provider === 'legacy-v1' ? legacyListExtras(resource.name) : undefined;
    if (!extras || rows.length === 0) return rows;
    const added = rows.map((row) => ({ ...row }) as Row);
    for (const [name, count] of Object.entries(extras.counts ?? {})) {
      const referring = await rowsWhere(count.resource, () => true);
      for (const row of added) row[name] = referring.filter((r) => sameValue(r[count.field], row.id)).length;
    }
    for (const [name, join] of Object.entries(extras.joins ?? {})) {
      const decl = resource.fields[join.via];
      if (decl?.kind !== 'reference') continue;
      const targets = await rowsWhere(decl.reference, () => true);
      for (const row of added) {
        row[name] = targets.find((t) => sameValue(t.id, row[join.via]))?.[join.from] ?? null;
      }
    }
    return added;
  };

  const provider: DataProvider = {
    getList: async (name, params) => {
      const resource = findResource(name);
      if (!resource) return fake.getList(name, params);
      checkSort(resource, params.sort?.field);
      const result = await fake.getList<Row>(name, {
        ...params,
        pagination: params.pagination ?? { page: 1, perPage: 1000 },
        sort: params.sort ?? resource.list.sort,
        filter: predicateOf(resource, params.filter),
      });
      return { ...result, data: (await withListExtras(resource, result.data)) as never[] };
    },

    getManyReference: async (name, params) => {
      const resource = findResource(name);
      if (!resource) return fake.getManyReference(name, params);
      checkSort(resource, params.sort.field);
      return fake.getList(name, {
        pagination: params.pagination,
        sort: params.sort,
        filter: predicateOf(resource, { ...params.filter, [params.target]: params.id }),
      });
    },

    getOne: async (name, params) => {
      const resource = findResource(name);
      if (!resource) return fake.getOne(name, params);
      return { data: (await find(resource, params.id)) as never };
    },

    getMany: async (name, params) => {
      const resource = findResource(name);
      if (!resource) return fake.getMany(name, params);
      const wanted = params.ids.map(String);
      return { data: (await rowsWhere(name, (r) => wanted.includes(String(r.id)))) as never[] };
    },

    create: async (name, params) => {
      const resource = findResource(name);
      if (!resource) return fake.create(name, params);
      const value = validate(resource, params.data);
      await checkWrite(resource, value);
      const stamp = now().toISOString();
      return fake.create(name, { data: { ...value, created_at: stamp, updated_at: stamp } });
    },

    update: async (name, params) => {
      const resource = findResource(name);
      if (!resource) return fake.update(name, params);
      const before = await find(resource, params.id);
      // PUT as on the server: the submitted fields replace the stored ones; fields left out keep their values.
      const merged: Record<string, unknown> = {};
      // Read-only fields (an employee's photo path, its account) are the server's to set, never part of the write.
      for (const [field, decl] of Object.entries(resource.fields)) if (!decl.readOnly) merged[field] = before[field];
      const value = validate(resource, { ...merged, ...(params.data as Record<string, unknown>) });
      await checkWrite(resource, value, params.id);
      return fake.update(name, {
        id: before.id,
        data: { ...value, updated_at: now().toISOString() },
        previousData: before,
      });
    },

    updateMany: async (name, params) => {
      for (const id of params.ids) await provider.update(name, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },

    delete: async (name, params) => {
      const resource = findResource(name);
      if (!resource) return fake.delete(name, params);
      const row = await find(resource, params.id);
      for (const { resource: referrer, field } of referrersOf(resource.name)) {
        const using = await rowsWhere(referrer.name, (r) => sameValue(r[field], row.id));
        if (using.length > 0) {
          throw conflict(recordMessages.connected(resource, referrer));
        }
      }
      return (await fake.delete(name, { id: row.id, previousData: row })) as never;
    },

    deleteMany: async (name, params) => {
      for (const id of params.ids) await provider.delete(name, { id });
      return { data: params.ids };
    },
  };
  return provider;
}
