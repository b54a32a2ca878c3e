// engines: pglite, postgres — every resource's writes and lists, on each engine
/**
 * The generic suite: every declared resource of the REST API, from its declaration alone, on a real database.
 * Create, read, update and delete; the required fields' sentences, with nothing written; the permission matrix
 * and the Self scope; what the public may read; and for image and file fields, files that follow their records.
 * A new resource is covered here without a line written for it.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPath,
  holdsUploads,
  isUploadField,
  requiredMessage,
  resources,
  SINGLETON_ID,
  type ResourceDeclaration,
} from '../../src/resources/index.ts';
import { uploadIdOf } from '../../src/resources/media.ts';
import { catalogueEntry } from '../../src/resources/permissions.ts';
import { ACCESS_CHANGING } from '../../src/server/services/grants.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createRecord, fullBody, minimalBody, sampleText, sampleValue, type Row } from '../helpers/declared.ts';

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'trust-declared-'));
  t = await startTestApp({ uploadsDir });
});
afterAll(async () => {
  await t?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

/**
 * Resources whose /api/v2 routes are the generic ones (the others have behaviours of their own, tested apart: the
 * notifications, which the server writes for each account, in tests/server/notifications.test.ts).
 */
const generic = resources.filter(
  (r) =>
    r.provider === 'rest' &&
    !r.singleton &&
    !r.serverWritten &&
    !r.ownedBy &&
    !ACCESS_CHANGING.some((a) => a.name === r.name),
);
/** Resources of one record (the trust's settings): read and changed, never added or deleted. */
const singletons = resources.filter((r) => r.singleton);
const accessChanging = new Set<string>(ACCESS_CHANGING.map((r) => r.name));

const base = (resource: ResourceDeclaration) => `/api/v2/${apiPath(resource)}`;

/** A change an update can make to any record: a free text, else formatted text, else a flag. */
function changeOf(resource: ResourceDeclaration): [string, unknown] | undefined {
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (!decl.readOnly && decl.kind === 'text' && !decl.pattern && !decl.unique) {
      return [field, sampleText(decl, field, 'Changed')];
    }
  }
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (!decl.readOnly && decl.kind === 'richText') return [field, '<p>Changed</p>'];
  }
  return undefined;
}

async function filesOf(uploadId: string): Promise<string[]> {
  const names: string[] = [];
  for (const folder of ['images', 'files']) {
    const inFolder = await readdir(join(uploadsDir, folder)).catch(() => [] as string[]);
    names.push(...inFolder.filter((n) => n.startsWith(uploadId)));
  }
  return names;
}

/** The upload ids a record names in its image and file fields, and in those of its items. */
function uploadsNamedBy(resource: ResourceDeclaration, row: Row): string[] {
  const ids: string[] = [];
  const collect = (value: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) {
      const id = uploadIdOf(item);
      if (id) ids.push(id);
    }
  };
  for (const [field, decl] of Object.entries(resource.fields)) {
    if (isUploadField(decl)) collect(row[field]);
    if (decl.kind !== 'items') continue;
    for (const item of (row[field] ?? []) as Row[])
      for (const [inner, itemDecl] of Object.entries(decl.fields)) if (isUploadField(itemDecl)) collect(item[inner]);
  }
  return ids;
}

/** How many uploads a full body names: one per image or file field, and one per such field of its one item. */
function uploadSlots(resource: ResourceDeclaration): number {
  let slots = 0;
  for (const decl of Object.values(resource.fields)) {
    if (decl.readOnly) continue;
    if (isUploadField(decl)) slots += 1;
    if (decl.kind === 'items') slots += Object.values(decl.fields).filter(isUploadField).length;
  }
  return slots;
}

it('covers at least the master data and the content resources', () => {
  expect(generic.map((r) => r.name)).toEqual(expect.arrayContaining(['countries', 'states', 'cities', 'news']));
});

for (const resource of generic) {
  describe(resource.name, () => {
    it('creates, reads, updates and deletes a record with every field given', async () => {
      const body = await fullBody(t, resource);
      const created = await createRecord(t, resource, body);
      for (const [field, value] of Object.entries(body)) {
        if (field in resource.fields && resource.fields[field]!.kind !== 'richText') {
          expect(created[field], field).toEqual(value);
        }
      }
      const read = await t.api('GET', `${base(resource)}/${created.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created);
      const listed = await t.api(
        'GET',
        `${base(resource)}?filter=${encodeURIComponent(JSON.stringify({ id: [created.id] }))}`,
      );
      expect(listed.body).toEqual([created]);

      const change = changeOf(resource);
      if (change) {
        const updated = await t.api('PUT', `${base(resource)}/${created.id}`, { body: { [change[0]]: change[1] } });
        expect(updated.status, updated.text).toBe(200);
        expect(updated.body[change[0]]).toEqual(change[1]);
      }
      const deleted = await t.api('DELETE', `${base(resource)}/${created.id}`);
      expect(deleted.status, deleted.text).toBe(200);
      const gone = await t.api('GET', `${base(resource)}/${created.id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(resource.messages?.notFound ?? `${resource.label.one} not found.`);

      // Each write is in the audit trail, by the Admin who made it; an author field names the writer.
      const filter = encodeURIComponent(JSON.stringify({ module: resource.name, record_id: created.id }));
      const trail = await t.api('GET', `/api/v2/audit-logs?filter=${filter}&sort=["id","ASC"]`);
      expect(trail.status, trail.text).toBe(200);
      expect(trail.body.map((entry: Row) => entry.action_type)).toEqual(
        change ? ['Create', 'Update', 'Delete'] : ['Create', 'Delete'],
      );
      for (const [field, decl] of Object.entries(resource.fields))
        if (decl.kind === 'text' && decl.author) expect(created[field], field).toBe(trail.body[0].performed_by_name);
    });

    it("answers each missing required field with its declaration's sentence, and writes nothing", async () => {
      const body = await minimalBody(t, resource);
      const before = await t.api('GET', `${base(resource)}?range=[0,0]`);
      const total = () => Number(before.headers.get('content-range')!.split('/')[1]);
      const required = Object.entries(resource.fields).filter(
        ([, decl]) =>
          !decl.readOnly &&
          requiredMessage(decl) &&
          !('default' in decl && decl.default !== undefined) &&
          !('defaultNow' in decl && decl.defaultNow),
      );
      for (const [field, decl] of required) {
        const without = { ...body };
        delete without[field];
        const res = await t.api('POST', base(resource), { body: without });
        expect(res.status, `${field}: ${res.text}`).toBe(400);
        expect(res.body.errors).toContainEqual({ field, message: requiredMessage(decl) });
      }
      const after = await t.api('GET', `${base(resource)}?range=[0,0]`);
      expect(Number(after.headers.get('content-range')!.split('/')[1])).toBe(total());
    });

    it.skipIf(accessChanging.has(resource.name) || catalogueEntry(resource.permission)?.capabilities.length !== 4)(
      'refuses an account without the permission, and keeps one in Self scope to its own records',
      async () => {
        const { feature, subFeature } = resource.permission;
        const nobody = await t.employee();
        expect((await t.api('GET', base(resource), { token: nobody.token })).status).toBe(403);
        expect((await t.api('POST', base(resource), { body: {}, token: nobody.token })).status).toBe(403);

        const self = await t.employee({
          permissions: { [feature]: { [subFeature]: { Self: { View: true, Add: true, Edit: true, Delete: true } } } },
        });
        const others = await createRecord(t, resource, await minimalBody(t, resource));
        const mine = await createRecord(t, resource, await minimalBody(t, resource, {}, self.token), self.token);
        const list = await t.api('GET', `${base(resource)}?range=[0,999]`, { token: self.token });
        expect(list.status).toBe(200);
        expect((list.body as Row[]).map((r) => r.id)).toEqual([mine.id]);
        expect((await t.api('GET', `${base(resource)}/${others.id}`, { token: self.token })).status).toBe(404);
        expect((await t.api('DELETE', `${base(resource)}/${others.id}`, { token: self.token })).status).toBe(404);
        expect((await t.api('DELETE', `${base(resource)}/${mine.id}`, { token: self.token })).status).toBe(200);
        await t.api('DELETE', `${base(resource)}/${others.id}`);
      },
    );

    const read = resource.publicRead;
    it.skipIf(!read)('lets the public read only what its declaration shows', async () => {
      const shown: Record<string, unknown> = { ...read!.where };
      const hidden: Record<string, unknown> = { ...shown };
      if (read!.notAfterNow) {
        shown[read!.notAfterNow] = '2024-01-01';
        hidden[read!.notAfterNow] = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      } else {
        // Without a date, a row outside `where` is the hidden one.
        const [field, value] = Object.entries(read!.where ?? {})[0] ?? [];
        const decl = field ? resource.fields[field] : undefined;
        if (decl?.kind === 'enum') hidden[field!] = decl.values.find((v) => v !== value);
        if (decl?.kind === 'boolean') hidden[field!] = !value;
      }
      const visible = await createRecord(t, resource, await minimalBody(t, resource, shown));
      const invisible = await createRecord(t, resource, await minimalBody(t, resource, hidden));
      const one = await t.api('GET', `/api/v2/public/${apiPath(resource)}/${visible.id}`, { token: null });
      expect(one.status, one.text).toBe(200);
      expect(Object.keys(one.body).sort()).toEqual(['id', ...read!.fields].sort());
      const none = await t.api('GET', `/api/v2/public/${apiPath(resource)}/${invisible.id}`, { token: null });
      // A declaration that shows every row (an album) has no hidden one.
      const hidesSome = read!.notAfterNow !== undefined || Object.keys(read!.where ?? {}).length > 0;
      expect(none.status).toBe(hidesSome ? 404 : 200);
    });

    const uploadFields = Object.entries(resource.fields).filter(([, decl]) => holdsUploads(decl) && !decl.readOnly);
    it.skipIf(uploadFields.length === 0)(
      'removes the files of a replaced upload once saved, and all of them with the record',
      async () => {
        const record = await createRecord(t, resource, await fullBody(t, resource));
        const first = uploadsNamedBy(resource, record);
        expect(first.length).toBe(uploadSlots(resource));
        for (const id of first) expect((await filesOf(id)).length, id).toBeGreaterThan(0);

        const replacement: Record<string, unknown> = {};
        for (const [field] of uploadFields) replacement[field] = await sampleValue(t, resource, field, {});
        const updated = await t.api('PUT', `${base(resource)}/${record.id}`, { body: replacement });
        expect(updated.status, updated.text).toBe(200);
        for (const id of first) expect(await filesOf(id), id).toEqual([]);

        const second = uploadsNamedBy(resource, updated.body as Row);
        expect((await t.api('DELETE', `${base(resource)}/${record.id}`)).status).toBe(200);
        for (const id of second) expect(await filesOf(id), id).toEqual([]);
      },
    );
  });
}

for (const resource of singletons) {
  describe(`${resource.name} (one record)`, () => {
    const one = () => `${base(resource)}/${SINGLETON_ID}`;

    it('is one record from the start, changed with every field given, never added or deleted, each change audited', async () => {
      const listed = await t.api('GET', base(resource));
      expect(listed.status, listed.text).toBe(200);
      expect((listed.body as Row[]).map((r) => r.id)).toEqual([SINGLETON_ID]);
      const start = await t.api('GET', one());
      expect(start.status).toBe(200);
      // Declared starting values are there before anyone fills the record in.
      for (const [field, decl] of Object.entries(resource.fields))
        if ('default' in decl && decl.default !== undefined) expect(start.body[field], field).toEqual(decl.default);

      const body = await fullBody(t, resource);
      const updated = await t.api('PUT', one(), { body });
      expect(updated.status, updated.text).toBe(200);
      for (const [field, value] of Object.entries(body))
        if (resource.fields[field]?.kind !== 'richText') expect(updated.body[field], field).toEqual(value);
      expect((await t.api('GET', one())).body).toEqual(updated.body);

      const added = await t.api('POST', base(resource), { body });
      expect(added.status).toBe(405);
      expect(added.body.message).toMatch(/can be changed, not added or deleted/);
      expect((await t.api('DELETE', one())).status).toBe(405);
      expect((await t.api('GET', base(resource))).body).toHaveLength(1);

      const filter = encodeURIComponent(JSON.stringify({ module: resource.name, record_id: SINGLETON_ID }));
      const trail = await t.api('GET', `/api/v2/audit-logs?filter=${filter}&sort=["id","DESC"]&range=[0,0]`);
      expect(trail.body[0]).toMatchObject({ action_type: 'Update', module: resource.name });
    });

    it('answers a bad value with its sentence and changes nothing', async () => {
      const before = (await t.api('GET', one())).body as Row;
      const patterned = Object.entries(resource.fields).find(([, decl]) => decl.kind === 'text' && decl.pattern);
      if (!patterned) return;
      const [field, decl] = patterned as [string, { pattern: { message: string } }];
      const res = await t.api('PUT', one(), { body: { [field]: 'not valid ###' } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message: decl.pattern.message });
      expect((await t.api('GET', one())).body).toEqual(before);
    });

    it('is read and changed only with its permission, which offers View and Edit alone', async () => {
      expect(catalogueEntry(resource.permission)?.capabilities).toEqual(['View', 'Edit']);
      const { feature, subFeature } = resource.permission;
      const nobody = await t.employee();
      expect((await t.api('GET', one(), { token: nobody.token })).status).toBe(403);
      expect((await t.api('PUT', one(), { body: {}, token: nobody.token })).status).toBe(403);
      const reader = await t.employee({ permissions: { [feature]: { [subFeature]: { Global: { View: true } } } } });
      expect((await t.api('GET', one(), { token: reader.token })).status).toBe(200);
      expect((await t.api('PUT', one(), { body: {}, token: reader.token })).status).toBe(403);
      const editor = await t.employee({
        permissions: { [feature]: { [subFeature]: { Global: { View: true, Edit: true } } } },
      });
      expect((await t.api('PUT', one(), { body: {}, token: editor.token })).status).toBe(200);
    });

    const read = resource.publicRead;
    it.skipIf(!read)('lets the public read only what its declaration shows', async () => {
      const res = await t.api('GET', `/api/v2/public/${apiPath(resource)}/${SINGLETON_ID}`, { token: null });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['id', ...read!.fields].sort());
    });

    const uploadFields = Object.entries(resource.fields).filter(([, decl]) => holdsUploads(decl) && !decl.readOnly);
    it.skipIf(uploadFields.length === 0)('removes the files of a replaced upload once saved', async () => {
      const first: Record<string, unknown> = {};
      for (const [field] of uploadFields) first[field] = await sampleValue(t, resource, field, {});
      const saved = await t.api('PUT', one(), { body: first });
      expect(saved.status, saved.text).toBe(200);
      const firstIds = uploadsNamedBy(resource, saved.body as Row);
      expect(firstIds.length).toBe(uploadSlots(resource));
      for (const id of firstIds) expect((await filesOf(id)).length, id).toBeGreaterThan(0);
      const second: Record<string, unknown> = {};
      for (const [field] of uploadFields) second[field] = await sampleValue(t, resource, field, {});
      expect((await t.api('PUT', one(), { body: second })).status).toBe(200);
      for (const id of firstIds) expect(await filesOf(id), id).toEqual([]);
    });
  });
}
