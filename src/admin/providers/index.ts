/**
 * The admin's data provider: a composite that routes each resource, by its declaration in src/resources, to
 * the provider the declaration names (DESIGN.md, "The resource declaration"):
 *
 * - `rest`      → ra-data-simple-rest on /api/v2, with the session's bearer token;
 * - `legacy-v1` → the spec's /api/v1 endpoints (legacy-v1.ts), with getOne/getMany/getManyReference, which v1
 *                 lacks, on the REST provider on /api/v2;
 * - `memory`    → ra-data-fakerest in the browser.
 *
 * In demo mode every resource goes to the memory provider, loaded with the sample data, so the admin runs with
 * no server. A resource that is not declared fails at once with a sentence saying so.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { apiPath, findResource, type Provider, type ResourceDeclaration } from '../../resources/index.ts';
import { createHttpClient, type HttpClientOptions } from './http-client.ts';
import { createLegacyV1Provider } from './legacy-v1.ts';
import { createMemoryProvider, type MemoryData } from './memory.ts';

export { createHttpClient, toHttpError, UNREACHABLE_MESSAGE } from './http-client.ts';
export type { HttpClient, HttpClientOptions, HttpResponse, MappedErrorBody, ServerErrorBody } from './http-client.ts';
export { createMemoryProvider, withTimestamps } from './memory.ts';
export { API_V1, createLegacyV1Provider, LEGACY_RESOURCES } from './legacy-v1.ts';
export type { LegacyResource, LegacyV1ProviderOptions } from './legacy-v1.ts';
export type { MemoryData, MemoryProviderOptions } from './memory.ts';

export const API_V2 = '/api/v2';

export interface DataProviderOptions extends HttpClientOptions {
  /** `server`: talk to the API; `demo`: keep everything in the browser on the sample data. */
  mode: 'server' | 'demo';
  /** Base URL of the REST API (default /api/v2). */
  apiUrl?: string;
  /** Base URL of the spec's v1 API (default /api/v1). */
  legacyApiUrl?: string;
  /** Records of the memory provider (the demo mode passes the spec's sample data; default none). */
  memoryData?: MemoryData;
}

const METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

/** ra-data-simple-rest on the v2 API, through the authenticated HTTP client. */
export function createRestProvider(options: HttpClientOptions & { apiUrl?: string } = {}): DataProvider {
  const httpClient = createHttpClient(options);
  const rest = simpleRestProvider(options.apiUrl ?? API_V2, httpClient);
  // A list that asks for some fields of its records (`meta.fields`, the generated list leaving out rich text it
  // does not show) names them in the `fields` parameter, which ra-data-simple-rest does not know.
  const withFields = (fields: readonly string[]) =>
    simpleRestProvider(options.apiUrl ?? API_V2, (url, init) =>
      httpClient(`${url}&fields=${encodeURIComponent(JSON.stringify(fields))}`, init),
    );
  // A resource whose path on /api/v2 differs from its name (role_permissions → role-permissions).
  const routed: Record<string, unknown> = { ...rest };
  for (const method of METHODS) {
    routed[method] = (resource: string, params: unknown) => {
      const declaration = findResource(resource);
      const fields = method === 'getList' ? (params as { meta?: { fields?: string[] } }).meta?.fields : undefined;
      const provider = fields ? withFields(fields) : rest;
      const call = provider[method] as (resource: string, params: unknown) => Promise<unknown>;
      return call(declaration ? apiPath(declaration) : resource, params);
    };
  }
  return routed as DataProvider;
}

export class UnknownResourceError extends Error {
  constructor(resource: string) {
    super(
      `Unknown resource "${resource}": it is not declared in src/resources (declare it and list it in src/resources/index.ts).`,
    );
    this.name = 'UnknownResourceError';
  }
}

/** A provider that hands each call to the provider `pick` chooses for the resource's declaration. */
export function routeByDeclaration(pick: (resource: ResourceDeclaration) => DataProvider): DataProvider {
  const routed: Record<string, unknown> = {};
  for (const method of METHODS) {
    routed[method] = (resource: string, params: unknown) => {
      const declaration = findResource(resource);
      if (!declaration) return Promise.reject(new UnknownResourceError(resource));
      const call = pick(declaration)[method] as (resource: string, params: unknown) => Promise<unknown>;
      return call(resource, params);
    };
  }
  return routed as DataProvider;
}

/**
 * Collections of the server that are not declared resources but speak the same ra-data-simple-rest convention
 * on /api/v2: the audit trail (GET, and POST of a note; its screens are src/admin/audit).
 */
export const UNDECLARED_COLLECTIONS: readonly string[] = ['audit-logs'];

/** `declared` for declared resources, `undeclared` for the collections above. */
function withUndeclared(declared: DataProvider, undeclared: DataProvider): DataProvider {
  const routed: Record<string, unknown> = {};
  for (const method of METHODS) {
    routed[method] = (resource: string, params: unknown) => {
      const provider = UNDECLARED_COLLECTIONS.includes(resource) ? undeclared : declared;
      return (provider[method] as (resource: string, params: unknown) => Promise<unknown>)(resource, params);
    };
  }
  return routed as DataProvider;
}

export function createDataProvider(options: DataProviderOptions): DataProvider {
  if (options.mode === 'demo') {
    // The demo has no audit trail of its own: its collection starts empty (notes added there stay in the browser).
    const empty = Object.fromEntries(UNDECLARED_COLLECTIONS.map((name) => [name, []]));
    const memory = createMemoryProvider({ ...empty, ...options.memoryData });
    return withUndeclared(
      routeByDeclaration(() => memory),
      memory,
    );
  }
  const rest = createRestProvider(options);
  const legacy = createLegacyV1Provider({ ...options, apiUrl: options.legacyApiUrl, rest });
  let memory: DataProvider | undefined;
  const byProvider: Record<Provider, () => DataProvider> = {
    rest: () => rest,
    'legacy-v1': () => legacy,
    memory: () => (memory ??= createMemoryProvider(options.memoryData)),
  };
  return withUndeclared(
    routeByDeclaration((declaration) => byProvider[declaration.provider]()),
    rest,
  );
}
