/**
 * Every operation of the API, as the security tests walk it: the OpenAPI description's paths (with the body
 * properties each documents), and every registered route besides, documented or not.
 */
import type { TestApp } from './app.ts';

export interface Operation {
  method: string;
  path: string;
  /** Body properties the description documents, if any. */
  properties: string[];
  /** The JSON Schema of each documented body property, `$ref`s followed (for the property's kind and limits). */
  schemas: Record<string, Record<string, unknown>>;
  /** The query parameters the description documents. */
  query: string[];
}

type Schema = { $ref?: string; properties?: Record<string, unknown>; allOf?: unknown[] };

/** Properties of a request body schema with their schemas, following $ref and allOf. */
function propertySchemas(
  schema: unknown,
  components: Record<string, unknown>,
): Record<string, Record<string, unknown>> {
  if (!schema || typeof schema !== 'object') return {};
  const s = schema as Schema;
  if (s.$ref) return propertySchemas(components[s.$ref.split('/').pop()!], components);
  const own = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([name, value]) => {
      const ref = (value as Schema | undefined)?.$ref;
      return [name, (ref ? components[ref.split('/').pop()!] : value) as Record<string, unknown>];
    }),
  );
  return Object.assign({}, ...(s.allOf ?? []).map((part) => propertySchemas(part, components)), own);
}

/** What the walker needs: a client of the API, and the app's own routes when it runs in this process. */
export interface Walkable {
  api: TestApp['api'];
  app?: Pick<TestApp['app'], 'apiRoutes'>;
}

export async function operations(t: Walkable): Promise<Operation[]> {
  const doc = await t.api('GET', '/api/docs/json', { token: null });
  if (doc.status !== 200) throw new Error(`/api/docs/json answered ${doc.status}`);
  const components = (doc.body.components?.schemas ?? {}) as Record<string, unknown>;
  const found = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const described = op as {
        requestBody?: { content?: Record<string, { schema?: unknown }> };
        parameters?: { name: string; in: string }[];
      };
      const schema = described.requestBody?.content?.['application/json']?.schema;
      const schemas = propertySchemas(schema, components);
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      found.set(`${method.toUpperCase()} ${url}`, {
        method: method.toUpperCase(),
        path: url,
        properties: Object.keys(schemas),
        schemas,
        query: (described.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  // Every registered route is walked, documented or not (the OpenAPI test holds that all are documented).
  for (const route of t.app?.apiRoutes ?? []) {
    const key = `${route.method} ${route.url}`;
    if (!found.has(key))
      found.set(key, { method: route.method, path: route.url, properties: [], schemas: {}, query: [] });
  }
  return [...found.values()];
}

/** The text inputs of the operations: each documented body property that takes a string, and each query parameter. */
export function textInputs(ops: Operation[]): { op: Operation; name: string; in: 'body' | 'query' }[] {
  const takesText = (schema: Record<string, unknown> | undefined): boolean => {
    if (!schema) return true;
    const alternatives = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
    if (alternatives) return alternatives.some(takesText);
    const type = schema.type;
    return type === undefined
      ? schema.enum === undefined
      : type === 'string' || (Array.isArray(type) && type.includes('string'));
  };
  return ops.flatMap((op) => [
    ...op.properties.filter((name) => takesText(op.schemas[name])).map((name) => ({ op, name, in: 'body' as const })),
    ...op.query.map((name) => ({ op, name, in: 'query' as const })),
  ]);
}

/**
 * Text built to make a backtracking pattern work: runs that a pattern can split many ways, each left without the
 * ending it waits for (an email's dots with a second `@`, `<` without `>`, slashes and spaces before a letter, a word
 * before a stop), each a sixth of `length` characters, all ASCII (one byte each in JSON and in a URL's query).
 */
export function hostileText(length: number): string {
  const run = Math.max(1, Math.floor(length / 6));
  return [
    `a@${'.'.repeat(run)}@`,
    '<'.repeat(run),
    `${'/'.repeat(run)}x`,
    `${' '.repeat(run)}x`,
    `${'a'.repeat(run)}!`,
    `${'-'.repeat(run)}%`,
  ]
    .join('')
    .slice(0, length);
}
