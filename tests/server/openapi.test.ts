// engines: pglite — the API description against the route table; no SQL of its own
/**
 * The API description (/api/docs/json) describes every registered route (the 30 /api/v1 routes were once
 * missing; docs/decisions.md, "Every route is described, by itself"), with the parameters and bodies of the schemas the
 * routes validate with, and its references resolve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the description is arbitrary JSON
let doc: any;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.api('GET', '/api/docs/json', { token: null })).body;
});
afterAll(async () => {
  await t?.close();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the API description', () => {
  it('has an operation for every registered route', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const missing = t.app.apiRoutes
      .filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(t.app.apiRoutes.filter((r) => r.url.startsWith('/api/v1/')).length).toBeGreaterThanOrEqual(30);
  });

  it('documents path parameters, bodies and query parameters, and who may call each route', () => {
    const problems: string[] = [];
    for (const route of t.app.apiRoutes) {
      const item = doc.paths[openApiPath(route.url)];
      const op = item[route.method.toLowerCase()];
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      for (const [, name] of route.url.matchAll(/:([A-Za-z_]+)/g)) {
        if (!params.some((p: { in: string; name: string }) => p.in === 'path' && p.name === name)) {
          problems.push(`${route.method} ${route.url}: path parameter ${name}`);
        }
      }
      if (route.access === 'public' && !(Array.isArray(op.security) && op.security.length === 0)) {
        problems.push(`${route.method} ${route.url}: public, but the description asks for a session`);
      }
      if (!op.responses || Object.keys(op.responses).length === 0)
        problems.push(`${route.method} ${route.url}: responses`);
    }
    expect(problems).toEqual([]);
    const login = doc.paths['/api/v1/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    const create = doc.paths['/api/v1/createDepartment'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toEqual(expect.arrayContaining(['departmentName', 'description']));
    expect(create.required).toContain('departmentName');
    const list = doc.paths['/api/v1/getAllDepartments'].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(['page', 'limit']);
    const employee = doc.paths['/api/v1/createEmployee'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(employee.properties)).toEqual(expect.arrayContaining(['fullName', 'email']));
  });

  it('matches what the routes validate: a documented required field left out is refused', async () => {
    const create = doc.paths['/api/v1/createDepartment'].post.requestBody.content['application/json'].schema;
    const body = Object.fromEntries(Object.keys(create.properties).map((k) => [k, 'Library']));
    for (const field of create.required as string[]) {
      const { [field]: _left, ...rest } = body;
      const res = await t.api('POST', '/api/v1/createDepartment', { body: rest });
      expect(res.status, field).toBe(400);
    }
    const login = await t.api('POST', '/api/v1/login', { body: { email: 'a@example.org' }, token: null });
    expect(login.status).toBe(400);
    expect(login.body.errors[0].field).toBe('password');
  });

  it('resolves every reference', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(doc.components.schemas[ref], ref).toBeDefined();
  });
});
