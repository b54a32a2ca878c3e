/**
 * The `legacy-v1` data provider: react-admin's calls on the spec's /api/v1 endpoints (section 7), for the
 * resources declared `provider: 'legacy-v1'`.
 *
 * - Records are in the declaration's snake_case names (`department_name`, `department_id`), whatever the
 *   contract calls them (`departmentName`, `departmentId: { id, departmentName }`), so that the screens read the
 *   declared names on every provider. Field errors of a refused write come back under the declared names too.
 * - getList: react-admin's page and page size become `page` and `limit`; the `q` filter goes to the search
 *   route, an exact filter to its filter route. The contract has no sort: its lists come in id order. A list
 *   the contract cannot answer in one page request (no pagination, more than its 100-row limit, a search and a
 *   filter together, two filters) is fetched whole and filtered, sorted and paged here. A filter the contract
 *   has no route for (`local`, the role name) is done here on the whole list; filters one route takes together
 *   (`combined`, the activities' status and dates) go to it when its `when` says so.
 * - getOne goes to the entry's `one` route (getRoleById, getActivityById); without one, and getMany and
 *   getManyReference always, to the REST provider on /api/v2, where the server answers the same resources in
 *   the declared names. So does a write the entry has no route for (activities are added on /api/v2).
 *
 * Adding a resource is one entry of LEGACY_RESOURCES: its field names, its routes and what its lists add.
 * Until a legacy-v1 resource has its entry, every call for it goes to the REST provider on /api/v2.
 */
import { HttpError, type DataProvider, type Identifier, type RaRecord, type SortPayload } from 'react-admin';
import { findResource, searchableFields, type ResourceDeclaration } from '../../resources/index.ts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client.ts';

export const API_V1 = '/api/v1';

/** The contract's largest page (`limit` above it is refused with a 400). */
export const V1_MAX_LIMIT = 100;

/** A list route: `path?<param>=<value>`, or `path/<value>` without a param; `paged: false` takes no page/limit. */
export interface LegacyListRoute {
  path: string;
  param?: string;
  paged?: boolean;
  /** The contract has no route for it: the whole list (`all`) is fetched and filtered here. */
  local?: boolean;
}

/** A filter route taking several filters at once (`path?page&limit&status&startDate&endDate`). */
export interface LegacyCombinedRoute {
  path: string;
  /** Filter key → its query parameter. */
  params: Record<string, string>;
  /** Whether these filters call for the route (otherwise they are dropped and `all` answers). */
  when: (filter: Record<string, string>) => boolean;
}

export interface LegacyResource {
  /** Declared field → the contract's name of it, in bodies, answers and field errors. */
  fields: Record<string, string>;
  /** Counts the contract's list rows carry: declared name → its v1 name and the rows it counts. */
  counts?: Record<string, { v1: string; resource: string; field: string }>;
  /**
   * Names the contract's list rows carry inside a reference object (`departmentId: { id, departmentName }`):
   * declared name → the reference field it comes with and the property of the referenced record; `object` is
   * the row's key of that object when it is not the reference field's own (`Department: { id, departmentName }`).
   */
  joins?: Record<string, { via: string; v1: string; from: string; object?: string }>;
  /** Declared names the contract's rows carry nested elsewhere (beyond `fields`, `joins` and `counts`). */
  nested?: (row: Record<string, unknown>) => Record<string, unknown>;
  list: {
    all: LegacyListRoute;
    search?: LegacyListRoute;
    /** Exact filters, by declared field. */
    filters?: Record<string, LegacyListRoute>;
    /** Where a page's rows are in `data` (default `data`). */
    rowsKey?: string;
    /** Where the total is in `data` (default `totalItems`). */
    totalKey?: string;
    /** Filters answered together by one route (they cannot be combined with a search or another filter). */
    combined?: LegacyCombinedRoute;
  };
  /** getOne's route (a path followed by `/<id>`); without it getOne goes to /api/v2. */
  one?: string;
  /** Without create, update or delete, that write goes to /api/v2. */
  create?: string;
  /** A route answering one record (`path/<id>`): a whole-number `q` is that record's id, not a search. */
  byId?: string;
  /**
   * Create sends multipart form data (every value as text, objects as JSON): the declared field holding
   * react-admin's `{ rawFile }` and the contract's name of the file part.
   */
  upload?: { field: string; v1: string };
  /** Values the contract takes on create beyond the declared fields, under the same name (a password). */
  createOnly?: string[];
  /** Booleans the contract takes as 1 or 0 on writes. */
  booleansAsNumbers?: boolean;
  /** Paths followed by `/<id>`. */
  update?: string;
  delete?: string;
}

/** A role's and an employee's department and designation: the contract's rows carry them as nested objects. */
const PLACE_IN_THE_TRUST: LegacyResource['joins'] = {
  department_name: { via: 'department_id', v1: 'departmentName', from: 'department_name', object: 'Department' },
  designation: { via: 'designation_id', v1: 'designation', from: 'designation', object: 'Designation' },
};

export const LEGACY_RESOURCES: Record<string, LegacyResource> = {
  departments: {
    fields: { department_name: 'departmentName', description: 'description' },
    counts: { designation_count: { v1: 'designationCount', resource: 'designations', field: 'department_id' } },
    list: {
      all: { path: 'getAllDepartments' },
      search: { path: 'searchDepartments', param: 'search' },
      filters: { department_name: { path: 'filterDepartments', param: 'departmentName' } },
    },
    create: 'createDepartment',
    update: 'updateDepartment',
    delete: 'deleteDepartment',
  },
  designations: {
    fields: { designation: 'designation', department_id: 'departmentId', description: 'description' },
    joins: { department_name: { via: 'department_id', v1: 'departmentName', from: 'department_name' } },
    list: {
      all: { path: 'getAllDesignations' },
      search: { path: 'searchDesignation', param: 'search' },
      filters: {
        designation: { path: 'filterDesignation', param: 'designation' },
        department_id: { path: 'getDesignationsByDepartmentId', paged: false },
      },
    },
    create: 'createDesignation',
    // The contract's client spells these updateDesiganation/deleteDesiganation; the server answers both.
    update: 'updateDesignation',
    delete: 'deleteDesignation',
  },
  roles: {
    fields: {
      role_name: 'roleName',
      responsibility: 'responsibility',
      is_active: 'is_active',
      department_id: 'departmentId',
      designation_id: 'designationId',
    },
    joins: PLACE_IN_THE_TRUST,
    list: {
      all: { path: 'getAllRoles' },
      // The contract has no role search or filter: the whole list is searched and filtered here.
      filters: { role_name: { path: 'getAllRoles', local: true } },
      rowsKey: 'rows',
      totalKey: 'count',
    },
    one: 'getRoleById',
    create: 'createRole',
    update: 'updateRole',
    delete: 'deleteRole',
  },
  activities: {
    fields: { action: 'action', description: 'description', status: 'status', occurred_at: 'occurredAt' },
    // riderId: { id: <ride>, userId: { id: <account>, userType, mobile } }
    nested: (row) => {
      const rider = isObject(row.riderId) ? row.riderId : {};
      const user = isObject(rider.userId) ? rider.userId : {};
      return {
        account_id: user.id ?? null,
        ride_id: rider.id ?? null,
        user_type: user.userType ?? null,
        mobile: user.mobile ?? null,
        // The sentence a description of the server's is (src/resources/sentences.ts), said in the reader's language.
        description_key: row.descriptionKey ?? null,
        description_values: row.descriptionValues ?? null,
      };
    },
    list: {
      all: { path: 'getAllActivities' },
      rowsKey: 'activities',
      // The spec: filterActivities when a status is set or both dates are.
      combined: {
        path: 'filterActivities',
        params: { status: 'status', startDate: 'startDate', endDate: 'endDate' },
        when: (filter) => Boolean(filter.status || (filter.startDate && filter.endDate)),
      },
    },
    one: 'getActivityById',
    // Activities are added on /api/v2 (the spec's Add activity form); v1 has no write.
  },
  employees: {
    fields: {
      full_name: 'fullName',
      email: 'email',
      mobile: 'mobile',
      gender: 'gender',
      dob: 'dob',
      hire_date: 'hireDate',
      salary: 'salary',
      contract_start_date: 'contractStartDate',
      contract_last_date: 'contractLastDate',
      user_profile: 'userProfile',
      status: 'status',
      is_active: 'isActive',
      role: 'role',
      permissions: 'permissions',
      department_id: 'departmentId',
      designation_id: 'designationId',
    },
    joins: PLACE_IN_THE_TRUST,
    list: {
      all: { path: 'getAllEmployees' },
      search: { path: 'getAllEmployees', param: 'search' },
      // The contract answers a bare array, not paged: it is paged here.
      filters: { designation_id: { path: 'filterByDesignation', param: 'designationId', paged: false } },
      rowsKey: 'employees',
    },
    byId: 'getEmployeeById',
    create: 'createEmployee',
    upload: { field: 'user_profile', v1: 'userProfile' },
    createOnly: ['password'],
    booleansAsNumbers: true,
    update: 'updateEmployee',
    delete: 'deleteEmployee',
  },
};

/** The fields a legacy resource's list rows carry beyond the declaration (the memory provider adds them too). */
export function legacyListExtras(name: string): Pick<LegacyResource, 'counts' | 'joins'> | undefined {
  const entry = LEGACY_RESOURCES[name];
  return entry && (entry.counts || entry.joins) ? { counts: entry.counts, joins: entry.joins } : undefined;
}

/**
 * The field under which a legacy resource's list rows carry the name of the record a reference field points to
 * (a designation's `department_name` beside its `department_id`), if they do.
 */
export function carriedName(name: string, reference: string): string | undefined {
  const joins = LEGACY_RESOURCES[name]?.joins ?? {};
  return Object.keys(joins).find((key) => joins[key]!.via === reference);
}

export interface LegacyV1ProviderOptions extends HttpClientOptions {
  /** Base URL of the v1 API (default /api/v1). */
  apiUrl?: string;
  /** The provider of getOne, getMany and getManyReference (the REST provider on /api/v2). */
  rest: DataProvider;
}

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

class LegacyUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LegacyUsageError';
  }
}

function entryOf(name: string): { entry: LegacyResource; declaration: ResourceDeclaration } {
  const entry = LEGACY_RESOURCES[name];
  const declaration = findResource(name);
  if (!entry || !declaration) {
    throw new LegacyUsageError(
      `The /api/v1 provider does not know the resource "${name}" (add it to LEGACY_RESOURCES).`,
    );
  }
  return { entry, declaration };
}

/** A v1 row in the declared names. */
export function fromV1(name: string, row: unknown): RaRecord {
  const { entry } = entryOf(name);
  const source = isObject(row) ? row : {};
  const record: Row = { id: source.id as Identifier };
  for (const [declared, v1] of Object.entries(entry.fields)) {
    if (!(v1 in source)) continue;
    const value = source[v1];
    // A reference comes expanded in lists ({ id, departmentName }) and as a bare id elsewhere.
    record[declared] = isObject(value) && 'id' in value ? value.id : value;
  }
  for (const [declared, join] of Object.entries(entry.joins ?? {})) {
    const expanded = source[join.object ?? entry.fields[join.via] ?? join.via];
    if (isObject(expanded) && join.v1 in expanded) record[declared] = expanded[join.v1];
  }
  for (const [declared, count] of Object.entries(entry.counts ?? {})) {
    if (count.v1 in source) record[declared] = Number(source[count.v1]);
  }
  if (entry.nested) Object.assign(record, entry.nested(source));
  if ('createdAt' in source) record.created_at = source.createdAt;
  if ('updatedAt' in source) record.updated_at = source.updatedAt;
  return record as RaRecord;
}

/** A body in the contract's names: the declared fields only; ids of references and integers as numbers. */
export function toV1(name: string, data: unknown): Row {
  const { entry, declaration } = entryOf(name);
  const values = isObject(data) ? data : {};
  const body: Row = {};
  for (const [declared, v1] of Object.entries(entry.fields)) {
    if (!(declared in values) || values[declared] === undefined) continue;
    const value = values[declared];
    const kind = declaration.fields[declared]?.kind;
    const numeric = (kind === 'reference' || kind === 'integer') && typeof value === 'string' && /^\d+$/.test(value);
    if (kind === 'boolean' && entry.booleansAsNumbers && typeof value === 'boolean') body[v1] = value ? 1 : 0;
    else body[v1] = numeric ? Number(value) : value;
  }
  return body;
}

/** The same error with its field errors under the declared names (so forms show them under their inputs). */
function withDeclaredFieldNames(name: string, error: unknown): unknown {
  if (!(error instanceof HttpError) || !isObject(error.body) || !isObject(error.body.errors)) return error;
  const { entry } = entryOf(name);
  const declaredOf = Object.fromEntries(Object.entries(entry.fields).map(([declared, v1]) => [v1, declared]));
  const errors: Row = {};
  for (const [field, message] of Object.entries(error.body.errors)) errors[declaredOf[field] ?? field] = message;
  return new HttpError(error.message, error.status, { ...error.body, errors });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

/** The query of a list request: its route, and whether the server pages it. */
interface ListPlan {
  route: LegacyListRoute;
  value?: string;
  /** Query parameters of a combined route. */
  params?: Record<string, string>;
  serverPaged: boolean;
  /** What is left to do here on a whole list. */
  q?: string;
  exact: [string, string][];
}

function planList(
  name: string,
  entry: LegacyResource,
  filter: Row,
  pagination: { page: number; perPage: number } | undefined,
): ListPlan {
  const q = typeof filter.q === 'string' ? filter.q.trim() : '';
  const exact: [string, string][] = [];
  const combined = entry.list.combined;
  const together: Record<string, string> = {};
  const local: [string, string][] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q' || isBlank(value)) continue;
    if (combined && key in combined.params) {
      together[key] = String(value).trim();
      continue;
    }
    if (entry.list.filters?.[key]?.local) {
      local.push([key, String(value).trim()]);
      continue;
    }
    if (!entry.list.filters?.[key]) {
      throw new LegacyUsageError(`The /api/v1 contract cannot filter ${name} by "${key}".`);
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new LegacyUsageError(`The /api/v1 contract filters ${name} by one "${key}" at a time.`);
    }
    exact.push([key, String(value).trim()]);
  }
  const pageable = pagination !== undefined && pagination.perPage <= V1_MAX_LIMIT;
  if (combined && combined.when(together)) {
    if (q || exact.length > 0 || local.length > 0) {
      throw new LegacyUsageError(`The /api/v1 contract cannot combine these filters of ${name} with others.`);
    }
    const params = Object.fromEntries(Object.entries(together).map(([key, value]) => [combined.params[key]!, value]));
    return { route: { path: combined.path }, params, serverPaged: pageable, exact: [] };
  }
  if (local.length > 0) {
    // Filters the contract has no route for: the whole list, filtered (and searched) here.
    if (exact.length > 0) throw new LegacyUsageError(`The /api/v1 contract cannot combine these filters of ${name}.`);
    return { route: entry.list.all, serverPaged: false, ...(q ? { q } : {}), exact: local };
  }
  if (exact.length === 0) {
    const search = q ? entry.list.search : undefined;
    const route = search ?? entry.list.all;
    // Without a search route, the search is done here on the whole list.
    const leftover = q && !search ? q : undefined;
    return {
      route,
      ...(search ? { value: q } : {}),
      serverPaged: pageable && route.paged !== false && !leftover,
      ...(leftover ? { q: leftover } : {}),
      exact: [],
    };
  }
  const [first, ...rest] = exact as [[string, string], ...[string, string][]];
  const route = entry.list.filters![first[0]]!;
  const alone = rest.length === 0 && !q;
  return {
    route,
    value: first[1],
    serverPaged: alone && pageable && route.paged !== false,
    ...(q ? { q } : {}),
    exact: rest,
  };
}

/** The body of a create: JSON, or multipart form data with the file for a resource that uploads one. */
export function createBody(name: string, entry: LegacyResource, data: unknown): Row | FormData {
  const values = isObject(data) ? data : {};
  const body = toV1(name, values);
  for (const field of entry.createOnly ?? []) if (values[field] !== undefined) body[field] = values[field];
  if (!entry.upload) return body;
  const form = new FormData();
  delete body[entry.upload.v1];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.append(key, isObject(value) || Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const upload = values[entry.upload.field];
  const file =
    upload instanceof Blob ? upload : isObject(upload) && upload.rawFile instanceof Blob ? upload.rawFile : null;
  if (file) form.append(entry.upload.v1, file, file instanceof File ? file.name : 'upload');
  return form;
}

export function createLegacyV1Provider(options: LegacyV1ProviderOptions): DataProvider {
  const apiUrl = (options.apiUrl ?? API_V1).replace(/\/$/, '');
  const http: HttpClient = createHttpClient(options);
  const { rest } = options;

  const call = async (name: string, path: string, init: { method?: string; body?: unknown } = {}) => {
    try {
      const response = await http(`${apiUrl}/${path}`, {
        method: init.method ?? 'GET',
        ...(init.body instanceof FormData
          ? { body: init.body }
          : init.body !== undefined
            ? { body: JSON.stringify(init.body) }
            : {}),
      });
      // A bare array answer (filterByDesignation) is read as the data of an object answer.
      const json: unknown = Array.isArray(response.json) ? { data: response.json } : response.json;
      if (isObject(json) && json.success === false) {
        const message = typeof json.message === 'string' && json.message ? json.message : 'The request failed.';
        throw new HttpError(message, response.status, json);
      }
      return isObject(json) ? json : {};
    } catch (error) {
      throw withDeclaredFieldNames(name, error);
    }
  };

  const routeUrl = (
    route: LegacyListRoute,
    value: string | undefined,
    paging?: { page: number; limit: number },
    params: Record<string, string> = {},
  ) => {
    const query = new URLSearchParams();
    let path = route.path;
    if (value !== undefined) {
      if (route.param) query.set(route.param, value);
      else path = `${path}/${encodeURIComponent(value)}`;
    }
    if (paging) {
      query.set('page', String(paging.page));
      query.set('limit', String(paging.limit));
    }
    for (const [key, param] of Object.entries(params)) query.set(key, param);
    const search = query.toString();
    return search ? `${path}?${search}` : path;
  };

  const rowsOf = (entry: LegacyResource, json: Row): { rows: unknown[]; total?: number } => {
    const data = json.data;
    if (Array.isArray(data)) return { rows: data };
    if (!isObject(data)) return { rows: [] };
    const rows = data[entry.list.rowsKey ?? 'data'];
    const counted = data[entry.list.totalKey ?? 'totalItems'];
    const total = typeof counted === 'number' ? counted : undefined;
    return { rows: Array.isArray(rows) ? rows : [], ...(total !== undefined ? { total } : {}) };
  };

  /** A whole-number search: the one record of that id (if it also passes the exact filters), or none. */
  const getById = async (name: string, path: string, id: string, filter: Row) => {
    let json: Row;
    try {
      json = await call(name, `${path}/${id}`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return { data: [], total: 0 };
      throw error;
    }
    const record = fromV1(name, json.data) as Row;
    const passes = Object.entries(filter).every(
      ([key, value]) => key === 'q' || isBlank(value) || String(record[key] ?? '') === String(value).trim(),
    );
    return passes ? { data: [record] as never[], total: 1 } : { data: [], total: 0 };
  };

  const getList: DataProvider['getList'] = async (name, params) => {
    const { entry, declaration } = entryOf(name);
    const pagination = params.pagination;
    const filter = isObject(params.filter) ? params.filter : {};
    const q = typeof filter.q === 'string' ? filter.q.trim() : '';
    if (entry.byId && /^[1-9][0-9]{0,9}$/.test(q)) return getById(name, entry.byId, q, filter);
    const plan = planList(name, entry, filter, pagination);

    if (plan.serverPaged && pagination) {
      const json = await call(
        name,
        routeUrl(plan.route, plan.value, { page: pagination.page, limit: pagination.perPage }, plan.params),
      );
      const { rows, total } = rowsOf(entry, json);
      const data = rows.map((row) => fromV1(name, row));
      return { data: data as never[], total: total ?? data.length };
    }

    // The whole list, then what the contract could not do in one request.
    const json = await call(name, routeUrl(plan.route, plan.value, undefined, plan.params));
    let data = rowsOf(entry, json).rows.map((row) => fromV1(name, row) as Row);
    for (const [key, value] of plan.exact) data = data.filter((row) => String(row[key] ?? '').trim() === value);
    if (plan.q) {
      const needle = plan.q.toLowerCase();
      const fields = searchableFields(declaration);
      data = data.filter((row) =>
        fields.some((f) =>
          String(row[f] ?? '')
            .toLowerCase()
            .includes(needle),
        ),
      );
    }
    const sort: SortPayload | undefined = params.sort;
    if (sort && sort.field && sort.field !== 'id') {
      const direction = sort.order === 'DESC' ? -1 : 1;
      data = [...data].sort((a, b) => direction * compare(a[sort.field], b[sort.field]));
    } else if (sort?.order === 'DESC') {
      data = [...data].reverse();
    }
    const total = data.length;
    if (pagination) {
      const start = (pagination.page - 1) * pagination.perPage;
      data = data.slice(start, start + pagination.perPage);
    }
    return { data: data as never[], total };
  };

  const provider: DataProvider = {
    getList,
    getOne: async (name, params) => {
      const { entry } = entryOf(name);
      if (!entry.one) return rest.getOne(name, params);
      const json = await call(name, `${entry.one}/${encodeURIComponent(String(params.id))}`);
      return { data: fromV1(name, json.data) as never };
    },
    getMany: (name, params) => rest.getMany(name, params),
    getManyReference: (name, params) => rest.getManyReference(name, params),

    create: async (name, params) => {
      const { entry } = entryOf(name);
      if (!entry.create) return rest.create(name, params);
      const json = await call(name, entry.create, { method: 'POST', body: createBody(name, entry, params.data) });
      return { data: fromV1(name, json.data) as never };
    },

    update: async (name, params) => {
      const { entry } = entryOf(name);
      if (!entry.update) return rest.update(name, params);
      const path = `${entry.update}/${encodeURIComponent(String(params.id))}`;
      const body = toV1(name, params.data);
      // A file is only sent on create; an update never carries it (nor the stored path).
      if (entry.upload) delete body[entry.upload.v1];
      const json = await call(name, path, { method: 'PUT', body });
      return { data: fromV1(name, json.data) as never };
    },

    updateMany: async (name, params) => {
      for (const id of params.ids) await provider.update(name, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },

    delete: async (name, params) => {
      const { entry } = entryOf(name);
      if (!entry.delete) return rest.delete(name, params);
      await call(name, `${entry.delete}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (name, params) => {
      for (const id of params.ids) await provider.delete(name, { id });
      return { data: params.ids };
    },
  };

  // A legacy-v1 resource without its entry yet is served on /api/v2, where the server answers every resource.
  const routed: Record<string, unknown> = {};
  for (const [method, handler] of Object.entries(provider)) {
    const fallback = rest[method] as (name: string, params: unknown) => Promise<unknown>;
    const own = handler as (name: string, params: unknown) => Promise<unknown>;
    routed[method] = (name: string, params: unknown) =>
      name in LEGACY_RESOURCES ? own(name, params) : fallback(name, params);
  }
  return routed as DataProvider;
}
