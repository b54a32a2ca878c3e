/**
 * The audit-log screens on the memory provider, with entries made here in the server's answer shape: the list
 * (columns, newest first, 3 to a page, the action filter, search, the empty sentence), the view with its
 * before/after table and referring notes, the manual note, the correction that never changes the entry, and
 * what an account without Add or View sees.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import {
  Admin,
  CustomRoutes,
  HttpError,
  memoryStore,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
} from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { demoData } from '../../resources/demo-data.ts';
import { i18nProvider } from '../i18n.ts';
import { AccessDenied } from '../pages/AccessDenied.tsx';
import { createMemoryProvider } from '../providers/memory.ts';
import { generatedResources } from '../generator/routes.tsx';
import { formatsFor } from '../i18n/format.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { fill } from '../i18n/words.ts';
import { AUDIT, AUDIT_HI, AUDIT_RESOURCE } from './messages.ts';
import { recordedValueText as valueText } from '../../resources/audit-words.ts';
import { changeRows, moduleLabel, recordedText } from './parts.tsx';
import { auditRoutes } from './routes.tsx';

const ADMIN = { id: 1, name: 'Administrator' };
const ASHA = { id: 7, name: 'Asha Rao' };
const at = (day: number) => `2026-11-0${day}T10:00:00.000+05:30`;
const kenya = { id: 5, name: 'Kenya', code: 'KE', status: 'Active' };
/** The columns every record has, as the server's create entry carries them (UTC, as JSON writes instants). */
const STAMP = '2026-11-26T22:41:20.978Z';
const stamped = { ...kenya, created_at: STAMP, updated_at: STAMP, created_by: 1 };

const entry = (
  id: number,
  action_type: string,
  details: Record<string, unknown>,
  day: number,
  more: {
    performer?: { id: number; name: string };
    module?: string;
    record_id?: number | null;
    refers_to_id?: number;
  } = {},
) => {
  const performer = more.performer ?? ADMIN;
  return {
    id,
    action_type,
    module: more.module ?? 'countries',
    record_id: more.record_id === undefined ? 5 : more.record_id,
    performed_by: performer,
    performed_by_id: performer.id,
    performed_by_name: performer.name,
    date_time: at(day),
    details,
    refers_to_id: more.refers_to_id ?? null,
  };
};

/** A country created, renamed and deleted, then a note on the rename by someone else. */
const ENTRIES = [
  entry(1, 'Create', { after: stamped }, 1),
  entry(2, 'Update', { changes: { name: { before: 'Kenya', after: 'Republic of Kenya' } } }, 2),
  entry(3, 'Delete', { before: { ...kenya, name: 'Republic of Kenya' } }, 3),
  entry(4, 'Note', { note: 'Renamed at the embassy’s request.' }, 4, { performer: ASHA, refers_to_id: 2 }),
];

const withEntries = (entries: unknown[] = ENTRIES) =>
  createMemoryProvider({ ...demoData, [AUDIT_RESOURCE]: entries as never[] });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderAudit(
  path: string,
  options: { dataProvider?: DataProvider; authProvider?: AuthProvider; i18nProvider?: I18nProvider } = {},
) {
  const dataProvider = options.dataProvider ?? withEntries();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        authProvider={options.authProvider}
        i18nProvider={options.i18nProvider ?? i18nProvider}
        store={memoryStore()}
        accessDenied={AccessDenied}
      >
        {generatedResources}
        <CustomRoutes>{auditRoutes}</CustomRoutes>
      </Admin>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { user, dataProvider };
}

const location = () => screen.getByTestId('location').textContent;

function tableRows(table = screen.getByRole('table')): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent ?? ''));
}

const actionsShown = () => tableRows().map((cells) => cells[1]);

async function waitForActions(expected: string[]) {
  await waitFor(() => expect(actionsShown()).toEqual(expected), { timeout: 3000 });
}

/** An entry's time as the screens show it: in the trust's time zone (IST), labelled. */
const shown = (value: string) => formatsFor('en', 'Asia/Kolkata').dateTime(value);

describe('the parts of an entry', () => {
  it('names modules and values in words, in the language given', () => {
    expect(moduleLabel('countries')).toBe('Countries');
    expect(moduleLabel('General')).toBe(AUDIT.general);
    expect(moduleLabel('General', undefined, 'सामान्य')).toBe('सामान्य');
    expect(moduleLabel('something-else')).toBe('something-else');
    expect(moduleLabel('countries', (key, options) => `${key}|${String(options?._)}`)).toBe(
      'resources.countries.title.list|Countries',
    );
    expect(valueText(true)).toBe('Yes');
    expect(valueText(false, { yes: 'हाँ', no: 'नहीं' })).toBe('नहीं');
    expect(valueText('')).toBe('-');
  });

  it("says a recorded value as the module's screens do: enum values in words, times in IST, rupees", () => {
    const helpers = {
      translate: (key: string, options?: Record<string, unknown>) => `${key}|${String(options?._)}`,
      formats: formatsFor('en', 'Asia/Kolkata'),
      yes: 'Yes',
      no: 'No',
    };
    expect(recordedText('donations', 'status', 'Received', helpers)).toBe(
      'resources.donations.choices.status.Received|Received',
    );
    expect(recordedText('donations', 'receipt_issued_at', '2026-11-25T16:18:52.418Z', helpers)).toBe(
      '25 Nov 2026, 9:48 pm IST',
    );
    expect(recordedText('donations', 'amount', 150000, helpers)).toBe('₹1,50,000');
    expect(recordedText('donations', 'donor_name', 'Kamala Devi', helpers)).toBe('Kamala Devi');
    expect(recordedText('donations', 'receipt_no', null, helpers)).toBe('-');
    expect(recordedText('not-declared', 'status', 'Received', helpers)).toBe('Received');
    // The columns no declaration describes, and modules that are not declared: instants in the trust's time.
    expect(recordedText('countries', 'created_at', STAMP, helpers)).toBe('27 Nov 2026, 4:11 am IST');
    expect(recordedText('mail_outbox', 'updated_at', STAMP, helpers)).toBe('27 Nov 2026, 4:11 am IST');
    // A declared text field keeps what was typed, even when it looks like a time.
    expect(recordedText('donations', 'remarks', STAMP, helpers)).toBe(STAMP);
  });

  it('gives the changes of each action as field, before and after', () => {
    expect(changeRows(ENTRIES[1]!)).toEqual([
      { field: 'name', label: 'Country Name', before: 'Kenya', after: 'Republic of Kenya' },
    ]);
    expect(changeRows(ENTRIES[0]!).map((row) => [row.label, row.before, row.after])).toEqual([
      ['ID', undefined, 5],
      ['Country Name', undefined, 'Kenya'],
      ['Country Code', undefined, 'KE'],
      ['Status', undefined, 'Active'],
      ['Created At', undefined, STAMP],
      ['Updated At', undefined, STAMP],
      ['Created By (Account ID)', undefined, 1],
    ]);
    expect(changeRows(ENTRIES[0]!, undefined, AUDIT_HI.recordColumns).map((row) => row.label)).toContain(
      'दर्ज करने की तिथि',
    );
    expect(changeRows(ENTRIES[2]!).find((row) => row.field === 'name')).toEqual({
      field: 'name',
      label: 'Country Name',
      before: 'Republic of Kenya',
      after: undefined,
    });
  });
});

describe('/audit-logs', () => {
  it('shows the columns, newest first, 3 to a page', async () => {
    const { user } = renderAudit('/audit-logs');
    expect(await screen.findByRole('heading', { level: 1, name: AUDIT.title })).toBeInTheDocument();
    await waitForActions(['Note', 'Delete', 'Update']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'SNo',
      'Action',
      'Module',
      'Record',
      'Performed By',
      'Date & Time',
      'Actions',
    ]);
    expect(tableRows()[0]).toEqual(['1', 'Note', 'Countries', '5', 'Asha Rao', shown(at(4)), 'ViewCorrect']);
    expect(screen.getAllByRole('link', { name: 'View' })[0]).toHaveAttribute('href', '/audit-logs/view/4');
    expect(screen.getAllByRole('link', { name: 'Correct' })[0]).toHaveAttribute('href', '/audit-logs/edit/4');
    expect(screen.getByRole('link', { name: AUDIT.addNote })).toHaveAttribute('href', '/audit-logs/add');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForActions(['Create']);
    expect(tableRows()[0]![0]).toBe('4');
  });

  it('filters by action (All, Create, Update, Delete, Note)', async () => {
    const { user } = renderAudit('/audit-logs');
    await waitForActions(['Note', 'Delete', 'Update']);
    await user.click(screen.getByRole('combobox', { name: AUDIT.actionLabel }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Create', 'Update', 'Delete', 'Note']);
    await user.click(within(listbox).getByRole('option', { name: 'Update' }));
    await waitForActions(['Update']);
    await user.click(screen.getByRole('combobox', { name: AUDIT.actionLabel }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitForActions(['Note', 'Delete', 'Update']);
  });

  it('searches, and says so when nothing is found', async () => {
    const { user } = renderAudit('/audit-logs');
    await waitForActions(['Note', 'Delete', 'Update']);
    await user.type(screen.getByPlaceholderText(AUDIT.searchPlaceholder), 'asha');
    await waitForActions(['Note']);
    await user.clear(screen.getByPlaceholderText(AUDIT.searchPlaceholder));
    await user.type(screen.getByPlaceholderText(AUDIT.searchPlaceholder), 'zzqx');
    expect(await screen.findByText(AUDIT.empty)).toBeInTheDocument();
  });

  it('exports the list as it is filtered and sorted, from its Export menu', async () => {
    const { user } = renderAudit('/audit-logs');
    await waitForActions(['Note', 'Delete', 'Update']);
    await user.click(screen.getByRole('combobox', { name: AUDIT.actionLabel }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Update' }));
    await waitForActions(['Update']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const excel = new URL(
      (await screen.findByRole('menuitem', { name: /Excel/ })).getAttribute('href')!,
      'http://admin.test',
    );
    expect(excel.pathname).toBe('/api/v2/audit-logs/export');
    expect(Object.fromEntries(excel.searchParams)).toEqual({
      format: 'xlsx',
      lang: 'en',
      filter: JSON.stringify({ action_type: 'Update' }),
      sort: JSON.stringify(['date_time', 'DESC']),
    });
    expect(screen.getByRole('menuitem', { name: /CSV/ })).toHaveAttribute('download');
  });

  it("shows 'No logs found.' for an empty trail", async () => {
    renderAudit('/audit-logs', { dataProvider: withEntries([]) });
    expect(await screen.findByText(AUDIT.empty)).toBeInTheDocument();
  });
});

describe('/audit-logs/view/{id}', () => {
  it('shows an update with its before/after table and the notes that refer to it', async () => {
    renderAudit('/audit-logs/view/2');
    const table = await screen.findByRole('table', { name: AUDIT.changes });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    expect(tableRows(table)).toEqual([['Country Name', 'Kenya', 'Republic of Kenya']]);
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText(shown(at(2)))).toBeInTheDocument();
    expect(shown(at(2))).toBe('2 Nov 2026, 10:00 am IST');
    const notes = await screen.findByRole('region', { name: AUDIT.notesTitle });
    expect(notes).toHaveTextContent('Asha Rao: Renamed at the embassy’s request.');
    expect(within(notes).getByRole('link', { name: '#4' })).toHaveAttribute('href', '/audit-logs/view/4');
  });

  it('shows a create with its values after, every column by its label and times in the trust’s time', async () => {
    renderAudit('/audit-logs/view/1');
    const table = await screen.findByRole('table', { name: AUDIT.changes });
    expect(tableRows(table)).toContainEqual(['Country Name', '-', 'Kenya']);
    expect(tableRows(table)).toContainEqual(['Created At', '-', shown(STAMP)]);
    expect(tableRows(table)).toContainEqual(['Updated At', '-', shown(STAMP)]);
    expect(table).not.toHaveTextContent(/created_at|updated_at|\d{4}-\d{2}-\d{2}T/);
    expect(await screen.findByText(AUDIT.noNotes)).toBeInTheDocument();
  });

  it('shows a delete with its values before', async () => {
    renderAudit('/audit-logs/view/3');
    const table = await screen.findByRole('table', { name: AUDIT.changes });
    expect(tableRows(table)).toContainEqual(['Country Name', 'Republic of Kenya', '-']);
  });

  it('shows a note with its text and the entry it refers to', async () => {
    renderAudit('/audit-logs/view/4');
    expect(await screen.findByText('Renamed at the embassy’s request.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#2' })).toHaveAttribute('href', '/audit-logs/view/2');
    expect(screen.queryByRole('table', { name: AUDIT.changes })).not.toBeInTheDocument();
  });

  it('names referenced records by what they are called now, and a deleted one by what the trail last called it', async () => {
    const entries = [
      ...ENTRIES,
      entry(5, 'Create', { after: { department_name: 'Library' } }, 5, { module: 'departments', record_id: 9 }),
      entry(6, 'Update', { changes: { department_name: { before: 'Library', after: 'Reading Room' } } }, 6, {
        module: 'departments',
        record_id: 9,
      }),
      entry(7, 'Update', { changes: { department_id: { before: 9, after: 3 } } }, 7, {
        module: 'designations',
        record_id: 1,
      }),
      entry(8, 'Delete', { before: { department_name: 'Reading Room' } }, 8, {
        module: 'departments',
        record_id: 9,
      }),
      entry(9, 'Create', { after: { designation: 'Clerk', department_id: 77 } }, 9, {
        module: 'designations',
        record_id: 40,
      }),
    ];
    renderAudit('/audit-logs/view/7', { dataProvider: withEntries(entries) });
    const table = await screen.findByRole('table', { name: AUDIT.changes });
    // Department 3 is Finance in the sample data; department 9 was renamed, then deleted.
    await waitFor(() =>
      expect(tableRows(table)).toEqual([
        [
          'Department',
          fill(AUDIT.recordDeletedNamed, { id: '9', name: 'Reading Room' }),
          fill(AUDIT.recordNamed, { name: 'Finance', id: '3' }),
        ],
      ]),
    );
    // The entry's own record: designation 1 by its name now.
    expect(screen.getByText(fill(AUDIT.recordNamed, { name: 'Software Engineer', id: '1' }))).toBeInTheDocument();
  });

  it('says a deleted record is deleted when the trail never named it, and names a gone record by its create’s values', async () => {
    const entries = [
      ...ENTRIES,
      entry(9, 'Create', { after: { designation: 'Clerk', department_id: 77 } }, 9, {
        module: 'designations',
        record_id: 40,
      }),
    ];
    renderAudit('/audit-logs/view/9', { dataProvider: withEntries(entries) });
    const table = await screen.findByRole('table', { name: AUDIT.changes });
    await waitFor(() =>
      expect(tableRows(table)).toContainEqual(['Department', '-', fill(AUDIT.recordDeleted, { id: '77' })]),
    );
    expect(await screen.findByText(fill(AUDIT.recordDeletedNamed, { id: '40', name: 'Clerk' }))).toBeInTheDocument();
  });

  it('says when there is no such entry', async () => {
    renderAudit('/audit-logs/view/99');
    expect(await screen.findByText(AUDIT.notFound)).toBeInTheDocument();
  });
});

describe('/audit-logs/add', () => {
  it('requires a module and a note, then records the note and returns to the list', async () => {
    const { user, dataProvider } = renderAudit('/audit-logs/add');
    await user.click(await screen.findByRole('button', { name: AUDIT.save }));
    expect(await screen.findByText(AUDIT.moduleRequired)).toBeInTheDocument();
    expect(screen.getByText(AUDIT.noteRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: AUDIT.module }));
    await user.click(await screen.findByRole('option', { name: 'Countries' }));
    await user.type(screen.getByRole('spinbutton', { name: AUDIT.recordId }), '5');
    await user.type(screen.getByRole('textbox', { name: AUDIT.note }), '  Checked the codes.  ');
    await user.click(screen.getByRole('button', { name: AUDIT.save }));
    await waitFor(() => expect(location()).toBe('/audit-logs'));
    const { data } = await dataProvider.getList(AUDIT_RESOURCE, {
      filter: {},
      sort: { field: 'id', order: 'DESC' },
      pagination: { page: 1, perPage: 1 },
    });
    expect(data[0]).toMatchObject({ module: 'countries', record_id: 5, note: 'Checked the codes.' });
  });

  it('returns to a list that shows the note, though the list was left filtered to Delete', async () => {
    const memory = withEntries();
    // The server's answer to a note: an entry of action Note, at the time it was written, the newest.
    const asServer: DataProvider = {
      ...memory,
      create: (resource, params) =>
        memory.create(resource, {
          ...params,
          data: {
            ...params.data,
            action_type: 'Note',
            details: { note: params.data.note },
            performed_by: ADMIN,
            performed_by_id: ADMIN.id,
            performed_by_name: ADMIN.name,
            date_time: at(9),
            refers_to_id: null,
          },
        }),
    };
    const { user } = renderAudit('/audit-logs', { dataProvider: asServer });
    await waitForActions(['Note', 'Delete', 'Update']);
    await user.click(screen.getByRole('combobox', { name: AUDIT.actionLabel }));
    await user.click(await screen.findByRole('option', { name: 'Delete' }));
    await waitForActions(['Delete']);

    await user.click(screen.getByRole('link', { name: AUDIT.addNote }));
    await user.click(await screen.findByRole('combobox', { name: AUDIT.module }));
    await user.click(await screen.findByRole('option', { name: AUDIT.general }));
    await user.type(screen.getByRole('textbox', { name: AUDIT.note }), 'Checked the deletions.');
    await user.click(screen.getByRole('button', { name: AUDIT.save }));

    await waitFor(() => expect(location()).toBe('/audit-logs'));
    await waitForActions(['Note', 'Note', 'Delete']);
    expect(tableRows()[0]![2]).toBe(AUDIT.general);
    expect(screen.getByRole('combobox', { name: AUDIT.actionLabel })).toHaveTextContent(AUDIT.all);
  });

  it("shows the server's sentence when it refuses", async () => {
    const memory = withEntries();
    const refusing: DataProvider = {
      ...memory,
      create: () =>
        Promise.reject(
          new HttpError('Module must be at most 100 characters.', 400, {
            success: false,
            message: 'Module must be at most 100 characters.',
          }),
        ),
    };
    const { user } = renderAudit('/audit-logs/add', { dataProvider: refusing });
    await user.click(await screen.findByRole('combobox', { name: AUDIT.module }));
    await user.click(await screen.findByRole('option', { name: AUDIT.general }));
    await user.type(screen.getByRole('textbox', { name: AUDIT.note }), 'A note');
    await user.click(screen.getByRole('button', { name: AUDIT.save }));
    expect(await screen.findByText('Module must be at most 100 characters.')).toBeInTheDocument();
    expect(location()).toBe('/audit-logs/add');
  });
});

describe('/audit-logs/edit/{id}', () => {
  it('shows the entry read-only, says it is never changed, and appends a correction that refers to it', async () => {
    const { user, dataProvider } = renderAudit('/audit-logs/edit/2');
    expect(await screen.findByText(AUDIT.neverChanged)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: AUDIT.changes });
    expect(tableRows(table)).toEqual([['Country Name', 'Kenya', 'Republic of Kenya']]);
    expect(screen.queryByRole('textbox', { name: AUDIT.module })).not.toBeInTheDocument();
    const before = (await dataProvider.getOne(AUDIT_RESOURCE, { id: 2 })).data;

    await user.click(screen.getByRole('button', { name: AUDIT.saveCorrection }));
    expect(await screen.findByText(AUDIT.noteRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: AUDIT.correction }), 'The new name is the official one.');
    await user.click(screen.getByRole('button', { name: AUDIT.saveCorrection }));
    await waitFor(() => expect(location()).toBe('/audit-logs/view/2'));

    const { data } = await dataProvider.getList(AUDIT_RESOURCE, {
      filter: { refers_to_id: 2 },
      sort: { field: 'id', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
    });
    expect(data.map((row) => row.id)).toEqual([4, 5]);
    expect(data[1]).toMatchObject({
      module: 'countries',
      record_id: 5,
      note: 'The new name is the official one.',
      refers_to_id: 2,
    });
    expect((await dataProvider.getOne(AUDIT_RESOURCE, { id: 2 })).data).toEqual(before);
  });
});

describe('in Hindi', () => {
  const hindi = polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }], {
    allowMissing: true,
  });

  it('speaks Hindi on the list: heading, columns, actions, modules, and the time as Hindi says it', async () => {
    renderAudit('/audit-logs', { i18nProvider: hindi });
    expect(await screen.findByRole('heading', { level: 1, name: AUDIT_HI.title })).toBeInTheDocument();
    await waitFor(() => expect(actionsShown()).toEqual(['टिप्पणी', 'हटाया गया', 'बदला गया']), { timeout: 3000 });
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(Object.values(AUDIT_HI.columns));
    const hiTime = formatsFor('hi', 'Asia/Kolkata').dateTime(at(4));
    // The trust's time, the part of the day in Hindi and no zone name (src/resources/times.ts).
    expect(hiTime).toBe('4 नव॰ 2026, सुबह 10:00');
    expect(tableRows()[0]).toEqual(['1', 'टिप्पणी', 'देश', '5', 'Asha Rao', hiTime, AUDIT_HI.view + AUDIT_HI.correct]);
    expect(screen.getByRole('link', { name: AUDIT_HI.addNote })).toBeInTheDocument();
    expect(screen.getByPlaceholderText(AUDIT_HI.searchPlaceholder)).toBeInTheDocument();
  });

  it('names the fields of the changes by their Hindi labels', async () => {
    renderAudit('/audit-logs/view/2', { i18nProvider: hindi });
    const table = await screen.findByRole('table', { name: AUDIT_HI.changes });
    expect(tableRows(table)).toEqual([['देश का नाम', 'Kenya', 'Republic of Kenya']]);
    expect(screen.getByText(AUDIT_HI.showTitle)).toBeInTheDocument();
  });

  it('says an enum value of a create in Hindi, and its record columns by their Hindi names in the trust’s time', async () => {
    renderAudit('/audit-logs/view/1', { i18nProvider: hindi });
    const table = await screen.findByRole('table', { name: AUDIT_HI.changes });
    expect(tableRows(table)).toContainEqual(['स्थिति', '-', 'सक्रिय']);
    const hiTime = formatsFor('hi', 'Asia/Kolkata').dateTime(STAMP);
    expect(tableRows(table)).toContainEqual(['दर्ज करने की तिथि', '-', hiTime]);
    expect(tableRows(table)).toContainEqual(['अपडेट की तिथि', '-', hiTime]);
    expect(tableRows(table)).toContainEqual(['आईडी', '-', '5']);
    expect(table).not.toHaveTextContent(/created_at|updated_at|\d{4}-\d{2}-\d{2}T/);
  });
});

describe('access', () => {
  const viewOnly = authProviderFor({ Activity: { 'Audit Logs': { Global: { View: true } } } });

  it('shows no Add Note or Correct to an account that may only view', async () => {
    renderAudit('/audit-logs', { authProvider: viewOnly });
    await waitForActions(['Note', 'Delete', 'Update']);
    expect(screen.getAllByRole('link', { name: 'View' })).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Correct' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: AUDIT.addNote })).not.toBeInTheDocument();
  });

  it('sends an account without Add away from the note and correction screens', async () => {
    renderAudit('/audit-logs/add', { authProvider: viewOnly });
    await waitFor(() => expect(location()).toBe('/access-denied'));
  });

  it('sends an account without View away from the list', async () => {
    renderAudit('/audit-logs', { authProvider: authProviderFor({}) });
    await waitFor(() => expect(location()).toBe('/access-denied'));
  });
});
