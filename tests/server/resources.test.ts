// engines: pglite, postgres — lists, search, conflicts and the statement budget
/**
 * The declared resources' REST API on /api/v2, on a real database: the ra-data-simple-rest convention, validation,
 * conflicts, the audit entry of each write, and the statement budget of a list request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/server/db/schema.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const q = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

async function createCountry(name: string, code: string, status = 'Active') {
  const res = await t.api('POST', '/api/v2/countries', { body: { name, code, status } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; name: string; code: string; status: string };
}

describe('countries', () => {
  it('should require authentication', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/countries'],
      ['GET', '/api/v2/countries/1'],
      ['POST', '/api/v2/countries'],
      ['PUT', '/api/v2/countries/1'],
      ['DELETE', '/api/v2/countries/1'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await t.api(method, path, { token: null, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('creates a record with its system fields and answers 201', async () => {
    const res = await t.api('POST', '/api/v2/countries', { body: { name: '  Japan ', code: 'jp' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Japan', code: 'JP', status: 'Active' });
    expect(res.body.id).toBeGreaterThan(0);
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.updated_at).toBeTruthy();
    const session = await t.api('GET', '/api/v2/session');
    expect(res.body.created_by).toBe(session.body.id);
    const got = await t.api('GET', `/api/v2/countries/${res.body.id}`);
    expect(got.body).toEqual(res.body);
  });

  it('lists with sort, range and filter, and a Content-Range header', async () => {
    for (const [name, code, status] of [
      ['India', 'IN', 'Active'],
      ['Indonesia', 'ID', 'Active'],
      ['Nepal', 'NP', 'Inactive'],
      ['Bhutan', 'BT', 'Active'],
    ] as const) {
      await createCountry(name, code, status);
    }
    const page = await t.api('GET', `/api/v2/countries${q({ sort: ['name', 'ASC'], range: [0, 2] })}`);
    expect(page.status).toBe(200);
    expect(page.body.map((c: { name: string }) => c.name)).toEqual(['Bhutan', 'India', 'Indonesia']);
    expect(page.headers.get('content-range')).toBe('countries 0-2/5');

    const desc = await t.api('GET', `/api/v2/countries${q({ sort: ['name', 'DESC'], range: [3, 4] })}`);
    expect(desc.body.map((c: { name: string }) => c.name)).toEqual(['India', 'Bhutan']);
    expect(desc.headers.get('content-range')).toBe('countries 3-4/5');

    const search = await t.api('GET', `/api/v2/countries${q({ filter: { q: 'IND' }, sort: ['name', 'ASC'] })}`);
    expect(search.body.map((c: { name: string }) => c.name)).toEqual(['India', 'Indonesia']);
    expect(search.headers.get('content-range')).toBe('countries 0-1/2');

    const inactive = await t.api('GET', `/api/v2/countries${q({ filter: { status: 'Inactive' } })}`);
    expect(inactive.body.map((c: { name: string }) => c.name)).toEqual(['Nepal']);

    const ids = page.body.slice(0, 2).map((c: { id: number }) => c.id);
    const many = await t.api('GET', `/api/v2/countries${q({ filter: { id: ids } })}`);
    expect(many.body.map((c: { id: number }) => c.id).sort()).toEqual([...ids].sort());

    const beyond = await t.api('GET', `/api/v2/countries${q({ range: [50, 59] })}`);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe('countries */5');
  });

  it('gives the fields a list asks for, id first, on every path of a page', async () => {
    for (let i = 0; i < 3; i++) await createCountry(`Fieldland ${i}`, `FL${'ABC'[i]}`);
    const only = (rows: Record<string, unknown>[]) => rows.map((row) => Object.keys(row).join(','));
    const shape = 'id,name,created_at';
    const first = await t.api('GET', `/api/v2/countries${q({ fields: ['created_at', 'name'], range: [0, 1] })}`);
    expect(first.status, first.text).toBe(200);
    expect(only(first.body)).toEqual([shape, shape]);
    const deep = await t.api('GET', `/api/v2/countries${q({ fields: ['name', 'created_at'], range: [1, 2] })}`);
    expect(only(deep.body)).toEqual([shape, shape]);
    // A search twice: the second page comes from the remembered matches, by id, and keeps the fields asked for.
    const search = q({ fields: ['name', 'created_at'], filter: { q: 'fieldland' }, sort: ['name', 'ASC'] });
    const found = await t.api('GET', `/api/v2/countries${search}`);
    await t.app.services.records.lists.idle();
    const again = await t.api('GET', `/api/v2/countries${search}`);
    for (const res of [found, again]) {
      expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Fieldland 0', 'Fieldland 1', 'Fieldland 2']);
      expect(only(res.body)).toEqual([shape, shape, shape]);
    }
    // Every field asked for is the whole record, as without the parameter.
    const whole = await t.api('GET', `/api/v2/countries${q({ filter: { q: 'fieldland 1' } })}`);
    const all = await t.api(
      'GET',
      `/api/v2/countries${q({ filter: { q: 'fieldland 1' }, fields: ['id', 'name', 'code', 'status', 'created_at', 'updated_at', 'created_by'] })}`,
    );
    expect(all.body).toEqual(whole.body);
  });

  it('treats search text literally, wildcards and quotes included', async () => {
    await createCountry("Cote d'Ivoire", 'CI');
    const quote = await t.api('GET', `/api/v2/countries${q({ filter: { q: "d'iv" } })}`);
    expect(quote.body.map((c: { name: string }) => c.name)).toEqual(["Cote d'Ivoire"]);
    const percent = await t.api('GET', `/api/v2/countries${q({ filter: { q: '%' } })}`);
    expect(percent.body).toEqual([]);
    const underscore = await t.api('GET', `/api/v2/countries${q({ filter: { q: '_' } })}`);
    expect(underscore.body).toEqual([]);
  });

  it('refuses malformed list parameters with 400', async () => {
    const cases: [string, string][] = [
      ['?sort=notjson', 'The sort parameter is not valid JSON.'],
      [q({ sort: ['name; drop table countries', 'ASC'] }), 'Cannot sort countries by "name; drop table countries".'],
      [q({ sort: ['name', 'SIDEWAYS'] }), 'The sort order must be ASC or DESC.'],
      [q({ range: [5, 1] }), 'The range must end at or after its start.'],
      [q({ range: [0, 5000] }), 'A page holds at most 1000 records.'],
      [q({ range: ['a', 'b'] }), 'The range parameter must look like [0,24]: two whole numbers, first to last.'],
      [q({ filter: ['x'] }), 'The filter parameter must be a JSON object, such as {"q":"text"}.'],
      [q({ filter: { "status' OR 1=1 --": 'x' } }), `Cannot filter countries by "status' OR 1=1 --".`],
      [q({ filter: { status: 'Sleeping' } }), 'The filter on status: Status must be one of: Active, Inactive.'],
      [q({ filter: { id: 'abc' } }), 'The id filter must be a record id or a list of at most 1000 ids.'],
      [q({ filter: { q: 5 } }), 'The search text (q) must be a string.'],
      ['?page=2', 'Unknown query parameter "page". Use sort, range, filter and fields.'],
      [q({ fields: 'name' }), 'The fields parameter must be a JSON array of field names, such as ["id","title"].'],
      [q({ fields: [] }), 'The fields parameter must be a JSON array of field names, such as ["id","title"].'],
      [
        q({ fields: ['name', 'password'] }),
        'The countries have no field "password". Their fields: id, name, code, status, created_at, updated_at, created_by.',
      ],
    ];
    for (const [query, message] of cases) {
      const res = await t.api('GET', `/api/v2/countries${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ success: false, message, code: 'BAD_REQUEST' });
    }
  });

  it('validates writes with field errors and writes nothing', async () => {
    const before = await t.api('GET', '/api/v2/countries');
    const missing = await t.api('POST', '/api/v2/countries', { body: { code: 'FR' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Country Name is required.',
    });
    expect(missing.body.errors).toEqual([{ field: 'name', message: 'Country Name is required.' }]);

    const wrongTypes = await t.api('POST', '/api/v2/countries', { body: { name: 42, code: 'FR', status: 'Maybe' } });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.errors).toEqual([
      { field: 'name', message: 'Country Name must be text.' },
      { field: 'status', message: 'Status must be one of: Active, Inactive.' },
    ]);
    const badCode = await t.api('POST', '/api/v2/countries', { body: { name: 'France', code: 'F1' } });
    expect(badCode.body.errors).toEqual([
      { field: 'code', message: 'Country Code must be 2 or 3 letters, such as IN.' },
    ]);
    const unknown = await t.api('POST', '/api/v2/countries', {
      body: { name: 'France', code: 'FR', capital: 'Paris' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown field: capital.');
    const notObject = await t.api('POST', '/api/v2/countries', { body: [1, 2] });
    expect(notObject.status).toBe(400);
    const text = await t.api('POST', '/api/v2/countries', {
      raw: 'name=France',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);

    const after = await t.api('GET', '/api/v2/countries');
    expect(after.headers.get('content-range')).toBe(before.headers.get('content-range'));
  });

  it('answers 409 for a duplicate code, in a sentence', async () => {
    await createCountry('Canada', 'CA');
    const dup = await t.api('POST', '/api/v2/countries', { body: { name: 'Canada again', code: 'ca' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'A country with this code already exists.',
    });
  });

  it('updates with PUT, keeping fields left out, and 404s for a missing record', async () => {
    const country = await createCountry('Brazl', 'BR');
    const res = await t.api('PUT', `/api/v2/countries/${country.id}`, {
      body: { ...country, name: 'Brazil', created_at: '1999-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: country.id, name: 'Brazil', code: 'BR', status: 'Active' });
    const partial = await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { status: 'Inactive' } });
    expect(partial.body).toMatchObject({ name: 'Brazil', status: 'Inactive' });
    expect((await t.api('PUT', '/api/v2/countries/999999', { body: { name: 'X' } })).status).toBe(404);
    const invalid = await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { name: '' } });
    expect(invalid.status).toBe(400);
    expect((await t.api('GET', `/api/v2/countries/${country.id}`)).body.name).toBe('Brazil');
  });

  it('answers 400 for an id that is not a whole number and 404 for a missing one', async () => {
    expect((await t.api('GET', '/api/v2/countries/abc')).status).toBe(400);
    expect((await t.api('GET', '/api/v2/countries/1.5')).status).toBe(400);
    expect((await t.api('GET', '/api/v2/countries/99999999999')).status).toBe(400);
    const missing = await t.api('GET', '/api/v2/countries/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Country not found.', code: 'NOT_FOUND' });
    expect((await t.api('DELETE', '/api/v2/countries/999999')).status).toBe(404);
  });

  it('records every write in the audit trail, without a failed write', async () => {
    const country = await createCountry('Kenya', 'KE');
    await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { name: 'Republic of Kenya' } });
    await t.api('POST', '/api/v2/countries', { body: { name: 'Kenya 2', code: 'KE' } }); // 409: no entry
    await t.api('DELETE', `/api/v2/countries/${country.id}`);
    const entries = (await t.database.db.select().from(auditLogs)).filter(
      (e) => e.module === 'countries' && e.record_id === country.id,
    );
    expect(entries.map((e) => e.action_type)).toEqual(['Create', 'Update', 'Delete']);
    expect(entries[1]!.details).toEqual({ changes: { name: { before: 'Kenya', after: 'Republic of Kenya' } } });
    expect(entries.every((e) => e.performed_by_name === 'Administrator')).toBe(true);
  });

  it('uses at most two SQL statements for a list request (session included)', async () => {
    const path = `/api/v2/countries${q({ sort: ['name', 'ASC'], range: [0, 24], filter: { q: 'a' } })}`;
    for (let i = 0; i < 2; i++) {
      const before = t.database.stats.statements;
      const res = await t.api('GET', path);
      expect(res.status).toBe(200);
      expect(t.database.stats.statements - before).toBeLessThanOrEqual(2);
    }
  });

  it('does not serve a stale total after a write', async () => {
    const path = `/api/v2/countries${q({ filter: { status: 'Active' }, range: [0, 0] })}`;
    const total = () => t.api('GET', path).then((r) => Number(r.headers.get('content-range')!.split('/')[1]));
    const before = await total();
    const created = await createCountry('Peru', 'PE');
    expect(await total()).toBe(before + 1);
    await t.api('DELETE', `/api/v2/countries/${created.id}`);
    expect(await total()).toBe(before);
  });
});

describe('states and cities', () => {
  it('refuses to delete a country that has states, with a sentence', async () => {
    const country = await createCountry('Germany', 'DE');
    const state = await t.api('POST', '/api/v2/states', { body: { name: 'Bavaria', country_id: country.id } });
    expect(state.status).toBe(201);
    const res = await t.api('DELETE', `/api/v2/countries/${country.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This country is connected to states. Please remove them first.');
    expect((await t.api('GET', `/api/v2/countries/${country.id}`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/v2/states/${state.body.id}`)).status).toBe(200);
    expect((await t.api('DELETE', `/api/v2/countries/${country.id}`)).status).toBe(200);
  });

  it('refuses a state of an unknown country, and a city whose state is in another country', async () => {
    const unknown = await t.api('POST', '/api/v2/states', { body: { name: 'Nowhere', country_id: 987654 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'country_id', message: 'The chosen country does not exist.' }]);
    const missing = await t.api('POST', '/api/v2/states', { body: { name: 'Nowhere' } });
    expect(missing.body.errors).toEqual([{ field: 'country_id', message: 'Please select a country.' }]);

    const a = await createCountry('Australia', 'AU');
    const b = await createCountry('Austria', 'AT');
    const victoria = await t.api('POST', '/api/v2/states', { body: { name: 'Victoria', country_id: a.id } });
    const wrong = await t.api('POST', '/api/v2/cities', {
      body: { name: 'Melbourne', country_id: b.id, state_id: victoria.body.id },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'state_id', message: 'The chosen state is not in the chosen country.' },
    ]);
    const right = await t.api('POST', '/api/v2/cities', {
      body: { name: 'Melbourne', country_id: a.id, state_id: victoria.body.id },
    });
    expect(right.status).toBe(201);
    const byState = await t.api('GET', `/api/v2/cities${q({ filter: { state_id: victoria.body.id } })}`);
    expect(byState.body.map((c: { name: string }) => c.name)).toEqual(['Melbourne']);
  });
});

describe('every declared resource', () => {
  it('answers its list on /api/v2 from its own table', async () => {
    const { apiPath, resources } = await import('../../src/resources/index.ts');
    for (const resource of resources) {
      const res = await t.api('GET', `/api/v2/${apiPath(resource)}?range=[0,0]`);
      expect(res.status, resource.name).toBe(200);
      expect(res.headers.get('content-range'), resource.name).toMatch(new RegExp(`^${apiPath(resource)} `));
    }
  });
});

describe('content types', () => {
  it('accepts a DELETE without a body whatever Content-Type it names, and refuses non-JSON bodies', async () => {
    const country = await createCountry('Chile', 'CL');
    const del = await t.api('DELETE', `/api/v2/countries/${country.id}`, { headers: { 'content-type': 'text/plain' } });
    expect(del.status).toBe(200);
    const form = await t.api('POST', '/api/v2/countries', {
      raw: 'name=Chile&code=CL',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({
      success: false,
      message: 'Send the request body as application/json.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});

describe('search plan', () => {
  it('answers a search of three or more characters from a fenced subquery, and a shorter one directly', async () => {
    const before = t.database.stats.statements;
    await t.api('GET', `/api/v2/countries${q({ filter: { q: 'nep' } })}`);
    // The page itself (its rows' columns), not the search's matches found after it (ids only).
    const sent = t.database.stats.recent.slice(-(t.database.stats.statements - before));
    expect(sent.some((text) => /^select "id", "name", "code", .*\(select .* offset 0\) "matches"/.test(text))).toBe(
      true,
    );
    await t.api('GET', `/api/v2/countries${q({ filter: { q: 'ne' } })}`);
    expect(t.database.stats.last).not.toMatch(/matches/);
  });
});
