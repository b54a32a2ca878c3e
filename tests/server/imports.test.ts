// engines: pglite, postgres — an import writes its rows in one transaction of savepoints, and keeps its jobs in SQL
/**
 * Import into every declared resource (POST /api/v2/<resource>/imports, then /api/v2/imports/:id…): a file exported
 * and imported back changes nothing; an edited cell changes that record alone, through the one write path (audit,
 * behaviours); what offices really send is read (Hindi headers, dd/mm/yyyy, 1,25,051, UTF-16 and Windows-1252 CSV,
 * empty rows and columns); nothing is written before the person confirms, and then all or nothing, or the valid
 * rows only; bad files get a sentence and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, getResource, resources, type ResourceDeclaration } from '../../src/resources/index.ts';
import { resourceWords } from '../../src/resources/resource-words.ts';
import { exportFields } from '../../src/server/services/exports.ts';
import { importFields } from '../../src/server/services/import-cells.ts';
import type { ImportJob, ImportRow } from '../../src/resources/imports.ts';
import { csvLine } from '../../src/server/services/spreadsheet/csv.ts';
import { readSheet, type SheetRow } from '../../src/server/services/spreadsheet/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createRecord, fullBody, sampleText, tag } from '../helpers/declared.ts';

let t: TestApp;
beforeAll(async () => {
  // A small size limit, so that a file too large for it is a few megabytes here; the row limit is the product's.
  t = await startTestApp({ env: { IMPORT_MAX_MB: '4' } });
});
afterAll(async () => {
  await t?.close();
});

const LIMITS = { maxRows: 1_000_000, maxInflatedBytes: 500_000_000 };

async function download(path: string, token?: string): Promise<{ status: number; bytes: Uint8Array; text: string }> {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token ?? t.token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, bytes, text: new TextDecoder().decode(bytes) };
}

async function sheet(bytes: Uint8Array, name: string): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheet(bytes, name, LIMITS)) rows.push(row);
  return rows;
}

/** A CSV file as Excel saves it "CSV UTF-8": a byte-order mark, then the lines. */
const csv = (rows: readonly (readonly string[])[]) => Buffer.from(`\uFEFF${rows.map((row) => csvLine(row)).join('')}`);

async function upload(
  resource: ResourceDeclaration,
  bytes: Uint8Array,
  name: string,
  token?: string,
): Promise<{ status: number; body: ImportJob & { message?: string }; text: string }> {
  const res = await fetch(`${t.url}/api/v2/${apiPath(resource)}/imports?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: Buffer.from(bytes),
    headers: { authorization: `Bearer ${token ?? t.token}`, 'content-type': 'application/octet-stream' },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

/** The job once the work under way has ended (the service says when: no waiting by the clock). */
async function settled(id: number, token?: string): Promise<ImportJob> {
  await t.app.services.imports.idle();
  const res = await t.api('GET', `/api/v2/imports/${id}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body as ImportJob;
}

async function rowsOf(id: number, action?: string, token?: string): Promise<ImportRow[]> {
  const filter = action ? `&filter=${encodeURIComponent(JSON.stringify({ action }))}` : '';
  const res = await t.api('GET', `/api/v2/imports/${id}/rows?range=${encodeURIComponent('[0,999]')}${filter}`, {
    token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as ImportRow[];
}

/** Uploads a file and waits for its preview. */
async function previewed(resource: ResourceDeclaration, bytes: Uint8Array, name: string, token?: string) {
  const started = await upload(resource, bytes, name, token);
  expect(started.status, started.text).toBe(202);
  const job = await settled(started.body.id, token);
  return { job, rows: await rowsOf(job.id, undefined, token) };
}

async function commit(id: number, mode: 'all' | 'valid', token?: string): Promise<ImportJob> {
  const res = await t.api('POST', `/api/v2/imports/${id}/commit`, { body: { mode }, token });
  expect(res.status, res.text).toBe(202);
  return settled(id, token);
}

async function auditOf(resource: ResourceDeclaration, recordId: number) {
  const filter = encodeURIComponent(JSON.stringify({ module: resource.name, record_id: recordId }));
  const res = await t.api('GET', `/api/v2/audit-logs?filter=${filter}&range=${encodeURIComponent('[0,99]')}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { action_type: string; details: { changes?: Record<string, unknown> } }[];
}

const importable = resources.filter((resource) => !resource.serverWritten && !resource.singleton);

/** A text column of the export that an import may change freely (no pattern, no case rule). */
function editableColumn(resource: ResourceDeclaration): string | undefined {
  const writable = new Set(importFields(resource, new Set(['password'])));
  return exportFields(resource).find((field) => {
    const decl = resource.fields[field]!;
    return writable.has(field) && decl.kind === 'text' && !decl.pattern && !decl.upperCase && !decl.multiline;
  });
}

describe('round trip, for every resource people write (made from the declarations)', () => {
  it('covers resources with an editable text column', () => {
    expect(importable.filter((resource) => editableColumn(resource)).length).toBeGreaterThan(15);
  });

  it.each(importable.map((resource) => [resource.name, resource] as const))(
    '%s: exported and imported back, nothing changes; an edited cell changes that record alone',
    async (_name, resource) => {
      const created = await createRecord(t, resource, await fullBody(t, resource));
      const filter = encodeURIComponent(JSON.stringify({ id: [created.id] }));
      const exported = await download(`/api/v2/${apiPath(resource)}/export?format=xlsx&filter=${filter}`);
      expect(exported.status, exported.text.slice(0, 300)).toBe(200);

      const back = await previewed(resource, exported.bytes, `${resource.name}.xlsx`);
      expect(back.job.status, JSON.stringify(back.rows)).toBe('ready');
      expect(back.job.counts, JSON.stringify(back.rows)).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
      expect(back.rows.map((row) => [row.id, row.action, row.recordId])).toEqual([[2, 'unchanged', created.id]]);

      const field = editableColumn(resource);
      if (!field) return;
      const decl = resource.fields[field]! as Extract<(typeof resource.fields)[string], { kind: 'text' }>;
      const [header, row] = await sheet(exported.bytes, 'x.xlsx');
      const column = header!.cells.indexOf(decl.label);
      expect(column, `${field} in ${JSON.stringify(header!.cells)}`).toBeGreaterThan(0);
      const edited = sampleText(decl, field, 'Edited');
      const cells = row!.cells.map((cell, i) => (i === column ? edited : cell));
      const texts = [header!.cells, cells].map((line) =>
        line.map((cell) =>
          cell === null ? '' : typeof cell === 'object' ? cell.day.split('-').reverse().join('/') : String(cell),
        ),
      );
      const change = await previewed(resource, csv(texts), `${resource.name}.csv`);
      expect(change.job.counts, JSON.stringify(change.rows)).toEqual({ create: 0, update: 1, unchanged: 0, error: 0 });
      expect(change.rows[0]!.changes).toEqual([field]);

      const done = await commit(change.job.id, 'all');
      expect(done.status, done.problem ?? '').toBe('done');
      expect(done.result).toEqual({ created: 0, updated: 1, failed: 0 });
      const after = (await t.api('GET', `/api/v2/${apiPath(resource)}/${created.id}`)).body as Record<string, unknown>;
      const before = (created as Record<string, unknown>)[field];
      expect(after[field], `was ${String(before)}`).toBe(edited);
      for (const [key, value] of Object.entries(created))
        if (key !== field && key !== 'updated_at') expect(after[key], key).toEqual(value);
      const updates = (await auditOf(resource, created.id)).filter((entry) => entry.action_type === 'Update');
      expect(updates.length).toBe(1);
      expect(Object.keys(updates[0]!.details.changes ?? {})).toContain(field);
    },
  );
});

describe('what offices send', () => {
  it('reads Hindi headers and a UTF-16 CSV, matches departments by name, and previews every row with its errors', async () => {
    const designations = getResource('designations');
    const unit = tag();
    const science = await t.api('POST', '/api/v2/departments', {
      body: { department_name: `विज्ञान ${unit}`, description: 'Import test' },
    });
    expect(science.status, science.text).toBe(201);
    const hi = resourceWords(designations, 'hi');
    const header = [hi.field('designation'), hi.field('department_id'), hi.field('description'), '', ''];
    const lines = [
      header,
      [`Teacher ${unit}`, `  विज्ञान ${unit} `, 'Teaches', '', ''],
      [`Clerk ${unit}`, `Nowhere ${unit}`, 'Writes', '', ''],
      ['', `विज्ञान ${unit}`, 'No name', '', ''],
      ['', '', '', '', ''],
      ['', '', '', '', ''],
    ];
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(lines.map((line) => line.join('\t')).join('\r\n'), 'utf16le'),
    ]);
    const { job, rows } = await previewed(designations, utf16, 'पद.csv');
    expect(job.status).toBe('ready');
    expect(job.columns.map((c) => c.field)).toEqual(['designation', 'department_id', 'description']);
    expect(job.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 2 });
    expect(rows.map((row) => [row.id, row.action])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'error'],
    ]);
    // The sentence in English, and as its key and values, which the admin says in the reader's language.
    expect(rows[1]!.errors).toEqual([
      {
        field: 'department_id',
        message: `Department: there is none named "Nowhere ${unit}".`,
        said: { key: 'importNoneNamed', values: { text: `Nowhere ${unit}` } },
      },
    ]);
    expect(rows[2]!.errors.map((e) => e.field)).toEqual(['designation']);
    expect(rows[2]!.errors[0]!.message).toMatch(/required/i);
    expect(rows[0]!.cells).toMatchObject({ designation: `Teacher ${unit}` });

    // Nothing is written before the person confirms; all-or-nothing is refused while rows have errors.
    const listed = async () =>
      (await t.api('GET', `/api/v2/designations?filter=${encodeURIComponent(JSON.stringify({ q: unit }))}`)).body as {
        designation: string;
        department_id: number;
      }[];
    expect(await listed()).toEqual([]);
    const refused = await t.api('POST', `/api/v2/imports/${job.id}/commit`, { body: { mode: 'all' } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^2 rows have errors/);

    const done = await commit(job.id, 'valid');
    expect(done).toMatchObject({ status: 'done', mode: 'valid', result: { created: 1, updated: 0, failed: 0 } });
    const added = await listed();
    expect(added).toMatchObject([{ designation: `Teacher ${unit}`, department_id: science.body.id }]);
    const creates = await auditOf(designations, (added[0] as unknown as { id: number }).id);
    expect(creates.map((entry) => entry.action_type)).toEqual(['Create']);

    // The rows that failed, with the file's own headers and an error column, to fix and import again.
    const failed = await download(`/api/v2/imports/${job.id}/failed?format=csv`);
    expect(failed.status).toBe(200);
    const back = (await sheet(failed.bytes, 'x.csv')).map((row) => row.cells);
    expect(back[0]).toEqual([...header.slice(0, 3), 'Error']);
    expect(back.slice(1).map((row) => row[3])).toEqual([
      `Department: there is none named "Nowhere ${unit}".`,
      expect.stringMatching(/required/i),
    ]);
    expect(back[1]!.slice(0, 2)).toEqual([`Clerk ${unit}`, `Nowhere ${unit}`]);

    // In Hindi: the heading, the import's own sentence and the declaration's validation sentence, each after its
    // column's Hindi name.
    const hindi = await download(`/api/v2/imports/${job.id}/failed?format=csv&lang=hi`);
    const backHi = (await sheet(hindi.bytes, 'x.csv')).map((row) => row.cells);
    expect(backHi[0]![3]).toBe('त्रुटि');
    expect(backHi.slice(1).map((row) => row[3])).toEqual([
      `${hi.field('department_id')}: "Nowhere ${unit}" नाम का कोई नहीं है।`,
      `${hi.field('designation')} आवश्यक है।`,
    ]);
  });

  it('reads dd/mm/yyyy, Excel-typed amounts with Indian grouping, Windows-1252 text, and numbers receipts through the write path', async () => {
    const donations = getResource('donations');
    const unit = tag();
    const lines = [
      // Windows-1252 has no ₹: the office wrote the amount's header without it.
      ['Donor Name', 'Amount', 'Date', 'Status', 'Payment Method'],
      [`Ramesh ${unit}`, '1,25,051', '27/11/2026 10:30', 'Received', 'Bank Transfer'],
      [`José ${unit}`, 'Rs. 500', '01/04/2026', 'Pending', 'Online Payment'],
      [`Bad amount ${unit}`, '12.5', '31/02/2026', 'Received', 'Cheque'],
    ];
    const text = lines.map((line) => line.join(';')).join('\r\n');
    const cp1252 = Buffer.from([...text].map((c) => (c === 'é' ? 0xe9 : c.charCodeAt(0))));
    const { job, rows } = await previewed(donations, cp1252, 'donations.csv');
    expect(job.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 1 });
    expect(rows[2]!.errors.map((e) => e.field)).toEqual(['amount', 'date', 'payment_method']);
    expect(rows[1]!.cells.donor_name).toBe(`José ${unit}`);

    const done = await commit(job.id, 'valid');
    expect(done.result).toEqual({ created: 2, updated: 0, failed: 0 });
    const list = (await t.api('GET', `/api/v2/donations?filter=${encodeURIComponent(JSON.stringify({ q: unit }))}`))
      .body as { donor_name: string; amount: number; date: string; status: string; receipt_no: string | null }[];
    const ramesh = list.find((d) => d.donor_name === `Ramesh ${unit}`)!;
    expect(ramesh.amount).toBe(125051);
    expect(new Date(ramesh.date).toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(ramesh.receipt_no).toMatch(/\d/);
    expect(list.find((d) => d.donor_name === `José ${unit}`)).toMatchObject({ amount: 500, receipt_no: null });
  });

  it('reads back the rows a PDF export carries', async () => {
    const departments = getResource('departments');
    const unit = tag();
    const made = await t.api('POST', '/api/v2/departments', {
      body: { department_name: `संगीत ${unit}`, description: 'PDF round trip' },
    });
    expect(made.status).toBe(201);
    const filter = encodeURIComponent(JSON.stringify({ id: [made.body.id] }));
    const pdf = await download(`/api/v2/departments/export?format=pdf&lang=hi&filter=${filter}`);
    expect(pdf.status).toBe(200);
    const { job, rows } = await previewed(departments, pdf.bytes, 'departments.pdf');
    expect(job.counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
    expect(rows[0]).toMatchObject({ id: 2, recordId: made.body.id });
  });
});

describe('a yes-or-no field with words of its own', () => {
  it('is written in its words in either language, and read back from them', async () => {
    const users = getResource('users');
    const unit = tag();
    const made = await t.api('POST', '/api/v2/users', {
      body: {
        username: `Yes-no ${unit}`,
        email: `yes-no-${unit}@example.org`,
        user_type: 'Client',
        is_active: false,
        password: `A-long-password-${unit}`,
      },
    });
    expect(made.status, made.text).toBe(201);
    const filter = encodeURIComponent(JSON.stringify({ id: [made.body.id] }));
    for (const language of ['en', 'hi'] as const) {
      const exported = await download(`/api/v2/users/export?format=csv&lang=${language}&filter=${filter}`);
      expect(exported.status, exported.text).toBe(200);
      const [header, row] = await sheet(exported.bytes, 'x.csv');
      const words = resourceWords(users, language);
      const status = row!.cells[header!.cells.indexOf(words.field('is_active'))];
      expect(status).toBe(language === 'en' ? 'Inactive' : 'निष्क्रिय');
      expect(status).toBe(words.flag('is_active', false));

      const back = await previewed(users, exported.bytes, `users-${language}.csv`);
      expect(back.job.counts, JSON.stringify(back.rows)).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
    }
  });
});

describe('one transaction', () => {
  it('takes everything back when one row fails as it is written, or writes the others when asked to', async () => {
    const departments = getResource('departments');
    const unit = tag();
    // Two new departments of one name: each looks right alone; the second is refused by the database.
    const file = csv([
      ['Department Name', 'Description'],
      [`Library ${unit}`, 'First'],
      [`Archive ${unit}`, 'Second'],
      [`library ${unit} `, 'Twin'],
    ]);
    const all = await previewed(departments, file, 'd.csv');
    expect(all.job.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    const failed = await commit(all.job.id, 'all');
    expect(failed.status).toBe('failed');
    expect(failed.problem).toMatch(/^Row 4: .*Nothing was imported\.$/);
    // Its key and values too, for the admin to say it in the reader's language.
    expect(failed.problemSaid).toMatchObject({ key: 'importRowFailed', values: { row: 4 } });
    const named = async () =>
      (await t.api('GET', `/api/v2/departments?filter=${encodeURIComponent(JSON.stringify({ q: unit }))}`)).body as {
        department_name: string;
      }[];
    expect(await named()).toEqual([]);
    expect((await rowsOf(all.job.id, 'error')).map((row) => row.id)).toEqual([4]);

    const valid = await previewed(departments, file, 'd.csv');
    const done = await commit(valid.job.id, 'valid');
    expect(done.result).toEqual({ created: 2, updated: 0, failed: 1 });
    expect((await named()).map((d) => d.department_name).sort()).toEqual([`Archive ${unit}`, `Library ${unit}`]);
    const errors = await rowsOf(valid.job.id, 'error');
    expect(errors.map((row) => row.id)).toEqual([4]);
    expect(errors[0]!.errors[0]!.message).toMatch(/already/i);
  });
});

describe('who may import what', () => {
  it('needs Add or Edit; adds only with Add, changes only with Edit; a job is its creator’s alone', async () => {
    const departments = getResource('departments');
    const perm = departments.permission;
    const viewer = await t.employee({
      permissions: { [perm.feature]: { [perm.subFeature]: { Global: { View: true } } } },
    });
    expect((await download('/api/v2/departments/import/template', viewer.token)).status).toBe(403);
    const file = csv([
      ['Department Name', 'Description'],
      [`Viewer ${tag()}`, 'x'],
    ]);
    expect((await upload(departments, file, 'd.csv', viewer.token)).status).toBe(403);

    const adder = await t.employee({
      permissions: { [perm.feature]: { [perm.subFeature]: { Global: { View: true, Add: true } } } },
    });
    const existing = await t.api('POST', '/api/v2/departments', {
      body: { department_name: `Existing ${tag()}`, description: 'x' },
    });
    const mixed = csv([
      ['ID', 'Department Name', 'Description'],
      ['', `Adder ${tag()}`, 'x'],
      [String(existing.body.id), `Renamed ${tag()}`, 'x'],
    ]);
    const { job, rows } = await previewed(departments, mixed, 'd.csv', adder.token);
    expect(rows.map((row) => row.action)).toEqual(['create', 'error']);
    expect(rows[1]!.errors[0]!.message).toBe('You do not have permission to edit Departments.');

    // Another account sees nothing of it.
    expect((await t.api('GET', `/api/v2/imports/${job.id}`)).status).toBe(404);
    expect((await t.api('GET', `/api/v2/imports/${job.id}/rows`)).status).toBe(404);
    expect((await t.api('POST', `/api/v2/imports/${job.id}/commit`, { body: { mode: 'valid' } })).status).toBe(404);
    const recent = await t.api('GET', '/api/v2/imports?resource=departments', { token: adder.token });
    expect((recent.body as ImportJob[])[0]!.id).toBe(job.id);
  });
});

describe('bad files get a sentence and change nothing', () => {
  const departments = () => getResource('departments');
  const refusal = async (bytes: Uint8Array, name: string) => {
    const res = await upload(departments(), bytes, name);
    return { status: res.status, message: res.body?.message };
  };

  it('refuses what is not a spreadsheet, what has no rows or misses a required column, and what is too large', async () => {
    expect(await refusal(Buffer.from('this is not a workbook'), 'list.xlsx')).toEqual({
      status: 415,
      message: 'The file is not an Excel workbook (.xlsx).',
    });
    expect(await refusal(Buffer.from('%PDF-1.7\n%%EOF\n'), 'list.pdf')).toMatchObject({ status: 422 });
    expect(await refusal(csv([['Department Name', 'Description']]), 'd.csv')).toEqual({
      status: 422,
      message: 'The file has a header row and no rows under it.',
    });
    expect(await refusal(csv([['Description'], ['No name']]), 'd.csv')).toEqual({
      status: 422,
      message: 'The file has no column for Department Name, which every new department needs.',
    });
    expect(
      await refusal(
        csv([
          ['Colour', 'Shape'],
          ['Red', 'Round'],
        ]),
        'd.csv',
      ),
    ).toMatchObject({ status: 422 });
    const large = Buffer.alloc(5 * 1024 * 1024, 'a');
    expect((await refusal(large, 'd.csv')).status).toBe(413);
  });

  it('says each refusal by its sentence, its values in the language the upload asks for', async () => {
    const send = async (bytes: Uint8Array, name: string, lang: string) => {
      const res = await fetch(`${t.url}/api/v2/departments/imports?name=${name}&lang=${lang}`, {
        method: 'POST',
        body: Buffer.from(bytes),
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/octet-stream' },
      });
      return { status: res.status, body: (await res.json()) as { message: string; said?: unknown } };
    };
    const hi = resourceWords(departments(), 'hi');
    // The message stays English (what every client reads); `said` carries the key and the Hindi values.
    expect(await send(csv([['Description'], ['No name']]), 'd.csv', 'hi')).toMatchObject({
      status: 422,
      body: {
        message: 'The file has no column for Department Name, which every new department needs.',
        said: { key: 'importMissingColumns', values: { fields: hi.field('department_name'), one: hi.one } },
      },
    });
    expect(hi.field('department_name')).not.toBe('Department Name');
    expect(await send(Buffer.from('this is not a workbook'), 'list.xlsx', 'hi')).toMatchObject({
      status: 415,
      body: { said: { key: 'sheetNotXlsx', values: {} } },
    });
    expect(await send(csv([['Department Name', 'Description']]), 'd.csv', 'en')).toMatchObject({
      status: 422,
      body: { said: { key: 'importNoRows', values: {} } },
    });
    expect(await send(csv([['Department Name'], ['A']]), 'd.csv', 'fr')).toMatchObject({
      status: 400,
      body: { message: 'The language is lang=en or lang=hi.' },
    });
  });

  it('refuses a file name that is not a name, and starts no job for it', async () => {
    const good = csv([
      ['Department Name', 'Description'],
      ['Named well', 'x'],
    ]);
    const jobs = async () => (await t.api('GET', '/api/v2/imports?resource=departments')).body as ImportJob[];
    const before = await jobs();
    const nul = await refusal(good, 'list\u0000.csv');
    expect(nul.status).toBe(400);
    expect(nul.message).toEqual(expect.any(String));
    expect(await refusal(good, `${'n'.repeat(256)}.csv`)).toEqual({
      status: 400,
      message: "The file's name (name) must be text of at most 255 characters.",
    });
    // A megabyte of name never reaches the route: the request line is refused as too large, with a 4xx.
    const huge = await upload(departments(), good, 'n'.repeat(1024 * 1024));
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await jobs()).toEqual(before);
  });

  it('refuses a file of 1,000,001 rows, with the limit in the sentence', async () => {
    const rows = Buffer.from(`Department Name,Description\n${'x,y\n'.repeat(1_000_001)}`);
    expect(await refusal(rows, 'd.csv')).toEqual({
      status: 413,
      message: 'The file has more than 10,00,000 rows, the most an import takes. Split it into smaller files.',
    });
  });

  it('refuses XML with external entities and a zip bomb, before they are read', async () => {
    const { zipSync, strToU8 } = await import('fflate');
    const part = (xml: string) => strToU8(`<?xml version="1.0"?>${xml}`);
    const book = (sheetXml: Uint8Array) =>
      zipSync({
        '[Content_Types].xml': part('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
        'xl/workbook.xml': part(
          '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/_rels/workbook.xml.rels': part(
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        'xl/worksheets/sheet1.xml': sheetXml,
      });
    const xxe = book(
      part(
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&e;</t></is></c></row></sheetData></worksheet>',
      ),
    );
    expect((await refusal(xxe, 'x.xlsx')).status).toBe(422);
    // A sheet of well-formed XML (one cell, then spaces) that unpacks from about 100 KB to 90 MB.
    const padding = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Department Name</t></is></c><c r="B1" t="inlineStr"><is><t>Description</t></is></c></row>${' '.repeat(90 * 1024 * 1024)}</sheetData></worksheet>`;
    const bomb = book(part(padding));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb, 'x.xlsx')).toEqual({ status: 413, message: 'The workbook unpacks to more than 84 MB.' });
    // And XML that does not parse is a damaged file, said so.
    expect(await refusal(book(new Uint8Array(1000)), 'x.xlsx')).toEqual({
      status: 422,
      message: 'The file is not a workbook that can be read: it may be damaged.',
    });
  });

  it('says why a request about a job is wrong', async () => {
    const departments = getResource('departments');
    const { job } = await previewed(
      departments,
      csv([
        ['Department Name', 'Description'],
        [`Job ${tag()}`, 'x'],
      ]),
      'd.csv',
    );
    const bad = async (method: string, path: string, body?: unknown) =>
      (await t.api(method, path, body === undefined ? {} : { body })).status;
    expect(await bad('POST', `/api/v2/imports/${job.id}/commit`, { mode: 'some' })).toBe(400);
    expect(await bad('GET', `/api/v2/imports/${job.id}/rows?range=[5,1]`)).toBe(400);
    expect(await bad('GET', `/api/v2/imports/${job.id}/rows?filter={"action":"maybe"}`)).toBe(400);
    expect(await bad('GET', `/api/v2/imports/${job.id}/failed?format=doc`)).toBe(400);
    expect(await bad('GET', '/api/v2/imports?resource=nothing')).toBe(400);
    expect(await bad('DELETE', `/api/v2/imports/${job.id}`)).toBe(200);
    expect(await bad('POST', `/api/v2/imports/${job.id}/commit`, { mode: 'valid' })).toBe(409);
    expect(await bad('GET', '/api/v2/imports/999999')).toBe(404);
  });
});

describe('the template', () => {
  it('has the columns in the language, marks the required ones, and a help sheet in both languages', async () => {
    const file = await download('/api/v2/designations/import/template?lang=hi');
    expect(file.status).toBe(200);
    const [head, ...rest] = await sheet(file.bytes, 't.xlsx');
    const hi = resourceWords(getResource('designations'), 'hi');
    expect(head!.cells).toEqual([
      hi.field('id'),
      `${hi.field('designation')} *`,
      `${hi.field('department_id')} *`,
      `${hi.field('description')} *`,
    ]);
    expect(rest).toEqual([]);
    // Imported back as it is (headers only), it is a file with no rows.
    expect((await upload(getResource('designations'), file.bytes, 't.xlsx')).status).toBe(422);
  });
});
