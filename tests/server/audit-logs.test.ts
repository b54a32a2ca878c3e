// engines: pglite, postgres — its own SQL, the trail's triggers, list filters and search
/**
 * The audit trail on a real database: an entry for each declared resource's create, update and delete through
 * /api/v2 (and none for a failed write), no secrets in it, append-only (405 for everyone, and the database's
 * trigger), the list's filters, sort and range, notes that refer to an entry, and who may see and add what.
 */
import { gt, sql } from 'drizzle-orm';
import { HttpError } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/admin/providers/index.ts';
import { apiPath, getResource, resources, type ResourceDeclaration } from '../../src/resources/index.ts';
import { auditLogs } from '../../src/server/db/schema.ts';
import { declareAuthor } from '../../src/server/services/audit.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createRecord, letters, minimalBody as declaredBody, sampleText, tag } from '../helpers/declared.ts';
import type { AuditEntry } from '../../src/resources/audit-words.ts';

let t: TestApp;
let admin: { id: number; name: string };
beforeAll(async () => {
  t = await startTestApp();
  const session = await t.api('GET', '/api/v2/session');
  admin = { id: session.body.id, name: session.body.name };
});
afterAll(async () => {
  await t?.close();
});

const q = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

type Row = Record<string, unknown> & { id: number };
/** An entry as the API answers it, its details read as an object. */
type Entry = Omit<AuditEntry, 'details'> & { details: Record<string, unknown> };

const minimalBody = (resource: ResourceDeclaration, given: Record<string, unknown> = {}) =>
  declaredBody(t, resource, given);
const create = (resource: ResourceDeclaration, body: Record<string, unknown>, token?: string) =>
  createRecord(t, resource, body, token);
const text = sampleText;

/** A change an update can make to any record of the resource: a free text, else the matrix, else a flag. */
function changeFor(resource: ResourceDeclaration, row: Row): [string, unknown] {
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (decl.readOnly || decl.kind !== 'text' || decl.pattern || decl.unique) continue;
    return [field, text(decl, field, 'Changed')];
  }
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (decl.kind === 'permissions') return [field, { Dashboard: { Dashboard: { Global: { View: true } } } }];
  }
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (decl.kind === 'boolean' && !decl.readOnly) return [field, !row[field]];
  }
  throw new Error(`No field of ${resource.name} to change.`);
}

/** The id of the newest entry: entries after it are the ones a request appended. */
async function watermark(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: sql<number>`coalesce(max(${auditLogs.id}), 0)`.mapWith(Number) })
    .from(auditLogs);
  return row!.id;
}

async function entriesSince(mark: number) {
  return t.database.db.select().from(auditLogs).where(gt(auditLogs.id, mark)).orderBy(auditLogs.id);
}

async function entry(id: number, token?: string): Promise<Entry> {
  const res = await t.api('GET', `/api/v2/audit-logs/${id}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body as Entry;
}

const matrix = (entries: Record<string, Record<string, Record<string, Record<string, boolean>>>>) => entries;

describe('an entry for every write of every declared resource', () => {
  // A one-record resource is only changed; its Update entry is checked by the generic suite. What the server alone
  // writes (notifications) is checked by its own tests.
  for (const resource of resources.filter((r) => !r.singleton && !r.serverWritten)) {
    it(`${resource.name}: create, update and delete through /api/v2 leave one entry each`, async () => {
      const body = await minimalBody(resource);
      const base = `/api/v2/${apiPath(resource)}`;

      let mark = await watermark();
      const created = await create(resource, body);
      let appended = await entriesSince(mark);
      expect(appended.map((e) => [e.action_type, e.module, e.record_id])).toEqual([
        ['Create', resource.name, created.id],
      ]);
      const createEntry = await entry(appended[0]!.id);
      expect(createEntry).toMatchObject({
        action_type: 'Create',
        module: resource.name,
        record_id: created.id,
        performed_by: admin,
        performed_by_id: admin.id,
        performed_by_name: admin.name,
        refers_to_id: null,
      });
      const after = createEntry.details.after as Row;
      expect(after.id).toBe(created.id);
      for (const field of Object.keys(resource.fields)) {
        if (field in body) expect(after[field], field).toEqual(created[field]);
      }

      const [field, value] = changeFor(resource, created);
      mark = await watermark();
      const updated = await t.api('PUT', `${base}/${created.id}`, { body: { [field]: value } });
      expect(updated.status, updated.text).toBe(200);
      appended = await entriesSince(mark);
      expect(appended.map((e) => [e.action_type, e.module, e.record_id])).toEqual([
        ['Update', resource.name, created.id],
      ]);
      const updateEntry = await entry(appended[0]!.id);
      expect(updateEntry.performed_by).toEqual(admin);
      expect(updateEntry.details).toEqual({
        changes: { [field]: { before: created[field] ?? null, after: updated.body[field] } },
      });

      mark = await watermark();
      const deleted = await t.api('DELETE', `${base}/${created.id}`);
      expect(deleted.status, deleted.text).toBe(200);
      appended = await entriesSince(mark);
      expect(appended.map((e) => [e.action_type, e.module, e.record_id])).toEqual([
        ['Delete', resource.name, created.id],
      ]);
      const deleteEntry = await entry(appended[0]!.id);
      expect(deleteEntry.performed_by).toEqual(admin);
      expect((deleteEntry.details.before as Row).id).toBe(created.id);
      expect((deleteEntry.details.before as Row)[field]).toEqual(updated.body[field]);
    });
  }

  it('an update that changes nothing leaves no entry', async () => {
    const country = await create(getResource('countries'), await minimalBody(getResource('countries')));
    const mark = await watermark();
    const res = await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { name: country.name } });
    expect(res.status).toBe(200);
    expect(await entriesSince(mark)).toEqual([]);
  });
});

describe('a failed write leaves no entry', () => {
  it('for a refused create (400), a duplicate (409), a refused update and delete', async () => {
    const countries = getResource('countries');
    const country = await create(countries, await minimalBody(countries));
    const department = await create(getResource('departments'), await minimalBody(getResource('departments')));
    await create(
      getResource('designations'),
      await minimalBody(getResource('designations'), { department_id: department.id }),
    );
    const employee = { ...(await minimalBody(getResource('employees'))), password: 'short' };
    const mark = await watermark();
    const attempts = [
      await t.api('POST', '/api/v2/countries', { body: {} }),
      await t.api('POST', '/api/v2/countries', { body: { name: 'Copy', code: country.code } }),
      await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { status: 'Sleeping' } }),
      await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { unknown_field: 1 } }),
      await t.api('DELETE', '/api/v2/countries/2147483000'),
      await t.api('DELETE', `/api/v2/departments/${department.id}`),
      await t.api('POST', '/api/v2/employees', { body: employee }),
    ];
    expect(attempts.map((res) => res.status)).toEqual([400, 409, 400, 400, 404, 409, 400]);
    expect(await entriesSince(mark)).toEqual([]);
  });

  it('a failed audit insert undoes the write (one transaction)', async () => {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function audit_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'audit insert refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger audit_test_refuse before insert on audit_logs
      for each row when (new.module = 'countries') execute function audit_test_refuse()`),
    );
    const name = `Nowhere ${tag()}`;
    try {
      const res = await t.api('POST', '/api/v2/countries', { body: { name, code: letters() } });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await db.execute(sql.raw('drop trigger audit_test_refuse on audit_logs'));
      await db.execute(sql.raw('drop function audit_test_refuse()'));
    }
    const found = await t.api('GET', `/api/v2/countries${q({ filter: { name } })}`);
    expect(found.body).toEqual([]);
  });
});

describe('secrets never appear', () => {
  /** Every key of a JSON value, however deep. */
  const keysOf = (value: unknown): string[] =>
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : [];

  for (const name of ['employees', 'users']) {
    it(`in the entries of ${name}, created with a password`, async () => {
      const resource = getResource(name);
      const password = `Secret-${tag()}-Passw0rd`;
      const body = { ...(await minimalBody(resource)), password };
      const created = await create(resource, body);
      const [field, value] = changeFor(resource, created);
      await t.api('PUT', `/api/v2/${apiPath(resource)}/${created.id}`, { body: { [field]: value } });
      await t.api('DELETE', `/api/v2/${apiPath(resource)}/${created.id}`);
      const list = await t.api(
        'GET',
        `/api/v2/audit-logs${q({ filter: { module: name, record_id: created.id }, sort: ['id', 'ASC'] })}`,
      );
      expect(list.body.map((e: Entry) => e.action_type)).toEqual(['Create', 'Update', 'Delete']);
      const hashes = await t.database.db.execute<{ password_hash: string }>(
        sql`select password_hash from accounts where password_hash is not null`,
      );
      const stored = (Array.isArray(hashes) ? hashes : (hashes as { rows: { password_hash: string }[] }).rows).map(
        (r) => r.password_hash,
      );
      for (const listed of list.body as Entry[]) {
        const one = await entry(listed.id);
        const text = JSON.stringify(one);
        expect(text).not.toContain(password);
        for (const hash of stored) expect(text).not.toContain(hash);
        expect(keysOf(one.details).filter((key) => /password|token|hash|secret/i.test(key))).toEqual([]);
      }
    });
  }
});

describe('entries cannot be changed', () => {
  it('answers 405 to PUT, PATCH and DELETE, for the Admin and everyone signed in, and 401 without a session', async () => {
    const [first] = (await t.api('GET', `/api/v2/audit-logs${q({ sort: ['id', 'ASC'], range: [0, 0] })}`))
      .body as Entry[];
    const before = await entry(first!.id);
    const nobody = await t.employee({ permissions: {} });
    const auditor = await t.employee({
      permissions: matrix({
        Activity: { 'Audit Logs': { Global: { View: true, Add: true, Edit: true, Delete: true } } },
      }),
    });
    for (const token of [t.token, nobody.token, auditor.token]) {
      for (const [method, path, allow] of [
        ['PUT', `/api/v2/audit-logs/${first!.id}`, 'GET'],
        ['PATCH', `/api/v2/audit-logs/${first!.id}`, 'GET'],
        ['DELETE', `/api/v2/audit-logs/${first!.id}`, 'GET'],
        ['PUT', '/api/v2/audit-logs', 'GET, POST'],
        ['DELETE', '/api/v2/audit-logs', 'GET, POST'],
      ] as const) {
        const body = method === 'DELETE' ? undefined : { module: 'changed', details: {} };
        const res = await t.api(method, path, { body, token });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')).toBe(allow);
        expect(res.body.message).toMatch(/never changed or deleted.*note that refers to it/);
        expect((await t.api(method, path, { body, token: null })).status).toBe(401);
      }
    }
    expect(await entry(first!.id)).toEqual(before);
  });

  it('the database refuses UPDATE and DELETE of an entry', async () => {
    const [first] = (await t.api('GET', `/api/v2/audit-logs${q({ sort: ['id', 'ASC'], range: [0, 0] })}`))
      .body as Entry[];
    const before = await entry(first!.id);
    /** The database's own sentence of a refused statement (Drizzle wraps it as the cause of its error). */
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await t.database.db.execute(statement).then(
        () => undefined,
        (failure: unknown) => failure as { cause?: { message?: string }; message?: string },
      );
      return String(error?.cause?.message ?? error?.message ?? 'no error: the statement was carried out');
    };
    const refused = /audit log entries cannot be changed or deleted/;
    expect(await refusal(sql`update audit_logs set module = 'tampered' where id = ${first!.id}`)).toMatch(refused);
    expect(await refusal(sql`update audit_logs set details = '{}'::jsonb`)).toMatch(refused);
    expect(await refusal(sql`delete from audit_logs where id = ${first!.id}`)).toMatch(refused);
    expect(await refusal(sql`delete from audit_logs`)).toMatch(refused);
    expect(await entry(first!.id)).toEqual(before);
  });
});

describe('the list', () => {
  const module = `filter-test-${Date.now().toString(36)}`;
  let notes: Entry[];
  let country: Row;

  beforeAll(async () => {
    notes = [];
    for (const note of ['Alpha checked the ledger', 'Beta found a typo', 'Gamma closed the year']) {
      const res = await t.api('POST', '/api/v2/audit-logs', { body: { module, note } });
      expect(res.status, res.text).toBe(201);
      notes.push(res.body);
    }
    country = await create(getResource('countries'), await minimalBody(getResource('countries')));
    await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { name: `Renamed ${tag()}` } });
  });

  const list = (params: Record<string, unknown>, token?: string) =>
    t.api('GET', `/api/v2/audit-logs${q(params)}`, { token });

  it('answers the ra-data-simple-rest shape with Content-Range, newest first by default', async () => {
    const res = await list({ filter: { module } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('audit-logs 0-2/3');
    expect(res.body.map((e: Entry) => e.id)).toEqual(notes.map((n) => n.id).reverse());
    expect(res.body[2]).toEqual(await entry(notes[0]!.id));
    expect(res.body[2]).toEqual(notes[0]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        'action_type',
        'date_time',
        'details',
        'id',
        'module',
        'performed_by',
        'performed_by_id',
        'performed_by_name',
        'record_id',
        'refers_to_id',
      ].sort(),
    );
    expect(res.body[0].date_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/);
    const empty = await list({ filter: { module: 'no-such-module' } });
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('content-range')).toBe('audit-logs */0');
  });

  it('sorts and pages', async () => {
    const ascending = await list({ filter: { module }, sort: ['id', 'ASC'], range: [1, 2] });
    expect(ascending.body.map((e: Entry) => e.id)).toEqual([notes[1]!.id, notes[2]!.id]);
    expect(ascending.headers.get('content-range')).toBe('audit-logs 1-2/3');
    const ids = (await list({ sort: ['id', 'DESC'], range: [0, 49] })).body.map((e: Entry) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = (await list({ sort: ['date_time', 'ASC'], range: [0, 49] })).body.map((e: Entry) =>
      Date.parse(e.date_time),
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const actions = (await list({ sort: ['action_type', 'ASC'], range: [0, 999] })).body.map(
      (e: Entry) => e.action_type,
    );
    expect(actions).toEqual([...actions].sort());
    for (const field of ['module', 'performed_by_name']) {
      for (const order of ['ASC', 'DESC']) expect((await list({ sort: [field, order] })).status).toBe(200);
    }
    const byModule = await list({ filter: { q: 'filter-test' }, sort: ['module', 'ASC'] });
    expect(byModule.body.every((e: Entry) => e.module === module)).toBe(true);
    const beyond = await list({ filter: { module }, range: [10, 12] });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe('audit-logs */3');
  });

  it('filters by action type, module, record and performer', async () => {
    const updates = await list({ filter: { action_type: 'Update', module: 'countries', record_id: country.id } });
    expect(updates.body).toHaveLength(1);
    expect(updates.body[0]).toMatchObject({ action_type: 'Update', module: 'countries', record_id: country.id });
    const creates = await list({
      filter: { action_type: ['Create', 'Delete'], module: 'countries', record_id: country.id },
    });
    expect(creates.body.map((e: Entry) => e.action_type)).toEqual(['Create']);
    const adminNotes = await list({ filter: { performed_by_id: admin.id, action_type: 'Note', module } });
    expect(adminNotes.body).toHaveLength(3);
    const others = await list({ filter: { performed_by_id: 2147483000 } });
    expect(others.body).toEqual([]);
  });

  it('searches the module, the performer name and the details', async () => {
    expect((await list({ filter: { q: 'BETA FOUND' } })).body.map((e: Entry) => e.id)).toEqual([notes[1]!.id]);
    const byModule = await list({ filter: { q: module } });
    expect(byModule.headers.get('content-range')).toBe('audit-logs 0-2/3');
    const byName = await list({ filter: { q: admin.name, module } });
    expect(byName.body).toHaveLength(3);
    const literal = await list({ filter: { q: '%', module } });
    expect(literal.body).toEqual([]);
  });

  it("filters by calendar days of the trust's time zone (Asia/Kolkata)", async () => {
    const zoneModule = `zone-test-${tag()}`;
    // 23:59:59 on 1 November and 00:00 on 2 November in India (UTC+05:30). The database dates every entry itself
    // (drizzle/0020); these are dated as only the tables' owner can, with that trigger off for their transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('alter table audit_logs disable trigger audit_logs_stamp'));
      await declareAuthor(tx, admin);
      for (const instant of [
        '2026-11-01T18:29:59Z',
        '2026-11-01T18:30:00Z',
        '2026-11-03T18:29:59Z',
        '2026-11-03T18:30:00Z',
      ]) {
        await tx.insert(auditLogs).values({
          action_type: 'Note',
          module: zoneModule,
          performed_by_id: admin.id,
          performed_by_name: admin.name,
          date_time: new Date(instant),
          details: { note: instant },
        });
      }
      await tx.execute(sql.raw('alter table audit_logs enable trigger audit_logs_stamp'));
    });
    const notesOf = async (filter: Record<string, unknown>) =>
      (await list({ filter: { module: zoneModule, ...filter }, sort: ['date_time', 'ASC'] })).body.map(
        (e: Entry) => e.details.note,
      );
    expect(await notesOf({ date_from: '2026-11-02', date_to: '2026-11-03' })).toEqual([
      '2026-11-01T18:30:00Z',
      '2026-11-03T18:29:59Z',
    ]);
    expect(await notesOf({ date_to: '2026-11-01' })).toEqual(['2026-11-01T18:29:59Z']);
    expect(await notesOf({ date_from: '2026-11-04' })).toEqual(['2026-11-03T18:30:00Z']);
    const [shown] = (await list({ filter: { module: zoneModule, date_to: '2026-11-01' } })).body as Entry[];
    expect(shown!.date_time).toBe('2026-11-01T23:59:59.000+05:30');
    expect(new Date(shown!.date_time).toISOString()).toBe('2026-11-01T18:29:59.000Z');
  });

  it('answers 400 for a malformed sort, range or filter', async () => {
    const cases: Record<string, unknown>[] = [
      { sort: ['details', 'ASC'] },
      { sort: ['created_at', 'ASC'] },
      { sort: ['id'] },
      { sort: ['id', 'SIDEWAYS'] },
      { sort: 'id' },
      { range: [5, 1] },
      { range: [0, 5000] },
      { range: 'all' },
      { filter: { details: 'x' } },
      { filter: { performed_by_name: 'Administrator' } },
      { filter: { action_type: 'Upsert' } },
      { filter: { performed_by_id: 'me' } },
      { filter: { record_id: -1 } },
      { filter: { date_from: 'yesterday' } },
      { filter: { date_to: '2026-02-30' } },
      { filter: { date_from: '2026-11-05', date_to: '2026-11-01' } },
      { filter: { q: 42 } },
      { filter: [] },
      { filter: '{not json' },
      { page: 1 },
    ];
    for (const params of cases) {
      const res = await list(params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.message, JSON.stringify(params)).toMatch(/[A-Za-z].*\.$/);
    }
    expect((await t.api('GET', '/api/v2/audit-logs/abc')).status).toBe(400);
    expect((await t.api('GET', '/api/v2/audit-logs/2147483000')).status).toBe(404);
  });
});

describe('notes', () => {
  it('records a note performed by the caller, and a correction that refers to an entry it never changes', async () => {
    const country = await create(getResource('countries'), await minimalBody(getResource('countries')));
    const [created] = (
      await t.api('GET', `/api/v2/audit-logs${q({ filter: { module: 'countries', record_id: country.id } })}`)
    ).body as Entry[];
    const before = await entry(created!.id);

    const note = await t.api('POST', '/api/v2/audit-logs', {
      body: { module: 'countries', record_id: country.id, note: '  Created for the Kenya office.  ' },
    });
    expect(note.status, note.text).toBe(201);
    expect(note.body).toMatchObject({
      action_type: 'Note',
      module: 'countries',
      record_id: country.id,
      performed_by: admin,
      details: { note: 'Created for the Kenya office.' },
      refers_to_id: null,
    });
    expect(await entry(note.body.id)).toEqual(note.body);

    const correction = await t.api('POST', '/api/v2/audit-logs', {
      body: {
        module: 'countries',
        record_id: country.id,
        note: 'The code was entered wrongly.',
        refers_to_id: created!.id,
      },
    });
    expect(correction.status, correction.text).toBe(201);
    expect(correction.body).toMatchObject({ action_type: 'Note', refers_to_id: created!.id });
    const referring = await t.api('GET', `/api/v2/audit-logs${q({ filter: { refers_to_id: created!.id } })}`);
    expect(referring.body.map((e: Entry) => e.id)).toEqual([correction.body.id]);
    expect(await entry(created!.id)).toEqual(before);
  });

  it('refuses a note that refers to a missing entry, or is malformed, and leaves no entry', async () => {
    const mark = await watermark();
    const cases: [unknown, string, RegExp][] = [
      [{ module: 'countries', note: 'x', refers_to_id: 2147483000 }, 'refers_to_id', /no audit log entry 2147483000/],
      [{ module: 'countries' }, 'note', /^Note is required\.$/],
      [{ module: 'countries', note: '   ' }, 'note', /^Note is required\.$/],
      [{ note: 'A note' }, 'module', /^Module is required\.$/],
      [{ module: 'countries', note: 'x', record_id: 'seven' }, 'record_id', /Record ID must be a whole number/],
      [{ module: 'countries', note: 'x', refers_to_id: 0 }, 'refers_to_id', /positive whole number/],
      [{ module: 'countries', note: 'x'.repeat(2001) }, 'note', /at most 2000 characters/],
      [{ module: 'countries', note: 'x', action_type: 'Delete' }, '', /Unknown field: action_type/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.api('POST', '/api/v2/audit-logs', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors?.[0]?.field ?? '').toBe(field);
    }
    expect((await t.api('POST', '/api/v2/audit-logs', { raw: '[1]' })).status).toBe(400);
    expect(await entriesSince(mark)).toEqual([]);
  });
});

describe('who may see and add what', () => {
  it('an employee without Audit Logs View is refused (403)', async () => {
    const { token } = await t.employee({
      permissions: matrix({ 'Master Data': { Countries: { Global: { View: true, Add: true } } } }),
    });
    const [any] = (await t.api('GET', `/api/v2/audit-logs${q({ range: [0, 0] })}`)).body as Entry[];
    for (const path of ['/api/v2/audit-logs', `/api/v2/audit-logs/${any!.id}`]) {
      const res = await t.api('GET', path, { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Audit Logs/);
    }
    expect((await t.api('GET', '/api/v2/audit-logs', { token: null })).status).toBe(401);
  });

  it('with Self View sees only the entries it performed', async () => {
    const self = await t.employee({
      permissions: matrix({
        Activity: { 'Audit Logs': { Self: { View: true } } },
        'Master Data': { Countries: { Global: { View: true, Add: true } } },
      }),
    });
    const mine = await create(getResource('countries'), await minimalBody(getResource('countries')), self.token);
    const res = await t.api('GET', `/api/v2/audit-logs${q({ range: [0, 999] })}`, { token: self.token });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((e: Entry) => e.performed_by_id === self.accountId)).toBe(true);
    expect(res.body.map((e: Entry) => [e.action_type, e.module, e.record_id])).toEqual([
      ['Create', 'countries', mine.id],
    ]);
    expect(res.headers.get('content-range')).toBe('audit-logs 0-0/1');
    expect((await entry(res.body[0].id, self.token)).id).toBe(res.body[0].id);

    const [adminEntry] = (
      await t.api('GET', `/api/v2/audit-logs${q({ filter: { performed_by_id: admin.id }, range: [0, 0] })}`)
    ).body as Entry[];
    const outside = await t.api('GET', `/api/v2/audit-logs/${adminEntry!.id}`, { token: self.token });
    expect(outside.status).toBe(404);
    const filtered = await t.api('GET', `/api/v2/audit-logs${q({ filter: { performed_by_id: admin.id } })}`, {
      token: self.token,
    });
    expect(filtered.body).toEqual([]);

    const note = await t.api('POST', '/api/v2/audit-logs', {
      body: { module: 'countries', note: 'Mine.' },
      token: self.token,
    });
    expect(note.status).toBe(403);
    expect(note.body.message).toMatch(/Audit Logs.*Add/);
  });

  it('with Add may note, referring only to entries it may view', async () => {
    const writer = await t.employee({
      permissions: matrix({
        Activity: { 'Audit Logs': { Self: { View: true }, Global: { Add: true } } },
        'Master Data': { Countries: { Global: { View: true, Add: true } } },
      }),
    });
    const mine = await create(getResource('countries'), await minimalBody(getResource('countries')), writer.token);
    const [own] = (
      await t.api('GET', `/api/v2/audit-logs${q({ filter: { record_id: mine.id, module: 'countries' } })}`, {
        token: writer.token,
      })
    ).body as Entry[];
    const [adminEntry] = (
      await t.api('GET', `/api/v2/audit-logs${q({ filter: { performed_by_id: admin.id }, range: [0, 0] })}`)
    ).body as Entry[];

    const refused = await t.api('POST', '/api/v2/audit-logs', {
      body: { module: 'countries', note: 'Not mine to see.', refers_to_id: adminEntry!.id },
      token: writer.token,
    });
    expect(refused.status).toBe(400);
    const accepted = await t.api('POST', '/api/v2/audit-logs', {
      body: { module: 'countries', record_id: mine.id, note: 'Checked.', refers_to_id: own!.id },
      token: writer.token,
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.performed_by).toEqual({ id: writer.accountId, name: own!.performed_by_name });
  });
});

describe('the OpenAPI description', () => {
  it('describes the audit trail', async () => {
    const res = await t.api('GET', '/api/docs/json', { token: null });
    expect(Object.keys(res.body.paths['/api/v2/audit-logs'])).toEqual(['get', 'post', 'put', 'patch', 'delete']);
    expect(res.body.paths['/api/v2/audit-logs/{id}'].delete.responses['405']).toBeDefined();
  });
});

describe("the admin's data provider", () => {
  it('reads and writes the trail on /api/v2/audit-logs, though it is not a declared resource', async () => {
    const calls: string[] = [];
    const provider = createDataProvider({
      mode: 'server',
      apiUrl: `${t.url}/api/v2`,
      legacyApiUrl: `${t.url}/api/v1`,
      fetch: (input, init) => {
        const url = new URL(String(input));
        calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        return fetch(input, init);
      },
      getToken: () => t.token,
    });
    const module = `provider-test-${tag()}`;
    const created = await provider.create('audit-logs', {
      data: { module, record_id: null, note: 'Through the admin.' },
    });
    expect(created.data).toMatchObject({ action_type: 'Note', module, performed_by: admin });
    const correction = await provider.create('audit-logs', {
      data: { module, note: 'A correction.', refers_to_id: created.data.id },
    });
    const list = await provider.getList('audit-logs', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'date_time', order: 'DESC' },
      filter: { q: module, action_type: 'Note' },
    });
    expect(list.total).toBe(2);
    expect(list.data.map((e) => e.id)).toEqual([correction.data.id, created.data.id]);
    const notes = await provider.getList('audit-logs', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'date_time', order: 'ASC' },
      filter: { refers_to_id: created.data.id },
    });
    expect(notes.data.map((e) => e.id)).toEqual([correction.data.id]);
    expect((await provider.getOne('audit-logs', { id: created.data.id })).data).toEqual(created.data);
    const refused = await provider
      .create('audit-logs', { data: { module, note: 'x', refers_to_id: 2147483000 } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).message).toMatch(/no audit log entry 2147483000/);
    const changed = await provider
      .update('audit-logs', { id: created.data.id, data: { note: 'changed' }, previousData: created.data })
      .catch((error: unknown) => error);
    expect((changed as HttpError).status).toBe(405);
    expect(calls.every((call) => call.includes('/api/v2/audit-logs'))).toBe(true);
  });
});
