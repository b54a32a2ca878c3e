/**
 * The role screens on the memory provider, with the spec's sample departments and designations and four roles
 * made here (the demo data has none): the list and forms, generated from the declaration (src/resources/roles.ts:
 * export/import, filter, search, paging, delete, add and edit), and the role's view, generated too with the
 * sentences the declaration gives it (messages.show).
 */
import { screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { demoData } from '../../resources/demo-data.ts';
import { renderAdmin } from './test-app.tsx';
import { UNREACHABLE_MESSAGE } from '../providers/http-client.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { roles } from '../../resources/index.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { rolesHindi } from '../../resources/hindi/roles.ts';
import { tableRows } from '../../../tests/components/table.ts';

const ALL_REQUIRED = roles.fields.role_name.required as string;

const location = () => screen.getByTestId('location').textContent;

/** A field's own sentence under it (the form's alert repeats the first problem above the form). */
const fieldError = (sentence: string) =>
  screen.findByText(sentence, { selector: '.MuiFormHelperText-root, .MuiFormHelperText-root *' });

const ROLES = [
  {
    id: 1,
    role_name: 'Admin',
    responsibility: 'Runs the office',
    department_id: 1,
    designation_id: 2,
    is_active: true,
  },
  { id: 2, role_name: 'User', responsibility: 'Uses the system', department_id: 2, designation_id: 1, is_active: true },
  {
    id: 3,
    role_name: 'Manager',
    responsibility: 'Plans the work',
    department_id: 2,
    designation_id: 15,
    is_active: true,
  },
  { id: 4, role_name: 'HR', responsibility: 'Hiring', department_id: 1, designation_id: 2, is_active: true },
  {
    id: 5,
    role_name: 'Manager',
    responsibility: 'Runs operations',
    department_id: 4,
    designation_id: 4,
    is_active: true,
  },
];

const withRoles = (roles = ROLES) => createMemoryProvider({ ...demoData, roles });

const roleNames = () => tableRows().map((cells) => cells[3]);

async function waitForRoles(expected: string[]) {
  // Generous, as the department and designation tests are: the machine running the tests may be busy.
  await waitFor(() => expect(roleNames()).toEqual(expected), { timeout: 8000 });
}

type User = ReturnType<typeof renderAdmin>['user'];

async function choose(label: string, option: string, user: User) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('/employee-roles', () => {
  it('shows the columns with department and designation names, 3 to a page, numbered across pages', async () => {
    const { user } = renderAdmin('/employee-roles', { dataProvider: withRoles() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    await waitForRoles(['Admin', 'User', 'Manager']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'S.No',
      'Department',
      'Designation',
      'Role',
      'Responsibility',
      'Actions',
    ]);
    expect(tableRows()[0]).toEqual(['1', 'HR', 'HR Manager', 'Admin', 'Runs the office', 'ViewEditDelete']);
    expect(tableRows()[1]?.slice(1, 3)).toEqual(['IT', 'Software Engineer']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForRoles(['HR', 'Manager']);
    expect(tableRows().map((cells) => cells[0])).toEqual(['4', '5']);
  });

  it('answers /employee-role too', async () => {
    renderAdmin('/employee-role', { dataProvider: withRoles() });
    await waitFor(() => expect(location()).toBe('/employee-roles'));
    await waitForRoles(['Admin', 'User', 'Manager']);
  });

  it('exports the list as Excel, CSV or PDF, and offers the import template and a file', async () => {
    const { user } = renderAdmin('/employee-roles', { dataProvider: withRoles() });
    await waitForRoles(['Admin', 'User', 'Manager']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const entries = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(
      entries.map((entry) => [entry.textContent, new URL(entry.getAttribute('href')!, 'http://x').pathname]),
    ).toEqual([
      ['Excel (.xlsx)', '/api/v2/roles/export'],
      ['CSV (.csv)', '/api/v2/roles/export'],
      ['PDF (.pdf)', '/api/v2/roles/export'],
    ]);
    await user.keyboard('{Escape}');
    // The Import menu (generator/import-menu.tsx, tested there): the template of roles, and a file.
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const template = await screen.findByRole('menuitem', { name: 'Download the template (Excel)' });
    expect(template).toHaveAttribute('href', '/api/v2/roles/import/template?lang=en');
    expect(screen.getByRole('menuitem', { name: 'Import a file…' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Import a file…' })).not.toBeInTheDocument());
  });

  it('filters by the role names that exist (All + each name once), back on page 1', async () => {
    const { user } = renderAdmin('/employee-roles', { dataProvider: withRoles() });
    await waitForRoles(['Admin', 'User', 'Manager']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForRoles(['HR', 'Manager']);

    await user.click(screen.getByRole('button', { name: 'Filter: All' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['All', 'Admin', 'User', 'Manager', 'HR']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Manager' }));
    await waitFor(() => expect(tableRows().map((cells) => cells[4])).toEqual(['Plans the work', 'Runs operations']));
    expect(tableRows().map((cells) => cells[0])).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: 'Filter: Manager' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All' }));
    await waitForRoles(['Admin', 'User', 'Manager']);
  });

  it("searches, and says 'No roles found.' when nothing matches", async () => {
    const { user } = renderAdmin('/employee-roles', { dataProvider: withRoles() });
    await waitForRoles(['Admin', 'User', 'Manager']);
    await user.type(screen.getByPlaceholderText('Search'), 'hiring');
    await waitForRoles(['HR']);
    await user.clear(screen.getByPlaceholderText('Search'));
    await user.type(screen.getByPlaceholderText('Search'), 'nobody at all');
    expect(await screen.findByText(roles.list.empty)).toBeInTheDocument();
  });

  it("says 'No roles found.' when there are none", async () => {
    renderAdmin('/employee-roles', { dataProvider: withRoles([]) });
    expect(await screen.findByText('No roles found.')).toBeInTheDocument();
  });

  it('deletes a role after its confirmation', async () => {
    const dataProvider = withRoles();
    const { user } = renderAdmin('/employee-roles', { dataProvider });
    await waitForRoles(['Admin', 'User', 'Manager']);
    const row = screen.getByRole('cell', { name: 'Uses the system' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(roles.messages.deleteConfirm!)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitForRoles(['Admin', 'Manager', 'HR']);
    await expect(dataProvider.getOne('roles', { id: 2 })).rejects.toBeInstanceOf(HttpError);
  });

  it('views a role at /employee-role/view/:id, and Back returns to /employee-roles', async () => {
    const { user } = renderAdmin('/employee-roles', { dataProvider: withRoles() });
    await waitForRoles(['Admin', 'User', 'Manager']);
    const row = screen.getByRole('cell', { name: 'Uses the system' }).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'View' }));
    await waitFor(() => expect(location()).toBe('/employee-role/view/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Role Details' })).toBeInTheDocument();
    expect(await screen.findByText('Uses the system')).toBeInTheDocument();
    expect(await screen.findByText('Software Engineer')).toBeInTheDocument();
    expect(screen.getByText('IT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(location()).toBe('/employee-roles'));
  });

  it('views a role passed in state at /employee-role/view', async () => {
    renderAdmin('/employee-role/view', { dataProvider: withRoles(), state: { role: ROLES[3] } });
    expect(await screen.findByText('Hiring')).toBeInTheDocument();
  });

  it("says 'No role ID provided.' without an id", async () => {
    renderAdmin('/employee-role/view', { dataProvider: withRoles() });
    expect(await screen.findByText(roles.messages.show!.missingId!)).toBeInTheDocument();
  });

  it("shows the server's sentence for a missing role", async () => {
    renderAdmin('/employee-role/view/99', { dataProvider: withRoles() });
    expect(await screen.findByText('Role not found.')).toBeInTheDocument();
  });

  it("says 'Something went wrong while fetching role.' when the server cannot be reached", async () => {
    const memory = withRoles();
    const dataProvider: DataProvider = {
      ...memory,
      getOne: () => Promise.reject(new HttpError(UNREACHABLE_MESSAGE, 0, { message: UNREACHABLE_MESSAGE })),
    };
    renderAdmin('/employee-role/view/1', { dataProvider });
    expect(await screen.findByText(roles.messages.show!.unanswered!)).toBeInTheDocument();
  });

  it("says 'Failed to fetch role details.' when the server refuses without a sentence, and its sentence when it gives one", async () => {
    const memory = withRoles();
    let said = '';
    const dataProvider: DataProvider = {
      ...memory,
      getOne: () => Promise.reject(new HttpError(said, 403, said ? { message: said } : {})),
    };
    const { unmount } = renderAdmin('/employee-role/view/1', { dataProvider });
    expect(await screen.findByText(roles.messages.show!.refused!)).toBeInTheDocument();
    unmount();
    said = 'You may not view roles.';
    renderAdmin('/employee-role/view/1', { dataProvider });
    expect(await screen.findByText(said)).toBeInTheDocument();
  });
});

describe('/employee-role/add', () => {
  it('requires role name, department and designation, in the spec sentence; responsibility is optional', async () => {
    const { user, dataProvider } = renderAdmin('/employee-role/add', { dataProvider: withRoles([]) });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(ALL_REQUIRED)).length).toBeGreaterThan(0);
    expect(ALL_REQUIRED).toBe('All fields (Role Name, Department, and Designation) are required.');
    const { total } = await dataProvider.getList('roles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(0);
  });

  it("offers the chosen department's designations only, clears the designation on a new department, saves, and goes back after 1.5 seconds", async () => {
    const { user, dataProvider } = renderAdmin('/employee-role/add', { dataProvider: withRoles([]) });
    await user.type(await screen.findByRole('textbox', { name: roles.fields.role_name.label }), 'Engineer');
    await choose(roles.fields.department_id.label, 'IT', user);
    await user.click(screen.getByRole('combobox', { name: roles.fields.designation_id.label }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select Designation', 'Software Engineer', 'Product Manager', 'System Analysts']),
    );
    await user.click(within(listbox).getByRole('option', { name: 'Product Manager' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: roles.fields.designation_id.label })).toHaveTextContent(
        'Product Manager',
      ),
    );

    await choose(roles.fields.department_id.label, 'HR', user);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: roles.fields.designation_id.label })).not.toHaveTextContent(
        'Product Manager',
      ),
    );
    // The designation was cleared: saving now asks for it.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldError(ALL_REQUIRED)).toBeInTheDocument();
    await choose(roles.fields.designation_id.label, 'HR Manager', user);

    const saved = Date.now(); // the app waits after the save, so at least this long after the click
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role added successfully.')).toBeInTheDocument();
    expect(location()).toBe('/employee-role/add');
    await waitFor(() => expect(location()).toBe('/employee-roles'), { timeout: 4000 });
    const waited = Date.now() - saved;
    expect(waited).toBeGreaterThanOrEqual(1400);
    const { data } = await dataProvider.getList('roles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data).toMatchObject([{ role_name: 'Engineer', department_id: 1, designation_id: 2 }]);
  });

  it("shows the server's sentence, 'Failed to add role.' without one, and 'Something went wrong. Please try again.' without an answer", async () => {
    for (const [failure, sentence] of [
      [
        new HttpError('A role with this name already exists.', 409, {
          message: 'A role with this name already exists.',
        }),
        'A role with this name already exists.',
      ],
      [new HttpError('', 400, {}), roles.form!.failure!.create!.refused!],
      [
        new HttpError(UNREACHABLE_MESSAGE, 0, { message: UNREACHABLE_MESSAGE }),
        roles.form!.failure!.create!.unanswered!,
      ],
    ] as const) {
      const memory = withRoles([]);
      const dataProvider: DataProvider = { ...memory, create: () => Promise.reject(failure) };
      const { user, unmount } = renderAdmin('/employee-role/add', { dataProvider });
      await user.type(await screen.findByRole('textbox', { name: roles.fields.role_name.label }), 'Engineer');
      await choose(roles.fields.department_id.label, 'IT', user);
      await choose(roles.fields.designation_id.label, 'Software Engineer', user);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(sentence)).toBeInTheDocument();
      expect(location()).toBe('/employee-role/add');
      unmount();
    }
  });
});

describe('/employee-role/edit', () => {
  it('edits the role passed in state and goes back to /employee-roles after 1.5 seconds', async () => {
    const { user, dataProvider } = renderAdmin('/employee-role/edit', {
      dataProvider: withRoles(),
      state: { role: ROLES[1] },
    });
    const name = await screen.findByRole('textbox', { name: roles.fields.role_name.label });
    await waitFor(() => expect(name).toHaveValue('User'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: roles.fields.designation_id.label })).toHaveTextContent(
        'Software Engineer',
      ),
    );
    await user.clear(name);
    await user.type(name, 'Staff');
    const saved = Date.now(); // the app waits after the save, so at least this long after the click
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Role updated successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/employee-roles'), { timeout: 4000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(1400);
    const { data } = await dataProvider.getOne('roles', { id: 2 });
    expect(data).toMatchObject({ role_name: 'Staff', department_id: 2, designation_id: 1 });
  });

  it("edits by /employee-role/edit/:id, and says 'Failed to update role. Please try again later.' without an answer", async () => {
    const memory = withRoles();
    const dataProvider: DataProvider = {
      ...memory,
      update: () => Promise.reject(new HttpError(UNREACHABLE_MESSAGE, 0, { message: UNREACHABLE_MESSAGE })),
    };
    const { user } = renderAdmin('/employee-role/edit/4', { dataProvider });
    const name = await screen.findByRole('textbox', { name: roles.fields.role_name.label });
    await waitFor(() => expect(name).toHaveValue('HR'));
    await user.type(name, ' Lead');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(roles.form!.failure!.edit!.unanswered!)).toBeInTheDocument();
  });

  it('goes back to the list when no role was passed', async () => {
    renderAdmin('/employee-role/edit', { dataProvider: withRoles() });
    await waitFor(() => expect(location()).toBe('/employee-roles'));
  });
});

describe('the role screens in Hindi', { timeout: 60_000 }, () => {
  const hindi = () => polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }]);

  it('the list and the details speak Hindi: columns, menus, buttons, labels and Yes/No', async () => {
    const { user } = renderAdmin('/employee-roles', { dataProvider: withRoles(), i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'भूमिकाएँ' })).toBeInTheDocument();
    await waitForRoles(['Admin', 'User', 'Manager']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'क्रम सं.',
      'विभाग',
      'पद',
      'भूमिका',
      'ज़िम्मेदारी',
      rolesHindi.roles!.actionHeader,
    ]);
    expect(screen.getByPlaceholderText('खोजें')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'भूमिका जोड़ें' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'इम्पोर्ट करें' }));
    const template = await screen.findByRole('menuitem', { name: 'टेम्पलेट डाउनलोड करें (एक्सेल)' });
    expect(template).toHaveAttribute('href', '/api/v2/roles/import/template?lang=hi');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'फ़ाइल इम्पोर्ट करें…' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'एक्सपोर्ट करें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फ़िल्टर: सभी' })).toBeInTheDocument();

    const row = screen.getByRole('cell', { name: 'Uses the system' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'संपादित करें' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'हटाएँ' })).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'देखें' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'भूमिका का विवरण' })).toBeInTheDocument();
    expect(await screen.findByText('Uses the system')).toBeInTheDocument();
    for (const label of ['भूमिका का नाम', 'ज़िम्मेदारी', 'विभाग', 'पद', 'सक्रिय']) {
      expect(screen.getByText(label, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(screen.getByText('हाँ', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: hindiAdminMessages.ra.action.back })).toBeInTheDocument();
  });
});
