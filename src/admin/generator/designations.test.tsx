/**
 * The designation screens, generated from their declaration (src/resources/company.ts), on the memory provider with
 * the spec's sample data (five designations in HR, IT and Sales): list, filter of the names that exist, search,
 * paging, delete, add and edit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { demoData } from '../../resources/demo-data.ts';
import { renderAdmin } from './test-app.tsx';
import { UNREACHABLE_MESSAGE } from '../providers/http-client.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { designations } from '../../resources/index.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { tableRows } from '../../../tests/components/table.ts';

const location = () => screen.getByTestId('location').textContent;

/** A field's own sentence under it (the form's alert repeats the first problem above the form). */
const fieldError = (sentence: string) =>
  screen.findByText(sentence, { selector: '.MuiFormHelperText-root, .MuiFormHelperText-root *' });

const names = () => tableRows().map((cells) => cells[1]);

async function waitForNames(expected: string[]) {
  // Generous: the machine running the tests may be busy.
  await waitFor(() => expect(names()).toEqual(expected), { timeout: 8000 });
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

const DEMO_NAMES = ['Software Engineer', 'HR Manager', 'Operation Manager', 'Product Manager', 'System Analysts'];

async function all(dataProvider: DataProvider) {
  const { data } = await dataProvider.getList('designations', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  return data;
}

async function choose(label: string, option: string, user: ReturnType<typeof renderAdmin>['user']) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('/designation', () => {
  it("shows the table's columns with the department's name, 5 to a page, numbered across pages", async () => {
    const data = {
      ...demoData,
      designations: [
        ...demoData.designations!,
        { id: 20, designation: 'Accountant', department_id: 3, description: 'Keeps the books.' },
        { id: 21, designation: 'Cashier', department_id: 3, description: 'Receives donations.' },
      ],
    };
    const { user } = renderAdmin('/designation', { dataProvider: createMemoryProvider(data) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Designations' })).toBeInTheDocument();
    await waitForNames(DEMO_NAMES);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'S.No',
      'Designation Name',
      'Department Name',
      'Description',
      'Action',
    ]);
    for (const header of headers) expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    expect(tableRows()[0]).toEqual(['1', 'Software Engineer', 'IT', 'Builds and maintains software.', 'EditDelete']);
    expect(tableRows()[1]?.[2]).toBe('HR');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForNames(['Accountant', 'Cashier']);
    expect(tableRows().map((cells) => cells[0])).toEqual(['6', '7']);
    expect(tableRows()[0]?.[2]).toBe('Finance');

    await user.click(screen.getByRole('link', { name: 'Add Designation' }));
    await waitFor(() => expect(location()).toBe('/designation/add'));
  });

  it('builds the filter dropdown from the designation names that exist, and filters exactly', async () => {
    const { user } = renderAdmin('/designation');
    await waitForNames(DEMO_NAMES);
    await user.click(screen.getByRole('button', { name: 'Filter: All' }));
    const options = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(options.map((option) => option.textContent)).toEqual(['All', ...DEMO_NAMES]);
    await user.click(screen.getByRole('menuitem', { name: 'HR Manager' }));
    await waitForNames(['HR Manager']);

    await user.click(screen.getByRole('button', { name: 'Filter: HR Manager' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All' }));
    await waitForNames(DEMO_NAMES);
  });

  it('searches, and says so when nothing matches', async () => {
    const { user } = renderAdmin('/designation');
    await waitForNames(DEMO_NAMES);
    const search = screen.getByPlaceholderText(designations.list.searchPlaceholder!);
    await user.type(search, 'manager');
    await waitForNames(['HR Manager', 'Operation Manager', 'Product Manager']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No designations found.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("asks with the spec's sentence before deleting, then deletes", async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/designation', { dataProvider });
    await waitForNames(DEMO_NAMES);

    await user.click(within(rowOf('System Analysts')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this designation? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await all(dataProvider)).toHaveLength(5);

    await user.click(within(rowOf('System Analysts')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitForNames(DEMO_NAMES.slice(0, 4));
    expect(await screen.findByText('Designation deleted successfully.')).toBeInTheDocument();
    expect(await all(dataProvider)).toHaveLength(4);
  });

  it("says 'Failed to delete designation' when the server refuses", async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/designation', { dataProvider });
    await waitForNames(DEMO_NAMES);
    // Already deleted elsewhere: the server answers 404.
    await dataProvider.delete('designations', { id: 16 });
    await user.click(within(rowOf('System Analysts')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to delete designation')).toBeInTheDocument();
  });

  it('shows the empty sentence when there are no designations', async () => {
    renderAdmin('/designation', { dataProvider: createMemoryProvider({ departments: demoData.departments! }) });
    expect(await screen.findByText('No designations found.')).toBeInTheDocument();
  });

  it('opens the edit screen with the designation in navigation state', async () => {
    const { user } = renderAdmin('/designation');
    await waitForNames(DEMO_NAMES);
    await user.click(within(rowOf('Product Manager')).getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(location()).toBe('/designation/edit'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Designation Name' })).toHaveValue('Product Manager'),
    );
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveTextContent('IT');
  });
});

describe('/designation/add', () => {
  it('offers every department, and requires a department, a name and a description', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/designation/add', { dataProvider });
    const department = await screen.findByRole('combobox', { name: 'Department' });
    await user.click(department);
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent?.trim());
    expect(options).toEqual(['Select Department', 'HR', 'IT', 'Finance', 'Sales']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

    await user.type(screen.getByRole('textbox', { name: 'Designation Name' }), '  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldError('Please select a department.')).toBeInTheDocument();
    expect(await fieldError('Designation Name is required.')).toBeInTheDocument();
    expect(await fieldError('Description is required.')).toBeInTheDocument();
    // The first problem, in the form's order, also stands above the form.
    expect(screen.getByText('Please select a department.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(await all(dataProvider)).toHaveLength(5);
  });

  it('adds the designation, says so, and goes back to /designation after 2 seconds', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/designation/add', { dataProvider });
    await screen.findByRole('combobox', { name: 'Department' });
    await choose('Department', 'Finance', user);
    await user.type(screen.getByRole('textbox', { name: 'Designation Name' }), 'Accountant');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Keeps the books.');
    const saved = Date.now(); // the app waits after the save, so at least this long after the click
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Designation added successfully.')).toBeInTheDocument();
    expect(location()).toBe('/designation/add');
    await waitFor(() => expect(location()).toBe('/designation'), { timeout: 4000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(1900);
    expect((await all(dataProvider)).at(-1)).toMatchObject({ designation: 'Accountant', department_id: 3 });
  });

  it("says 'Failed to load departments.' when the server refuses the departments", async () => {
    const memory = createMemoryProvider(demoData);
    const dataProvider: DataProvider = {
      ...memory,
      getList: (resource, params) =>
        resource === 'departments'
          ? Promise.reject(new HttpError('Internal error.', 500, { message: 'Internal error.' }))
          : memory.getList(resource, params),
    };
    renderAdmin('/designation/add', { dataProvider });
    expect(await screen.findByText('Failed to load departments.')).toBeInTheDocument();
  });

  it('says the departments could not be fetched when the server cannot be reached', async () => {
    const memory = createMemoryProvider(demoData);
    const dataProvider: DataProvider = {
      ...memory,
      getList: (resource, params) =>
        resource === 'departments'
          ? Promise.reject(new HttpError(UNREACHABLE_MESSAGE, 0, { message: UNREACHABLE_MESSAGE }))
          : memory.getList(resource, params),
    };
    renderAdmin('/designation/add', { dataProvider });
    expect(await screen.findByText('Error fetching departments. Please try again later.')).toBeInTheDocument();
  });

  it("shows the server's sentence when it refuses the designation", async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/designation/add', { dataProvider });
    await screen.findByRole('combobox', { name: 'Department' });
    await choose('Department', 'Sales', user);
    // The department is removed before the save: the server refuses the reference.
    await dataProvider.delete('designations', { id: 4 });
    await dataProvider.delete('departments', { id: 4 });
    await user.type(screen.getByRole('textbox', { name: 'Designation Name' }), 'Agent');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Sells.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('The chosen department does not exist.')).not.toHaveLength(0);
    expect(location()).toBe('/designation/add');
  });
});

describe('/designation/edit', () => {
  it('updates the designation and goes back to /designation after 1.5 seconds', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/designation/edit', {
      dataProvider,
      state: { designation: { id: 2, designation: 'HR Manager', department_id: 1 } },
    });
    const name = await screen.findByRole('textbox', { name: 'Designation Name' });
    await waitFor(() => expect(name).toHaveValue('HR Manager'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await fieldError('Designation Name is required.')).toBeInTheDocument();

    await user.type(name, 'Head of HR');
    await choose('Department', 'Finance', user);
    const saved = Date.now(); // the app waits after the save, so at least this long after the click
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Designation updated successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/designation'), { timeout: 4000 });
    const waited = Date.now() - saved;
    expect(waited).toBeGreaterThanOrEqual(1400);
    const { data } = await dataProvider.getOne('designations', { id: 2 });
    expect(data).toMatchObject({ designation: 'Head of HR', department_id: 3 });
  });

  it('also edits by /designation/edit/:id, and goes back to the list with neither', async () => {
    renderAdmin('/designation/edit/15');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Designation Name' })).toHaveValue('Product Manager'),
    );
  });

  it('goes back to the list when no designation was passed', async () => {
    renderAdmin('/designation/edit');
    await waitFor(() => expect(location()).toBe('/designation'));
  });

  it("says 'Failed to update designation' when the update fails", async () => {
    const memory = createMemoryProvider(demoData);
    const dataProvider: DataProvider = {
      ...memory,
      update: () => Promise.reject(new HttpError('Designation not found.', 404, { message: 'Designation not found.' })),
    };
    const { user } = renderAdmin('/designation/edit/1', { dataProvider });
    const name = await screen.findByRole('textbox', { name: 'Designation Name' });
    await waitFor(() => expect(name).toHaveValue('Software Engineer'));
    await user.type(name, ' II');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update designation')).toBeInTheDocument();
  });
});

describe('/designation in Hindi', { timeout: 60_000 }, () => {
  const hindi = () => polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }]);

  it('speaks Hindi: heading, columns, search, filter and buttons', async () => {
    renderAdmin('/designation', { i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'पद' })).toBeInTheDocument();
    await waitForNames(DEMO_NAMES);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'क्रम सं.',
      'पद का नाम',
      'विभाग का नाम',
      'विवरण',
      'कार्रवाई',
    ]);
    expect(screen.getByPlaceholderText('पद खोजें')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'पद जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फ़िल्टर: सभी' })).toBeInTheDocument();
    expect(within(rowOf('HR Manager')).getByRole('link', { name: 'संपादित करें' })).toBeInTheDocument();
    expect(within(rowOf('HR Manager')).getByRole('button', { name: 'हटाएँ' })).toBeInTheDocument();
  });
});
