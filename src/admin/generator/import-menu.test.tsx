/**
 * The list's Import menu and dialog (import-menu.tsx) on the generated country list, with the import routes
 * answered by a small fake of their contract (the server's src/server/routes/api/v2/imports.ts; its own tests drive the
 * real routes, and tests/e2e drives both together): a job that moves one step each time it is asked, as a real one
 * moves on between the dialog's polls.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { demoData } from '../../resources/demo-data.ts';
import { countries, notifications } from '../../resources/index.ts';
import { i18nProvider as appI18n } from '../i18n.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import type { ImportJob, ImportRow, RowAction } from './import-api.ts';
import { ImportMenu } from './import-menu.tsx';
import { GENERATED_MESSAGES as W } from './messages.ts';
import { renderAdmin } from './test-app.tsx';

const COLUMNS = [
  { field: 'name', header: 'Country Name' },
  { field: 'code', header: 'Country Code' },
  { field: 'status', header: 'Status' },
];

const row = (id: number, action: RowAction, name: string, code: string, more: Partial<ImportRow> = {}): ImportRow => ({
  id,
  action,
  recordId: action === 'create' || action === 'error' ? null : id,
  cells: { name, code, status: 'Active' },
  changes: [],
  errors: [],
  ...more,
});

/** Row 1 of the file is its header: its rows are numbered from 2, as Excel shows them. */
const ROWS: ImportRow[] = [
  row(2, 'create', 'Bhutan', 'BT'),
  row(3, 'update', 'India', 'IN', { cells: { name: 'India', code: 'IN', status: 'Inactive' }, changes: ['status'] }),
  row(4, 'unchanged', 'Nepal', 'NP'),
  row(5, 'error', 'Sri Lanka', 'LKAX', {
    cells: { name: 'Sri Lanka', code: 'LKAX', status: 'Closed' },
    errors: [
      { field: 'code', message: 'Country Code must be at most 3 characters.' },
      {
        field: 'status',
        message: 'Status: "Closed" is not one of Active, Inactive.',
        said: { key: 'importNotOneOf', values: { text: 'Closed', values: 'Active, Inactive' } },
      },
    ],
  }),
  row(6, 'create', 'Chile', 'CL'),
];

const countOf = (action: RowAction) => ROWS.filter((r) => r.action === action).length;

function job(id: number, overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id,
    resource: 'countries',
    fileName: 'countries.csv',
    status: 'reading',
    progress: { done: 2, total: ROWS.length },
    counts: { create: 0, update: 0, unchanged: 0, error: 0 },
    mode: null,
    result: null,
    problem: null,
    problemSaid: null,
    columns: COLUMNS,
    ignored: ['Created At', 'Remarks'],
    createdAt: '2026-11-28T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

interface Call {
  method: string;
  url: URL;
  body: unknown;
  contentType: string | null;
}

/**
 * The import routes as /work/notes/import-api.md fixes them, for the countries: an upload answers 202 with a job
 * reading (or the refusal given); each GET of a job moves it on one step (reading → ready with its counts,
 * importing → done with its result); rows are paged by `range` and filtered by `action` with a Content-Range; a
 * commit of a job not ready is a 409, 'all' with rows in error a 422; a discard of a job under way a 409; anything
 * else a 404.
 */
function importServer(
  options: {
    jobs?: ImportJob[];
    refuseUpload?: { status: number; message: string; said?: unknown };
    /** What an import under way becomes instead of done: a failure at a row, say. */
    failWith?: Partial<ImportJob>;
  } = {},
) {
  const jobs = new Map<number, ImportJob>((options.jobs ?? []).map((j) => [j.id, structuredClone(j)]));
  const calls: Call[] = [];
  let nextId = 1;
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const refuse = (status: number, message: string, said?: unknown) =>
    answer(status, { success: false, message, ...(said ? { said } : {}) });
  const counts = { create: countOf('create'), update: countOf('update'), unchanged: countOf('unchanged'), error: 0 };
  counts.error = countOf('error');

  const moveOn = (current: ImportJob) => {
    if (current.status === 'reading') {
      Object.assign(current, { status: 'ready', progress: { done: ROWS.length, total: ROWS.length }, counts });
    } else if (current.status === 'importing' && options.failWith) {
      Object.assign(current, options.failWith);
    } else if (current.status === 'importing') {
      const written = current.progress.total ?? 0;
      Object.assign(current, {
        status: 'done',
        progress: { done: written, total: written },
        result: { created: counts.create, updated: counts.update, failed: 0 },
        finishedAt: '2026-11-28T10:01:00.000Z',
      });
    }
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://admin.test');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    calls.push({ method, url, body: init.body, contentType: headers.get('Content-Type') });
    if (method === 'POST' && url.pathname === '/api/v2/countries/imports') {
      if (options.refuseUpload)
        return refuse(options.refuseUpload.status, options.refuseUpload.message, options.refuseUpload.said);
      const created = job(nextId++, { fileName: url.searchParams.get('name') ?? '' });
      jobs.set(created.id, created);
      return answer(202, created);
    }
    if (method === 'GET' && url.pathname === '/api/v2/imports') {
      const mine = [...jobs.values()].filter((j) => j.resource === url.searchParams.get('resource'));
      return answer(200, mine.reverse().slice(0, 10));
    }
    const match = /^\/api\/v2\/imports\/(\d+)(\/rows|\/commit)?$/.exec(url.pathname);
    const found = match ? jobs.get(Number(match[1])) : undefined;
    if (!match || !found) return refuse(404, 'Not found.');
    if (match[2] === undefined && method === 'GET') {
      moveOn(found);
      return answer(200, found);
    }
    if (match[2] === '/rows' && method === 'GET') {
      const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,49]') as [number, number];
      const action = (JSON.parse(url.searchParams.get('filter') ?? '{}') as { action?: RowAction }).action;
      const matching = ROWS.filter((r) => !action || r.action === action);
      const page = matching.slice(start, end + 1);
      return answer(200, page, { 'Content-Range': `rows ${start}-${start + page.length - 1}/${matching.length}` });
    }
    if (match[2] === '/commit' && method === 'POST') {
      if (found.status !== 'ready') return refuse(409, 'This import is not ready to be confirmed.');
      const { mode } = JSON.parse(String(init.body)) as { mode: 'all' | 'valid' };
      if (mode === 'all' && found.counts.error > 0) return refuse(422, 'Some rows have errors.');
      const total = found.counts.create + found.counts.update;
      Object.assign(found, { status: 'importing', mode, progress: { done: 0, total } });
      return answer(202, found);
    }
    if (match[2] === undefined && method === 'DELETE') {
      if (found.status !== 'ready' && found.status !== 'failed') return refuse(409, 'This import is under way.');
      found.status = 'discarded';
      return answer(200, found);
    }
    return refuse(404, 'Not found.');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, jobs };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const csv = () =>
  new File(['Country Name,Country Code,Status\r\nBhutan,BT,Active\r\n'], 'countries.csv', { type: 'text/csv' });

/** The country list (3 a page), its getList counted to see it refreshed. */
async function countryList(options: Parameters<typeof renderAdmin>[1] = {}) {
  const dataProvider = createMemoryProvider(demoData);
  const getList = vi.spyOn(dataProvider, 'getList');
  const view = renderAdmin('/master/country', { dataProvider, ...options });
  await screen.findByText('India');
  const listed = () => getList.mock.calls.filter(([resource]) => resource === 'countries').length;
  return { ...view, listed };
}

async function openDialog(
  user: ReturnType<typeof renderAdmin>['user'],
  importLabel = W.import,
  fileLabel = W.importFile,
) {
  await user.click(await screen.findByRole('button', { name: importLabel }));
  await user.click(await screen.findByRole('menuitem', { name: fileLabel }));
  return screen.findByRole('dialog');
}

/** The preview's body rows, each as its cells' text (read from the DOM: role queries are slow on tables). */
const previewRows = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

describe('the Import menu', () => {
  it('offers the template in the language chosen and a file; the dialog takes a file, previews it and imports the valid rows', async () => {
    const { calls } = importServer();
    const { user, listed } = await countryList();
    await user.click(screen.getByRole('button', { name: W.import }));
    const template = await screen.findByRole('menuitem', { name: W.importTemplate });
    expect(template).toHaveAttribute('href', '/api/v2/countries/import/template?lang=en');
    expect(template).toHaveAttribute('download');
    await user.click(screen.getByRole('menuitem', { name: W.importFile }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Countries' });

    // Step 1: no unfinished import, so a file to choose.
    const input = await within(dialog).findByLabelText(W.importChooseFile);
    expect(input).toHaveAttribute('accept', '.xlsx,.csv,.pdf');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'GET /api/v2/imports?resource=countries',
    ]);
    const upload = within(dialog).getByRole('button', { name: W.importUpload });
    expect(upload).toBeDisabled();
    const file = csv();
    await user.upload(input, file);
    expect(dialog).toHaveTextContent('Chosen: countries.csv');
    await user.click(upload);

    // Step 2: the server reads it; the bar says how far.
    const bar = await within(dialog).findByLabelText(W.importProgress);
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(dialog).toHaveTextContent('2 of 5 rows read');
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(`${sent.url.pathname}${sent.url.search}`).toBe('/api/v2/countries/imports?name=countries.csv&lang=en');
    expect(sent.body).toBe(file);
    // Sent as bytes, whatever the browser calls the file: the server reads what it is from them.
    expect(sent.contentType).toBe('application/octet-stream');

    // Step 3: the preview, once the job is ready.
    expect(await within(dialog).findByText('2 new', {}, { timeout: 3000 })).toBeInTheDocument();
    for (const chip of ['1 to update', '1 unchanged', '1 with errors']) {
      expect(within(dialog).getByText(chip)).toBeInTheDocument();
    }
    expect(dialog).toHaveTextContent(
      'These columns of the file are not imported (read-only or unknown): Created At, Remarks.',
    );
    await waitFor(() => expect(previewRows(dialog)).toHaveLength(5));
    expect([...dialog.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Row',
      'What will happen',
      'Country Name',
      'Country Code',
      'Status',
      'Errors',
    ]);
    expect(previewRows(dialog)).toEqual([
      ['2', 'New', 'Bhutan', 'BT', 'Active', ''],
      ['3', 'Update', 'India', 'IN', 'Inactive', ''],
      ['4', 'Unchanged', 'Nepal', 'NP', 'Active', ''],
      [
        '5',
        'Error',
        'Sri Lanka',
        'LKAX',
        'Closed',
        'Country Code must be at most 3 characters.Status: "Closed" is not one of Active, Inactive.',
      ],
      ['6', 'New', 'Chile', 'CL', 'Active', ''],
    ]);
    const rowsCall = calls.find((c) => c.url.pathname === '/api/v2/imports/1/rows')!;
    expect(rowsCall.url.searchParams.get('range')).toBe('[0,24]');

    // Only the rows with errors; the file of them to correct.
    fireEvent.change(within(dialog).getByLabelText(W.importShow), { target: { value: 'error' } });
    await waitFor(() => expect(previewRows(dialog).map((cells) => cells[0])).toEqual(['5']));
    expect(calls.at(-1)!.url.searchParams.get('filter')).toBe('{"action":"error"}');
    expect(within(dialog).getByRole('link', { name: W.importDownloadErrors })).toHaveAttribute(
      'href',
      '/api/v2/imports/1/failed?format=xlsx&lang=en',
    );

    // With errors, every row or none cannot be chosen: the valid rows are, and the skipped ones are counted.
    expect(within(dialog).getByLabelText(W.importModeAll)).toBeDisabled();
    expect(within(dialog).getByLabelText(W.importModeValid)).toBeChecked();
    expect(dialog).toHaveTextContent('1 row with errors will be skipped.');
    await user.click(within(dialog).getByRole('button', { name: W.importConfirm }));

    // Step 4, then 5: written, said, and the list asked again when the dialog closes.
    expect(await within(dialog).findByText('Importing countries.csv…')).toBeInTheDocument();
    const commit = calls.find((c) => c.url.pathname === '/api/v2/imports/1/commit')!;
    expect(commit.method).toBe('POST');
    expect(JSON.parse(String(commit.body))).toEqual({ mode: 'valid' });
    expect(
      await within(dialog).findByText('Import finished: 2 added, 1 updated.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: W.importDownloadErrors })).toBeNull();
    const before = listed();
    await user.click(within(dialog).getByRole('button', { name: W.importClose }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listed()).toBeGreaterThan(before));
  });

  it("says the server's sentence when it refuses the file, and keeps the file chooser", async () => {
    const sentence = 'This file is not a spreadsheet: choose an Excel (.xlsx) or CSV file, or a PDF of this list.';
    importServer({ refuseUpload: { status: 415, message: sentence } });
    const { user } = await countryList();
    const dialog = await openDialog(user);
    await user.upload(await within(dialog).findByLabelText(W.importChooseFile), csv());
    await user.click(within(dialog).getByRole('button', { name: W.importUpload }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(sentence);
    expect(within(dialog).getByRole('button', { name: W.importUpload })).toBeEnabled();
    expect(within(dialog).queryByLabelText(W.importProgress)).toBeNull();
  });

  it('takes up the unfinished import of the list when it opens, and not a finished one', async () => {
    const { calls, jobs } = importServer({ jobs: [job(9, { fileName: 'old.xlsx', progress: { done: 1, total: 5 } })] });
    const { user } = await countryList();
    const dialog = await openDialog(user);
    expect(
      await within(dialog).findByText('Your last import here, old.xlsx, was not finished: it continues below.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(W.importProgress)).toHaveAttribute('aria-valuenow', '20');
    expect(within(dialog).queryByLabelText(W.importChooseFile)).toBeNull();
    expect(await within(dialog).findByText('2 new', {}, { timeout: 3000 })).toBeInTheDocument();
    // Closed while ready, it stays ready (it is neither confirmed nor discarded), and opening finds it again.
    await user.click(within(dialog).getByRole('button', { name: W.importClose }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openDialog(user);
    expect(await within(again).findByText('2 new')).toBeInTheDocument();
    // Discarded, it is gone: a file to choose instead.
    await user.click(within(again).getByRole('button', { name: W.importDiscard }));
    expect(await within(again).findByLabelText(W.importChooseFile)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/v2/imports/9']);
    expect(jobs.get(9)!.status).toBe('discarded');
  });

  it('starts with the file chooser when the last import is finished', async () => {
    importServer({ jobs: [job(4, { status: 'done', result: { created: 1, updated: 0, failed: 0 } })] });
    const { user } = await countryList();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByLabelText(W.importChooseFile)).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('was not finished');
  });

  it('speaks Hindi: the menu, the template in Hindi, the dialog', async () => {
    importServer();
    const i18nProvider = polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [
      { locale: 'hi', name: 'हिन्दी' },
    ]);
    const { user } = await countryList({ i18nProvider });
    await user.click(await screen.findByRole('button', { name: 'इम्पोर्ट करें' }));
    const template = await screen.findByRole('menuitem', { name: 'टेम्पलेट डाउनलोड करें (एक्सेल)' });
    expect(template).toHaveAttribute('href', '/api/v2/countries/import/template?lang=hi');
    await user.click(screen.getByRole('menuitem', { name: 'फ़ाइल इम्पोर्ट करें…' }));
    const dialog = await screen.findByRole('dialog', { name: 'देश इम्पोर्ट करें' });
    expect(await within(dialog).findByLabelText('फ़ाइल चुनें')).toHaveAttribute('type', 'file');
    expect(within(dialog).getByRole('button', { name: 'अपलोड करके जाँचें' })).toBeDisabled();
    expect(dialog).toHaveTextContent('या फ़ाइल यहाँ खींचकर छोड़ें');

    // The import's own sentence said in Hindi from its key, after the column's name as the file has it.
    await user.upload(within(dialog).getByLabelText('फ़ाइल चुनें'), csv());
    await user.click(within(dialog).getByRole('button', { name: 'अपलोड करके जाँचें' }));
    await waitFor(() => expect(previewRows(dialog)).toHaveLength(5), { timeout: 3000 });
    const problems = previewRows(dialog)[3]!.at(-1)!;
    expect(problems).toContain('Status: "Closed" इनमें से कोई नहीं है: Active, Inactive।');
    expect(problems).not.toMatch(/is not one of/);
  });

  it('says in Hindi why an import failed at a row, the row’s reason in Hindi too', async () => {
    importServer({
      jobs: [job(7, { status: 'importing', mode: 'all', progress: { done: 0, total: 3 } })],
      failWith: {
        status: 'failed',
        problem: 'Row 5: Country Code must be at most 3 characters. Nothing was imported.',
        problemSaid: {
          key: 'importRowFailed',
          values: { row: 5, reason: 'Country Code must be at most 3 characters.' },
        },
      },
    });
    // The app's own translator, which says validation sentences in Hindi too.
    await appI18n.changeLocale('hi');
    try {
      const { user } = await countryList();
      await user.click(await screen.findByRole('button', { name: 'इम्पोर्ट करें' }));
      await user.click(await screen.findByRole('menuitem', { name: 'फ़ाइल इम्पोर्ट करें…' }));
      const alert = await within(await screen.findByRole('dialog')).findByRole('alert');
      expect(alert).toHaveTextContent(/पंक्ति 5: .*अधिकतम 3 अक्षरों का हो सकता है। कुछ भी आयात नहीं हुआ।/);
      expect(alert).not.toHaveTextContent(/Nothing was imported|at most/);
    } finally {
      await appI18n.changeLocale('en');
    }
  });

  it('says a refusal in Hindi from its key, with the values the upload asked for in Hindi', async () => {
    const { calls } = importServer({
      refuseUpload: {
        status: 422,
        message: 'The file has no column for Country Name, which every new country needs.',
        said: { key: 'importMissingColumns', values: { fields: 'देश का नाम', one: 'देश' } },
      },
    });
    const i18nProvider = polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [
      { locale: 'hi', name: 'हिन्दी' },
    ]);
    const { user } = await countryList({ i18nProvider });
    await user.click(await screen.findByRole('button', { name: 'इम्पोर्ट करें' }));
    await user.click(await screen.findByRole('menuitem', { name: 'फ़ाइल इम्पोर्ट करें…' }));
    const dialog = await screen.findByRole('dialog', { name: 'देश इम्पोर्ट करें' });
    await user.upload(await within(dialog).findByLabelText('फ़ाइल चुनें'), csv());
    await user.click(within(dialog).getByRole('button', { name: 'अपलोड करके जाँचें' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'फ़ाइल में देश का नाम का कॉलम नहीं है, जो हर नए देश के लिए आवश्यक है।',
    );
    const upload = calls.find((call) => call.method === 'POST')!;
    expect(upload.url.searchParams.get('lang')).toBe('hi');
  });

  it('fills a narrow screen (390 px)', async () => {
    importServer();
    // What a 390 px wide window answers to MUI's breakpoints (min-width and max-width in px).
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const matches = (!min || 390 >= Number(min[1])) && (!max || 390 <= Number(max[1]));
      const list = { matches, media: query, onchange: null, dispatchEvent: () => false };
      const none = () => {};
      return { ...list, addListener: none, removeListener: none, addEventListener: none, removeEventListener: none };
    });
    const { user } = renderWithAdmin(<ImportMenu resource={countries} />);
    const dialog = await openDialog(user);
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
  });
});

describe('who sees it', () => {
  it('those who may add or edit; not those who may only view or delete', async () => {
    const edit = await countryList({
      authProvider: authProviderFor({ 'Master Data': { Countries: { Global: { View: true, Edit: true } } } }),
    });
    expect(await screen.findByRole('button', { name: W.import })).toBeInTheDocument();
    edit.unmount();

    await countryList({
      authProvider: authProviderFor({ 'Master Data': { Countries: { Global: { View: true, Delete: true } } } }),
    });
    // The row's Delete shows once access is decided; Import does not.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' }).length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: W.export })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: W.import })).toBeNull();
  });

  it('nobody for what only the server writes (notifications)', async () => {
    renderWithAdmin(
      <>
        <ImportMenu resource={notifications} />
        <ImportMenu resource={countries} />
      </>,
      { authProvider: authProviderFor({}, { admin: true }) },
    );
    await screen.findByRole('button', { name: W.import });
    expect(screen.getAllByRole('button', { name: W.import })).toHaveLength(1);
  });
});
