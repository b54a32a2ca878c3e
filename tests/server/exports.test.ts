// engines: pglite — exports read lists through the record service, whose SQL runs on both engines in resources.test.ts
/**
 * Export of every declared resource's list (GET /api/v2/<resource>/export): the file holds the list as the person
 * sees it (filter, search, order, every page), its columns headed in the chosen language, display values, the
 * caller's reach, an audit entry; bad requests get a sentence and no file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, resources, type ResourceDeclaration } from '../../src/resources/index.ts';
import { resourceWords } from '../../src/resources/resource-words.ts';
import { exportColumns, exportFields, exportRows } from '../../src/server/services/exports.ts';
import { parseListQuery } from '../../src/server/services/list-query.ts';
import { INTERNAL } from '../../src/server/services/records.ts';
import { readSheet, type SheetRow } from '../../src/server/services/spreadsheet/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { createRecord, fullBody } from '../helpers/declared.ts';

let t: TestApp;
beforeAll(async () => {
  // A small PDF limit, so that a list longer than a PDF holds is a few rows here.
  t = await startTestApp({ env: { EXPORT_PDF_MAX_ROWS: '5' } });
});
afterAll(async () => {
  await t?.close();
});

const LIMITS = { maxRows: 1_000_000, maxInflatedBytes: 500_000_000 };

async function download(
  path: string,
  token?: string,
): Promise<{ status: number; headers: Headers; bytes: Uint8Array; text: string }> {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token ?? t.token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

async function sheet(bytes: Uint8Array, name: string): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheet(bytes, name, LIMITS)) rows.push(row);
  return rows;
}

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  ).toString();

/** Resources a test can add a record of through the API. */
const addable = (resource: ResourceDeclaration) => !resource.serverWritten && !resource.singleton;

describe('every declared resource exports its list, from its declaration alone', () => {
  it.each(resources.map((resource) => [resource.name, resource] as const))('%s', async (_name, resource) => {
    let created: { id: number } | undefined;
    if (addable(resource)) created = await createRecord(t, resource, await fullBody(t, resource));
    const headings = ['ID', ...exportFields(resource).map((field) => resource.fields[field]!.label)];
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await download(`/api/v2/${apiPath(resource)}/export?format=${format}`);
      expect(file.status, file.text.slice(0, 300)).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${apiPath(resource)}-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
      );
      const rows = await sheet(file.bytes, `x.${format}`);
      expect(rows[0]!.cells).toEqual(headings);
      expect(rows.length - 1).toBe(Number(file.headers.get('x-total-count')));
      if (created) expect(rows.slice(1).map((row) => Number(row.cells[0]))).toContain(created.id);
    }
  });
});

describe('what the list shows, as the office reads it', () => {
  it('follows the filter, search and order, shows references by name and enums and dates as words, in Hindi too', async () => {
    const unit = Date.now().toString(36);
    const dept = (name: string) =>
      t.api('POST', '/api/v2/departments', { body: { department_name: name, description: 'Export test' } });
    const science = (await dept(`विज्ञान ${unit}`)).body;
    const arts = (await dept(`=Arts ${unit}`)).body;
    for (const [name, department] of [
      [`Zeta teacher ${unit}`, science],
      [`Alpha teacher ${unit}`, science],
      [`Beta teacher ${unit}`, arts],
    ] as const) {
      const res = await t.api('POST', '/api/v2/designations', {
        body: { designation: name, department_id: department.id, description: 'Teaches' },
      });
      expect(res.status, res.text).toBe(201);
    }
    const params = {
      format: 'csv',
      filter: { q: `teacher ${unit}`, department_id: science.id },
      sort: ['designation', 'DESC'],
    };
    const csv = await download(`/api/v2/designations/export?${q(params)}`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = (await sheet(csv.bytes, 'x.csv')).map((row) => row.cells.slice(1));
    expect(rows).toEqual([
      ['Designation Name', 'Department', 'Description'],
      [`Zeta teacher ${unit}`, `विज्ञान ${unit}`, 'Teaches'],
      [`Alpha teacher ${unit}`, `विज्ञान ${unit}`, 'Teaches'],
    ]);

    // A department whose name would run as a formula is neutralised in both formats.
    const other = await download(
      `/api/v2/designations/export?${q({ format: 'xlsx', filter: { department_id: arts.id } })}`,
    );
    const [, beta] = await sheet(other.bytes, 'x.xlsx');
    expect(beta!.cells.slice(1)).toEqual([`Beta teacher ${unit}`, `'=Arts ${unit}`, 'Teaches']);

    // Hindi: the headings and the title are the resource's Hindi words; enum values are their Hindi words.
    const news = await t.api('POST', '/api/v2/news', {
      body: { title: `समाचार ${unit}`, content: '<p>x</p>', publish_date: '2026-11-27', status: 'Inactive' },
    });
    expect(news.status, news.text).toBe(201);
    const hindi = await download(`/api/v2/news/export?${q({ format: 'xlsx', lang: 'hi', filter: { q: unit } })}`);
    const [head, row] = await sheet(hindi.bytes, 'x.xlsx');
    const words = resourceWords(resource('news'), 'hi');
    expect(head!.cells).toEqual(['आईडी', ...exportFields(resource('news')).map(words.field)]);
    expect(head!.cells).toContain('शीर्षक');
    const cell = (field: string) => row!.cells[1 + exportFields(resource('news')).indexOf(field)];
    expect(cell('status')).toBe(words.choice('status', 'Inactive'));
    expect(cell('status')).not.toBe('Inactive');
    expect(cell('publish_date')).toEqual({ day: '2026-11-27' });
  });

  it('gives every page of a long list, in order, however the pages fall', async () => {
    const departments = resource('departments');
    for (let i = 0; i < 4; i++)
      await t.api('POST', '/api/v2/departments', {
        body: { department_name: `Paged ${i} ${Date.now()}`, description: 'p' },
      });
    const query = parseListQuery(departments, { sort: JSON.stringify(['department_name', 'DESC']) });
    const records = t.app.services.records;
    const all = (await records.list(INTERNAL, departments, { ...query, range: { start: 0, end: 999 } })).rows;
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const size of [1, 2, 3, all.length, all.length + 1]) {
      const paged = [];
      for await (const row of exportRows(records, INTERNAL, departments, query, [], undefined, size))
        paged.push(row.id);
      expect(paged, `pages of ${size}`).toEqual(all.map((row) => row.id));
    }
  });
});

describe('PDF', () => {
  it('prints the list in Hindi that reads back in order, with its filter, and carries its rows as an attached CSV', async () => {
    const unit = Date.now().toString(36);
    await t.api('PUT', '/api/v2/trust-settings/1', {
      body: { name_hi: 'श्री आदर्श गुरुकुल न्यास', name_en: 'Adarsh Gurukul Trust' },
    });
    for (const name of [`कृषि विज्ञान ${unit}`, `संस्कृत शिक्षा ${unit}`])
      expect(
        (await t.api('POST', '/api/v2/departments', { body: { department_name: name, description: 'विभाग' } })).status,
      ).toBe(201);
    const file = await download(
      `/api/v2/departments/export?${q({ format: 'pdf', lang: 'hi', filter: { q: unit }, sort: ['department_name', 'ASC'] })}`,
    );
    expect(file.status, file.text.slice(0, 200)).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/filename="departments-\d{4}-\d{2}-\d{2}\.pdf"/);
    const dir = mkdtempSync(join(tmpdir(), 'export-pdf-'));
    try {
      const pdf = join(dir, 'list.pdf');
      writeFileSync(pdf, file.bytes);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      // pdftotext puts a space before some vowel signs; the letters come out in reading order.
      const letters = text.replace(/\s+/g, '');
      for (const words of ['श्रीआदर्शगुरुकुलन्यास', 'विभाग', `कृषिविज्ञान${unit}`, `संस्कृतशिक्षा${unit}`, `खोज:“${unit}”`])
        expect(letters).toContain(words);
      expect(letters.indexOf(`कृषिविज्ञान${unit}`)).toBeLessThan(letters.indexOf(`संस्कृतशिक्षा${unit}`));
      execFileSync('pdfdetach', ['-saveall', '-o', dir, pdf]);
      const rows = await sheet(new Uint8Array(readFileSync(join(dir, 'rows.csv'))), 'rows.csv');
      expect(rows.map((row) => row.cells.slice(1, 2))).toEqual([
        ['विभाग का नाम'],
        [`कृषि विज्ञान ${unit}`],
        [`संस्कृत शिक्षा ${unit}`],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a list longer than a PDF holds, with a sentence, and writes no audit entry', async () => {
    const letter = (n: number) => String.fromCharCode(65 + (n % 26));
    const stamp = Date.now();
    for (let i = 0; i < 6; i++)
      await t.api('POST', '/api/v2/countries', {
        body: { name: `Pdfland ${i} ${stamp}`, code: `Q${letter(stamp)}${letter(i)}` },
      });
    const res = await t.api('GET', '/api/v2/countries/export?format=pdf');
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toMatch(
      /A PDF holds at most 5 rows, and this list has \d+\. Narrow it with its search or filters, or export it as Excel or CSV\./,
    );
  });
});

/** A news item of one's own, posted by the account of `token`. */
async function ownNews(token: string, title: string): Promise<{ id: number }> {
  const res = await t.api('POST', '/api/v2/news', {
    token,
    body: { title, content: '<p>x</p>', publish_date: '2026-11-20', status: 'Active' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('who may export what', () => {
  it('needs View, keeps Self scope to one’s own rows, and leaves an audit entry with the count and the filter', async () => {
    const clerk = await t.employee({ permissions: { Media: { News: { Self: { View: true, Add: true } } } } });
    const own = await ownNews(clerk.token, 'Clerk’s own news');
    const file = await download('/api/v2/news/export?format=csv', clerk.token);
    expect(file.status, file.text).toBe(200);
    const ids = (await sheet(file.bytes, 'x.csv')).slice(1).map((row) => Number(row.cells[0]));
    expect(ids).toEqual([own.id]);

    const refused = await download('/api/v2/donations/export?format=xlsx', clerk.token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/json/);

    const trail = await t.api(
      'GET',
      `/api/v2/audit-logs?${q({ filter: { action_type: 'Note', q: 'exported' }, sort: ['date_time', 'DESC'], range: [0, 0] })}`,
    );
    expect(trail.status, trail.text).toBe(200);
    const [entry] = trail.body as { details: { note: string }; performed_by_id: number; module: string }[];
    expect(entry!.module).toBe('news');
    expect(entry!.performed_by_id).toBe(clerk.accountId);
    expect(entry!.details.note).toMatch(/exported 1 row of News as CSV; filter \{\}/);
  });

  it('never exports a secret: no column names a password, a token or an account', () => {
    for (const resource of resources) {
      const columns = exportColumns(resource, 'en', 'Asia/Kolkata').map((column) => column.field);
      for (const field of columns) expect(field).not.toMatch(/password|token|hash|secret/i);
      for (const field of resource.writeOnly ?? []) expect(columns).not.toContain(field);
    }
  });
});

describe('the audit trail exports its list as the declared lists do', () => {
  it('gives the entries of the filter in the list’s order, in words, in either language, and is itself an entry', async () => {
    const unit = Date.now().toString(36);
    const made = await t.api('POST', '/api/v2/countries', {
      body: { name: `Audit land ${unit}`, code: 'QZ', status: 'Active' },
    });
    expect(made.status, made.text).toBe(201);
    const renamed = await t.api('PUT', `/api/v2/countries/${made.body.id}`, {
      body: { ...made.body, name: `Audit land ${unit} renamed` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const params = { filter: { module: 'countries', record_id: made.body.id }, sort: ['date_time', 'DESC'] };
    const listed = (await t.api('GET', `/api/v2/audit-logs?${q(params)}`)).body as { id: number }[];
    expect(listed).toHaveLength(2);

    const csv = await download(`/api/v2/audit-logs/export?${q({ ...params, format: 'csv', lang: 'en' })}`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers.get('x-total-count')).toBe('2');
    const [head, update, create] = (await sheet(csv.bytes, 'x.csv')).map((row) => row.cells);
    expect(head).toEqual(['ID', 'Action', 'Module', 'Record', 'Performed By', 'Date & Time', 'Details']);
    expect([update![0], create![0]].map(Number)).toEqual(listed.map((entry) => entry.id));
    expect(update!.slice(1, 5)).toEqual(['Update', 'Countries', String(made.body.id), 'Administrator']);
    expect(update![5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(update![6]).toBe(`Country Name: Audit land ${unit} → Audit land ${unit} renamed`);
    expect(create![1]).toBe('Create');
    expect(create![6]).toContain(`Country Name: Audit land ${unit}`);

    // In Hindi, as an Excel workbook: the columns, the action and the module in Hindi.
    const xlsx = await download(`/api/v2/audit-logs/export?${q({ ...params, format: 'xlsx', lang: 'hi' })}`);
    expect(xlsx.status, xlsx.text).toBe(200);
    const hindi = (await sheet(xlsx.bytes, 'x.xlsx')).map((row) => row.cells);
    expect(hindi[0]).toEqual(['आईडी', 'कार्रवाई', 'मॉड्यूल', 'रिकॉर्ड', 'किसने किया', 'तारीख़ और समय', 'विवरण']);
    const countryWords = resourceWords(
      resources.find((r) => r.name === 'countries')!,
      'hi',
    );
    expect(hindi[1]!.slice(1, 3)).toEqual(['बदला गया', countryWords.many]);
    // A recorded enum value in the list's words, as the entry's screen says it.
    const active = countryWords.choice('status', 'Active');
    expect(active).not.toBe('Active');
    expect(hindi[2]![6]).toContain(`${countryWords.field('status')}: ${active}`);
    expect(create![6]).toContain('Status: Active');

    // Each export is an entry of the trail, and the file holds what was there when it started: not its own entry.
    const trail = await t.api(
      'GET',
      `/api/v2/audit-logs?${q({ filter: { module: 'audit-logs' }, sort: ['id', 'DESC'], range: [0, 0] })}`,
    );
    const [note] = trail.body as { id: number; details: { note: string } }[];
    expect(note!.details.note).toMatch(/exported 2 rows of Audit Logs as Excel; filter \{"module":"countries"/);
    const all = await download(`/api/v2/audit-logs/export?${q({ format: 'csv', sort: ['id', 'DESC'] })}`);
    const [, newest] = (await sheet(all.bytes, 'x.csv')).map((row) => Number(row.cells[0]));
    expect(newest).toBe(note!.id);
    expect(all.headers.get('x-total-count')).toBe(String((await sheet(all.bytes, 'x.csv')).length - 1));
  });

  it('reads a trail longer than a page from where the last page ended: every entry once, in order, ties by id', async () => {
    // 1,001 entries of one module (a page is 1,000): in the order of the module, only their ids tell them apart.
    const module = `keyset-${Date.now().toString(36)}`;
    for (let i = 0; i < 1001; i++) {
      const note = await t.api('POST', '/api/v2/audit-logs', { body: { module, note: `entry ${i}` } });
      expect(note.status, note.text).toBe(201);
    }
    const ids = async (sort: [string, 'ASC' | 'DESC']) => {
      const file = await download(`/api/v2/audit-logs/export?${q({ format: 'csv', filter: { module }, sort })}`);
      expect(file.status, file.text).toBe(200);
      return (await sheet(file.bytes, 'x.csv')).slice(1).map((row) => Number(row.cells[0]));
    };
    const ascending = await ids(['id', 'ASC']);
    expect(ascending).toHaveLength(1001);
    expect(new Set(ascending).size).toBe(1001);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await ids(['date_time', 'ASC'])).toEqual(ascending);
    expect(await ids(['module', 'DESC'])).toEqual([...ascending].reverse());
    expect(await ids(['performed_by_name', 'ASC'])).toEqual(ascending);
  });

  it('needs Audit Logs View, keeps Self scope to one’s own entries, and refuses what cannot be made', async () => {
    const none = await t.employee({ permissions: { Media: { News: { Global: { View: true } } } } });
    expect((await download('/api/v2/audit-logs/export?format=csv', none.token)).status).toBe(403);
    const self = await t.employee({
      permissions: {
        Activity: { 'Audit Logs': { Self: { View: true } } },
        Media: { News: { Self: { View: true, Add: true } } },
      },
    });
    const own = await ownNews(self.token, 'Own news for the trail');
    const file = await download('/api/v2/audit-logs/export?format=csv', self.token);
    expect(file.status, file.text).toBe(200);
    const rows = (await sheet(file.bytes, 'x.csv')).slice(1).map((row) => row.cells);
    expect(rows.map((cells) => [cells[1], cells[3]])).toEqual([['Create', String(own.id)]]);

    const pdf = await download('/api/v2/audit-logs/export?format=pdf');
    expect(pdf.status).toBe(422);
    expect(JSON.parse(pdf.text).message).toMatch(/^A PDF holds at most 5 rows, and this list has/);
    for (const query of ['format=doc', 'format=csv&lang=fr', 'format=csv&filter={"nope":1}', 'format=csv&sort=x']) {
      const res = await download(`/api/v2/audit-logs/export?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.parse(res.text).message).toEqual(expect.any(String));
    }
  });
});

describe('bad requests get a sentence and no file', () => {
  it.each([
    ['no format', 'x=1', /format=xlsx, format=csv or format=pdf/],
    ['an unknown format', 'format=xls', /format=xlsx, format=csv or format=pdf/],
    ['an unknown language', 'format=csv&lang=fr', /lang=en or lang=hi/],
    ['an unknown column', `format=csv&columns=${encodeURIComponent('["password"]')}`, /column "password"/],
    ['columns that are not a list', `format=csv&columns=${encodeURIComponent('"title"')}`, /columns parameter/],
    ['an unknown sort', `format=csv&sort=${encodeURIComponent('["nope","ASC"]')}`, /Cannot sort/],
    ['an unknown parameter', 'format=csv&drop=1', /Unknown query parameter/],
  ])('%s', async (_what, query, sentence) => {
    const res = await t.api('GET', `/api/v2/news/export?${query}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(sentence);
  });
});

function resource(name: string): ResourceDeclaration {
  return resources.find((r) => r.name === name)!;
}
