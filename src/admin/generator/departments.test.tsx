/**
 * The department screens, generated from their declaration (src/resources/company.ts), on the memory provider with
 * the spec's sample data (HR, IT, Finance, Sales; HR, IT and Sales have designations, Finance has none): list, filter
 * of the names that exist, search, paging, the row's badge, delete and its blocked dialog, add and edit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { demoData } from '../../resources/demo-data.ts';
import { renderAdmin } from './test-app.tsx';
import { createMemoryProvider } from '../providers/memory.ts';
import { UNREACHABLE_MESSAGE } from '../providers/http-client.ts';
import { departments } from '../../resources/index.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { companyHindi } from '../../resources/hindi/company.ts';

/** The badge, the blocked delete's dialog and a failed delete's sentences, as declared. */
const HAS_DESIGNATIONS = departments.list.rowChip!.label;
const BLOCKED = departments.deleteBlockedBy![0]!;
const FAILURE = departments.messages.deleteFailure!;
/** The server's sentence for a refused delete (the declaration's, which the server says). */
const DEPARTMENT_CONNECTED = BLOCKED.message;
const HINDI = companyHindi.departments as { rowChip: string; deleteBlocked: { designations: string } };

const location = () => screen.getByTestId('location').textContent;

/** A field's own sentence under it (the form's alert repeats the first problem above the form). */
const fieldError = (sentence: string) =>
  screen.findByText(sentence, { selector: '.MuiFormHelperText-root, .MuiFormHelperText-root *' });

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

/** The names in the table (without the badge). */
const names = () => bodyRows().map((row) => within(row).getByTestId('department-name').textContent);

async function waitForNames(expected: string[]) {
  // Generous: the machine running the tests may be busy.
  await waitFor(() => expect(names()).toEqual(expected), { timeout: 8000 });
}

const rowOf = (name: string) => screen.getByText(name, { selector: '[data-testid="department-name"]' }).closest('tr')!;

async function all(dataProvider: DataProvider) {
  const { data } = await dataProvider.getList('departments', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  return data;
}

describe('/department', () => {
  it('shows 3 departments a page in id order, numbered across pages, with no sortable column', async () => {
    const { user } = renderAdmin('/department');
    expect(await screen.findByRole('heading', { level: 1, name: 'Departments' })).toBeInTheDocument();
    await waitForNames(['HR', 'IT', 'Finance']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'S.No',
      'Department Name',
      'Description',
      'Created At',
      'Action',
    ]);
    for (const header of headers) expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForNames(['Sales']);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent).toBe('4');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Add Department' }));
    await waitFor(() => expect(location()).toBe('/department/add'));
  });

  it("shows the 'Has Related Designations' badge only on departments that have designations", async () => {
    renderAdmin('/department');
    await waitForNames(['HR', 'IT', 'Finance']);
    expect(within(rowOf('HR')).getByText(HAS_DESIGNATIONS)).toBeInTheDocument();
    expect(within(rowOf('IT')).getByText(HAS_DESIGNATIONS)).toBeInTheDocument();
    expect(within(rowOf('Finance')).queryByText(HAS_DESIGNATIONS)).not.toBeInTheDocument();
  });

  it('builds the filter dropdown from the names that exist, filters exactly, back on page 1, and Cancel changes nothing', async () => {
    const data = {
      ...demoData,
      departments: [...demoData.departments!, { id: 5, department_name: 'Library', description: 'Books.' }],
    };
    const { user } = renderAdmin('/department', { dataProvider: createMemoryProvider(data) });
    await waitForNames(['HR', 'IT', 'Finance']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForNames(['Sales', 'Library']);

    await user.click(screen.getByRole('button', { name: 'Filter: All' }));
    const options = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'HR',
      'IT',
      'Finance',
      'Sales',
      'Library',
      'Cancel',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'IT' }));
    await waitForNames(['IT']);
    expect(screen.getByRole('button', { name: 'Filter: IT' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filter: IT' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Cancel' })).not.toBeInTheDocument());
    expect(names()).toEqual(['IT']);

    await user.click(screen.getByRole('button', { name: 'Filter: IT' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All' }));
    await waitForNames(['HR', 'IT', 'Finance']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('searches names and descriptions, back on page 1, and says so when nothing matches', async () => {
    const { user } = renderAdmin('/department');
    await waitForNames(['HR', 'IT', 'Finance']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForNames(['Sales']);

    const search = screen.getByPlaceholderText(departments.list.searchPlaceholder!);
    await user.type(search, 'a');
    await waitForNames(['HR', 'IT', 'Finance']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'donations');
    await waitForNames(['Finance']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText(departments.list.empty, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the empty sentence when there are no departments', async () => {
    renderAdmin('/department', { dataProvider: createMemoryProvider({ departments: [] }) });
    expect(await screen.findByText('No departments found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('asks before deleting a department without designations, then deletes it', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/department', { dataProvider });
    await waitForNames(['HR', 'IT', 'Finance']);

    await user.click(within(rowOf('Finance')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(departments.messages.deleteConfirm!);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names()).toContain('Finance');

    await user.click(within(rowOf('Finance')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitForNames(['HR', 'IT', 'Sales']);
    expect(await screen.findByText('Department deleted successfully.')).toBeInTheDocument();
    expect((await all(dataProvider)).map((d) => d.department_name)).toEqual(['HR', 'IT', 'Sales']);
  });

  it('says a department with designations must be emptied first, and offers no delete', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/department', { dataProvider });
    await waitForNames(['HR', 'IT', 'Finance']);

    await user.click(within(rowOf('IT')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This department has designations assigned to it. Please remove them first.');
    expect(BLOCKED.listed!.dialog).toBe('This department has designations assigned to it. Please remove them first.');
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await all(dataProvider)).toHaveLength(4);
  });

  it("shows the server's refusal as 'Error: …' when the department gained designations since the list loaded", async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/department', { dataProvider });
    await waitForNames(['HR', 'IT', 'Finance']);
    // Someone else gives Finance a designation: the row still says it has none.
    await dataProvider.create('designations', {
      data: { designation: 'Accountant', department_id: 3, description: 'Keeps the books.' },
    });

    await user.click(within(rowOf('Finance')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(FAILURE.refused!.replace('{message}', DEPARTMENT_CONNECTED))).toBeInTheDocument();
    expect(names()).toContain('Finance');
    expect(await all(dataProvider)).toHaveLength(4);
  });

  it('says an error occurred when the server cannot be reached', async () => {
    const memory = createMemoryProvider(demoData);
    const dataProvider: DataProvider = {
      ...memory,
      delete: () => Promise.reject(new HttpError(UNREACHABLE_MESSAGE, 0, { message: UNREACHABLE_MESSAGE })),
    };
    const { user } = renderAdmin('/department', { dataProvider });
    await waitForNames(['HR', 'IT', 'Finance']);
    await user.click(within(rowOf('Finance')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(FAILURE.unanswered!)).toBeInTheDocument();
  });

  it('opens the edit screen with the department in navigation state', async () => {
    const { user } = renderAdmin('/department');
    await waitForNames(['HR', 'IT', 'Finance']);
    await user.click(within(rowOf('IT')).getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(location()).toBe('/department/edit'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Department Name' })).toHaveValue('IT'));
  });
});

describe('/department/add', () => {
  it('requires a name and a description after trimming', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/department/add', { dataProvider });
    await user.type(await screen.findByRole('textbox', { name: 'Department Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldError('Department Name is required.')).toBeInTheDocument();
    expect(await fieldError('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Department Name is required.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(await all(dataProvider)).toHaveLength(4);
  });

  it('adds the department, says so, and goes back to /department after 2 seconds', async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/department/add', { dataProvider });
    await user.type(await screen.findByRole('textbox', { name: 'Department Name' }), ' Library ');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Books and reading room.');
    const saved = Date.now(); // the app waits after the save, so at least this long after the click
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Department added successfully.')).toBeInTheDocument();
    expect(location()).toBe('/department/add');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(location()).toBe('/department'), { timeout: 4000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(1900);
    expect((await all(dataProvider)).at(-1)).toMatchObject({
      department_name: 'Library',
      description: 'Books and reading room.',
    });
  });

  it("says 'Something went wrong.' when the server refuses, with its field errors under the inputs", async () => {
    const memory = createMemoryProvider(demoData);
    const dataProvider: DataProvider = {
      ...memory,
      create: () =>
        Promise.reject(
          new HttpError('A department with this name already exists.', 409, {
            success: false,
            message: 'A department with this name already exists.',
            errors: { department_name: 'A department with this name already exists.', root: { serverError: 'x' } },
          }),
        ),
    };
    const { user } = renderAdmin('/department/add', { dataProvider });
    await user.type(await screen.findByRole('textbox', { name: 'Department Name' }), 'HR');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Again.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(departments.form!.failure!.create!.refused!)).toBeInTheDocument();
    expect(screen.getByText('A department with this name already exists.')).toBeInTheDocument();
    expect(location()).toBe('/department/add');
  });

  it('says the add failed when the server cannot be reached', async () => {
    const memory = createMemoryProvider(demoData);
    const dataProvider: DataProvider = {
      ...memory,
      create: () => Promise.reject(new HttpError(UNREACHABLE_MESSAGE, 0, { message: UNREACHABLE_MESSAGE })),
    };
    const { user } = renderAdmin('/department/add', { dataProvider });
    await user.type(await screen.findByRole('textbox', { name: 'Department Name' }), 'Library');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Books.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to add department. Please try again later.')).toBeInTheDocument();
  });
});

describe('/department/edit', () => {
  it("says 'Department Name is required!' for an emptied name, then updates and goes back after 2 seconds", async () => {
    const dataProvider = createMemoryProvider(demoData);
    const { user } = renderAdmin('/department/edit', {
      dataProvider,
      state: { department: { id: 2, department_name: 'IT' } },
    });
    const name = await screen.findByRole('textbox', { name: 'Department Name' });
    await waitFor(() => expect(name).toHaveValue('IT'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await fieldError('Department Name is required!')).toBeInTheDocument();

    await user.type(name, 'Information Technology');
    const saved = Date.now(); // the app waits after the save, so at least this long after the click
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Department updated successfully.')).toBeInTheDocument();
    expect(location()).toBe('/department/edit');
    await waitFor(() => expect(location()).toBe('/department'), { timeout: 4000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(1900);
    const { data } = await dataProvider.getOne('departments', { id: 2 });
    expect(data.department_name).toBe('Information Technology');
  });

  it('also edits by /department/edit/:id, and goes back to the list with neither id nor state', async () => {
    renderAdmin('/department/edit/3');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Department Name' })).toHaveValue('Finance'));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Accounts, donations and receipts.');
  });

  it('goes back to the list when no department was passed', async () => {
    renderAdmin('/department/edit');
    await waitFor(() => expect(location()).toBe('/department'));
  });

  it('says the update failed when the server does not take it', async () => {
    const memory = createMemoryProvider(demoData);
    const dataProvider: DataProvider = {
      ...memory,
      update: () => Promise.reject(new HttpError('Department not found.', 404, { message: 'Department not found.' })),
    };
    const { user } = renderAdmin('/department/edit/1', { dataProvider });
    const name = await screen.findByRole('textbox', { name: 'Department Name' });
    await waitFor(() => expect(name).toHaveValue('HR'));
    await user.type(name, ' team');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update department. Please try again later.')).toBeInTheDocument();
    expect(location()).toBe('/department/edit/1');
  });
});

describe('/department in Hindi', { timeout: 60_000 }, () => {
  const hindi = () => polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }]);
  /** Words of the screen's own (not data): each has Devanagari, or is a number or punctuation. */
  const english = (texts: (string | null)[]) => texts.filter((text) => /[A-Za-z]/.test(text ?? ''));

  it('speaks Hindi: heading, columns, badge, filter, buttons and the blocked delete dialog', async () => {
    const { user } = renderAdmin('/department', { i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'विभाग' })).toBeInTheDocument();
    await waitForNames(['HR', 'IT', 'Finance']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'क्रम सं.',
      'विभाग का नाम',
      'विवरण',
      'दर्ज करने की तिथि',
      'कार्रवाई',
    ]);
    expect(within(rowOf('HR')).getByText(HINDI.rowChip)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'विभाग जोड़ें' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('विभाग खोजें')).toBeInTheDocument();
    const buttons = within(rowOf('HR'))
      .getAllByRole('button')
      .concat(within(rowOf('HR')).getAllByRole('link'));
    expect(english(buttons.map((button) => button.textContent))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'फ़िल्टर: सभी' }));
    const options = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(options.map((option) => option.textContent)).toEqual(['सभी', 'HR', 'IT', 'Finance', 'Sales', 'रद्द करें']);
    await user.click(screen.getByRole('menuitem', { name: 'रद्द करें' }));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'रद्द करें' })).not.toBeInTheDocument());

    await user.click(within(rowOf('HR')).getByRole('button', { name: 'हटाएँ' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'विभाग हटाएँ' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(HINDI.deleteBlocked.designations);
    expect(within(dialog).getByRole('button', { name: 'बंद करें' })).toBeInTheDocument();
  });
});
