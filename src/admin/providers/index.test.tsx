import { HttpError, type DataProvider } from 'react-admin';
import { demoData } from '../../resources/demo-data.ts';
import { describe, expect, it } from 'vitest';
import { createDataProvider, routeByDeclaration, UnknownResourceError } from './index.ts';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body?: string;
}

/** A stand-in for the server: records each request and answers from the handler. */
function fakeServer(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const listParams = (page = 1, perPage = 3) => ({
  pagination: { page, perPage },
  sort: { field: 'name', order: 'ASC' as const },
  filter: { q: 'ind', status: 'Active' },
});

describe('the composite data provider, server mode', () => {
  it('sends a rest resource to ra-data-simple-rest on /api/v2 with the bearer token', async () => {
    const server = fakeServer(() => json(200, [{ id: 1, name: 'India' }], { 'Content-Range': 'countries 3-3/17' }));
    const provider = createDataProvider({ mode: 'server', fetch: server.fetch, getToken: () => 'secret' });
    const result = await provider.getList('countries', listParams(2));

    expect(result).toEqual({ data: [{ id: 1, name: 'India' }], total: 17 });
    const url = new URL(server.calls[0]!.url, 'http://admin.test');
    expect(url.pathname).toBe('/api/v2/countries');
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([3, 5]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'ind', status: 'Active' });
    expect(server.calls[0]!.headers.get('Authorization')).toBe('Bearer secret');
  });

  it('sends legacy-v1 lists to /api/v1, and what v1 lacks (getOne) to /api/v2', async () => {
    const server = fakeServer((call) =>
      call.url.startsWith('/api/v1/')
        ? json(200, {
            success: true,
            data: {
              data: [{ id: 2, departmentName: 'IT', description: 'Computers', designationCount: 3 }],
              totalPages: 1,
              currentPage: 1,
              totalItems: 1,
            },
          })
        : json(200, { id: 2, department_name: 'IT' }),
    );
    const provider = createDataProvider({ mode: 'server', fetch: server.fetch, getToken: () => 'secret' });
    const list = await provider.getList('departments', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list).toEqual({
      data: [{ id: 2, department_name: 'IT', description: 'Computers', designation_count: 3 }],
      total: 1,
    });
    await provider.getOne('departments', { id: 2 });
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/v1/getAllDepartments?page=1&limit=3',
      '/api/v2/departments/2',
    ]);
    expect(server.calls[0]!.headers.get('Authorization')).toBe('Bearer secret');
  });

  it('sends a write the /api/v1 contract lacks (adding an activity) to /api/v2, and reads activities on v1', async () => {
    const server = fakeServer((call) =>
      call.method === 'POST'
        ? json(201, { id: 5, action: 'Ride booked', status: 'Pending' })
        : json(200, { success: true, data: { activities: [], totalItems: 0 } }),
    );
    const provider = createDataProvider({ mode: 'server', fetch: server.fetch });
    await provider.create('activities', { data: { action: 'Ride booked', status: 'Pending' } });
    await provider.getList('activities', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(server.calls.map((call) => `${call.method} ${new URL(call.url, 'http://admin.test').pathname}`)).toEqual([
      'POST /api/v2/activities',
      'GET /api/v1/getAllActivities',
    ]);
  });

  it("rejects with the server's sentences: a 409 as the message, a 400's field errors for the form", async () => {
    const server = fakeServer((call) =>
      call.method === 'DELETE'
        ? json(409, {
            success: false,
            code: 'CONFLICT',
            message: 'This country is connected to states. Please remove them first.',
          })
        : json(400, {
            success: false,
            code: 'VALIDATION_FAILED',
            message: 'Country Name is required.',
            errors: [{ field: 'name', message: 'Country Name is required.' }],
          }),
    );
    const provider = createDataProvider({ mode: 'server', fetch: server.fetch });

    const deleting = provider.delete('countries', { id: 1 });
    await expect(deleting).rejects.toBeInstanceOf(HttpError);
    await expect(deleting).rejects.toMatchObject({
      status: 409,
      message: 'This country is connected to states. Please remove them first.',
    });

    const creating = provider.create('countries', { data: { code: 'JP' } });
    await expect(creating).rejects.toMatchObject({
      status: 400,
      body: { errors: { name: 'Country Name is required.' } },
    });
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/v2/countries/1',
      'POST /api/v2/countries',
    ]);
    // The server takes JSON bodies only: a body-less DELETE carries no Content-Type (it answers 415 to text/plain).
    expect(server.calls[0]!.headers.has('Content-Type')).toBe(false);
    expect(server.calls[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(server.calls[1]!.body!)).toEqual({ code: 'JP' });
  });

  it('fails clearly for a resource that is not declared, without calling the server', async () => {
    const server = fakeServer(() => json(200, []));
    const provider = createDataProvider({ mode: 'server', fetch: server.fetch });
    const call = provider.getList('planets', listParams());
    await expect(call).rejects.toBeInstanceOf(UnknownResourceError);
    await expect(call).rejects.toThrow('Unknown resource "planets"');
    expect(server.calls).toHaveLength(0);
  });
});

describe('the composite data provider, demo mode', () => {
  it('answers every declared resource from the sample data, with timestamps, and never calls a server', async () => {
    const server = fakeServer(() => json(500, {}));
    const provider = createDataProvider({ mode: 'demo', memoryData: demoData, fetch: server.fetch });
    const countries = await provider.getList('countries', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(countries.total).toBe(4);
    expect(countries.data.map((c) => c.name)).toEqual(['Bhutan', 'India', 'Nepal']);
    expect(countries.data[0]).toMatchObject({ created_at: expect.any(String), updated_at: expect.any(String) });

    const departments = await provider.getList('departments', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(departments.data.map((d) => d.department_name)).toEqual(['HR', 'IT', 'Finance', 'Sales']);
    await expect(provider.getOne('planets', { id: 1 })).rejects.toBeInstanceOf(UnknownResourceError);
    expect(server.calls).toHaveLength(0);
  });
});

describe('routing by declaration', () => {
  it("hands each call to the provider of the resource's declaration", async () => {
    const seen: string[] = [];
    const recorder = (label: string) =>
      ({
        getOne: async (resource: string) => {
          seen.push(`${label}:${resource}`);
          return { data: { id: 1 } };
        },
      }) as unknown as DataProvider;
    const byKind = { rest: recorder('rest'), 'legacy-v1': recorder('legacy'), memory: recorder('memory') };
    const provider = routeByDeclaration((declaration) => byKind[declaration.provider]);
    await provider.getOne('countries', { id: 1 });
    await provider.getOne('designations', { id: 1 });
    expect(seen).toEqual(['rest:countries', 'legacy:designations']);
  });
});
