/**
 * The role-permission screens on the memory provider, with departments, designations, roles, permissions,
 * employees and users made here: the list (names from the roles, 3 per page, the role filter of the names that
 * exist, search by role, department or designation, empty text, delete with its confirmation), the add form at
 * the spec's three-s address (department → designation → role, the matrix with Select All and Clear All, the
 * one required-fields sentence, the 409 of a second matrix), the edit form and the view (read-only matrix, the
 * employees and users it applies to).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { tableRows } from '../../../tests/components/table.ts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { DataProvider, RaRecord } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../generator/test-app.tsx';
import { permissionCatalogue, SCOPES } from '../../resources/permissions.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { roles as roleDeclaration } from '../../resources/roles.ts';
import { rolePermissions } from '../../resources/role-permissions.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { ROLE_PERMISSION as T, ROLE_PERMISSION_HI as HI } from './messages.ts';

const location = () => screen.getByTestId('location').textContent;

const COUNTRIES_VIEW = { 'Master Data': { Countries: { Global: { View: true } } } };

function data(permissionCount = 4) {
  const roles = [
    { id: 1, role_name: 'Admin', department_id: 1, designation_id: 1, is_active: true },
    { id: 2, role_name: 'User', department_id: 2, designation_id: 2, is_active: true },
    { id: 3, role_name: 'Manager', department_id: 2, designation_id: 3, is_active: true },
    { id: 4, role_name: 'HR', department_id: 1, designation_id: 1, is_active: false },
    { id: 5, role_name: 'Manager', department_id: 1, designation_id: 1, is_active: true },
  ];
  return {
    departments: [
      { id: 1, department_name: 'HR', description: 'People' },
      { id: 2, department_name: 'IT', description: 'Computers' },
    ],
    designations: [
      { id: 1, designation: 'HR Manager', department_id: 1, description: 'x' },
      { id: 2, designation: 'Engineer', department_id: 2, description: 'x' },
      { id: 3, designation: 'Analyst', department_id: 2, description: 'x' },
    ],
    roles,
    role_permissions: [
      { id: 1, role_id: 1, permissions: { Company: { Departments: { Global: { View: true, Edit: true } } } } },
      { id: 2, role_id: 2, permissions: COUNTRIES_VIEW },
      { id: 3, role_id: 3, permissions: {} },
      { id: 4, role_id: 5, permissions: {} },
    ].slice(0, permissionCount),
    employees: [
      {
        id: 1,
        full_name: 'Asha Verma',
        email: 'asha@example.org',
        mobile: '9876543210',
        gender: 'Female',
        dob: '1990-01-01',
        hire_date: '2024-01-01',
        salary: 1,
        contract_start_date: '2024-01-01',
        contract_last_date: '2026-01-01',
        user_profile: null,
        status: 'Active',
        is_active: true,
        role: 'user',
        permissions: {},
        department_id: 1,
        designation_id: 1,
      },
      {
        id: 2,
        full_name: 'Ravi Kumar',
        email: 'ravi@example.org',
        mobile: '9876543211',
        gender: 'Male',
        dob: '1990-01-01',
        hire_date: '2024-01-01',
        salary: 1,
        contract_start_date: '2024-01-01',
        contract_last_date: '2026-01-01',
        user_profile: null,
        status: 'Active',
        is_active: true,
        role: 'user',
        permissions: {},
        department_id: 2,
        designation_id: 2,
      },
    ],
    users: [
      {
        id: 1,
        username: 'Kiran',
        email: 'kiran@example.org',
        user_type: 'Vendor',
        role_id: 1,
        mobile: null,
        is_active: true,
        profile_image: null,
        account_creation_date: '2025-01-01T00:00:00.000Z',
        account_id: 9,
      },
    ],
  };
}

/** The rows of the list's table (the first of the screen's tables). */
const listRows = () => tableRows(screen.getAllByRole('table')[0]!);
const roleColumn = () => listRows().map((cells) => cells[3]);
const waitForRoles = (expected: string[]) => waitFor(() => expect(roleColumn()).toEqual(expected), { timeout: 8000 });

async function permissionsOf(provider: DataProvider): Promise<RaRecord[]> {
  const { data: rows } = await provider.getList('role_permissions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  return rows;
}

type User = ReturnType<typeof renderAdmin>['user'];

async function choose(label: string, option: string, user: User) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('/role-permission', { timeout: 60_000 }, () => {
  it("shows each permission's department, designation and role, 3 to a page", async () => {
    const { user } = renderAdmin('/role-permission', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    await waitForRoles(['Admin', 'User', 'Manager']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(['SNo', 'Department', 'Designation', 'Role', 'Actions']);
    expect(listRows()[0]).toEqual(['1', 'HR', 'HR Manager', 'Admin', 'ViewEditDelete']);
    expect(listRows()[2]?.slice(1, 3)).toEqual(['IT', 'Analyst']);
    const first = screen.getByRole('cell', { name: 'Admin' }).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/role-permission/view/1');
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/role-permission/edit/1');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForRoles(['Manager']);
    expect(listRows()[0]?.[0]).toBe('4');
  });

  it('filters by the role names that exist (each once), searches names, and goes back to page 1', async () => {
    const { user } = renderAdmin('/role-permission', { dataProvider: createMemoryProvider(data()) });
    await waitForRoles(['Admin', 'User', 'Manager']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForRoles(['Manager']);

    await user.click(screen.getByRole('button', { name: 'Role: All' }));
    const options = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(options.map((o) => o.textContent)).toEqual(['All', 'Admin', 'User', 'Manager', 'HR']);
    await user.click(screen.getByRole('menuitem', { name: 'Manager' }));
    await waitFor(() =>
      expect(listRows().map((cells) => cells.slice(1, 4).join(' / '))).toEqual([
        'IT / Analyst / Manager',
        'HR / HR Manager / Manager',
      ]),
    );
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Role: Manager' }));
    await user.click(await screen.findByRole('menuitem', { name: 'HR' }));
    expect(await screen.findByText(rolePermissions.list.empty, {}, { timeout: 8000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Role: HR' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All' }));
    await waitForRoles(['Admin', 'User', 'Manager']);

    const search = screen.getByRole('textbox', { name: T.searchPlaceholder });
    await user.type(search, 'engin');
    await waitForRoles(['User']);
    await user.clear(search);
    await user.type(search, 'hr');
    await waitForRoles(['Admin', 'Manager']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(await screen.findByText(rolePermissions.list.empty, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('keeps its search, role filter and page after View then Back, as the other lists keep theirs', async () => {
    const { user } = renderAdmin('/role-permission', { dataProvider: createMemoryProvider(data()) });
    await waitForRoles(['Admin', 'User', 'Manager']);
    await user.type(screen.getByRole('textbox', { name: T.searchPlaceholder }), 'engin');
    await waitForRoles(['User']);
    const row = screen.getByRole('cell', { name: 'User' }).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'View' }));
    await waitFor(() => expect(location()).toBe('/role-permission/view/2'));
    await user.click(await screen.findByRole('link', { name: T.back }));
    await waitFor(() => expect(location()).toBe('/role-permission'));
    expect(await screen.findByRole('textbox', { name: T.searchPlaceholder })).toHaveValue('engin');
    await waitForRoles(['User']);

    // The role filter and the page too.
    await user.clear(screen.getByRole('textbox', { name: T.searchPlaceholder }));
    await waitForRoles(['Admin', 'User', 'Manager']);
    await user.click(screen.getByRole('button', { name: 'Role: All' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manager' }));
    await waitForRoles(['Manager', 'Manager']);
    await user.click(within(screen.getAllByRole('row')[2]!).getByRole('link', { name: 'View' }));
    await waitFor(() => expect(location()).toBe('/role-permission/view/4'));
    await user.click(await screen.findByRole('link', { name: T.back }));
    await waitForRoles(['Manager', 'Manager']);
    expect(screen.getByRole('button', { name: 'Role: Manager' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Role: Manager' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All' }));
    await waitForRoles(['Admin', 'User', 'Manager']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForRoles(['Manager']);
    await user.click(within(screen.getAllByRole('row')[1]!).getByRole('link', { name: 'View' }));
    await waitFor(() => expect(location()).toBe('/role-permission/view/4'));
    await user.click(await screen.findByRole('link', { name: T.back }));
    await waitForRoles(['Manager']);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it("says 'No permissions found.' without any, and Add Permission goes to the add form", async () => {
    const { user } = renderAdmin('/role-permission', { dataProvider: createMemoryProvider(data(0)) });
    expect(await screen.findByText('No permissions found.', {}, { timeout: 8000 })).toBeInTheDocument();
    const add = screen.getByRole('link', { name: 'Add Permission' });
    expect(add).toHaveAttribute('href', '/role-permisssion/add');
    await user.click(add);
    await waitFor(() => expect(location()).toBe('/role-permission/add'));
    expect(await screen.findByRole('heading', { level: 1, name: T.addTitle })).toBeInTheDocument();
  });

  it('asks before deleting, then deletes', async () => {
    const dataProvider = createMemoryProvider(data());
    const { user } = renderAdmin('/role-permission', { dataProvider });
    await waitForRoles(['Admin', 'User', 'Manager']);
    const row = screen.getByRole('cell', { name: 'User' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this permission?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitForRoles(['Admin', 'Manager', 'Manager']);
    expect((await permissionsOf(dataProvider)).map((p) => p.role_id)).toEqual([1, 3, 5]);
  });
});

describe('/role-permission/add', { timeout: 90_000 }, () => {
  it('answers the spec address with three s’s, narrows designation and role, and requires all three', async () => {
    const dataProvider = createMemoryProvider(data(0));
    const { user } = renderAdmin('/role-permisssion/add', { dataProvider });
    await waitFor(() => expect(location()).toBe('/role-permission/add'));
    expect(await screen.findByRole('heading', { level: 1, name: T.addTitle })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.allRequired);
    // The screen's sentence is the declaration's, which the server says too.
    expect(T.allRequired).toBe(rolePermissions.fields.role_id.required);
    expect(screen.getByRole('combobox', { name: rolePermissions.fields.role_id.label })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await choose(roleDeclaration.fields.department_id.label, 'IT', user);
    await user.click(screen.getByRole('combobox', { name: roleDeclaration.fields.designation_id.label }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Engineer', 'Analyst']);
    await user.click(screen.getByRole('option', { name: 'Analyst' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(T.allRequired);

    await user.click(screen.getByRole('combobox', { name: rolePermissions.fields.role_id.label }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Manager']);
    await user.click(screen.getByRole('option', { name: 'Manager' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

    // A new department clears the designation and the role.
    await choose(roleDeclaration.fields.department_id.label, 'HR', user);
    expect(screen.getByRole('combobox', { name: roleDeclaration.fields.designation_id.label })).not.toHaveTextContent(
      'Analyst',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(T.allRequired);
    await choose(roleDeclaration.fields.designation_id.label, 'HR Manager', user);
    await user.click(screen.getByRole('combobox', { name: rolePermissions.fields.role_id.label }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Admin', 'HR', 'Manager']);
    expect(await permissionsOf(dataProvider)).toEqual([]);
  });

  it('saves the ticked matrix (Select All, Clear All) and returns to /role-permission after 2 s', async () => {
    const dataProvider = createMemoryProvider(data(0));
    const { user } = renderAdmin('/role-permission/add', { dataProvider });
    await screen.findByRole('heading', { level: 1, name: T.addTitle });
    await choose(roleDeclaration.fields.department_id.label, 'IT', user);
    await choose(roleDeclaration.fields.designation_id.label, 'Engineer', user);
    await choose(rolePermissions.fields.role_id.label, 'User', user);

    // The matrix's boxes, counted and read as the inputs they are: a role query computes the name and visibility of
    // each of some 400 boxes, which took most of this file's time; a box is found by its label below.
    const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    const capabilityCount = permissionCatalogue().reduce((n, e) => n + e.capabilities.length, 0) * SCOPES.length;
    expect(boxes()).toHaveLength(capabilityCount);
    await user.click(screen.getByRole('button', { name: T.selectAll }));
    expect(boxes().every((box) => box.checked)).toBe(true);
    await user.click(screen.getByRole('button', { name: T.clearAll }));
    expect(boxes().some((box) => box.checked)).toBe(false);
    await user.click(screen.getByLabelText('Master Data Countries Global View'));
    await user.click(screen.getByLabelText('Company Employees Self Edit'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission added successfully.')).toBeInTheDocument();
    const [saved] = await permissionsOf(dataProvider);
    expect(saved).toMatchObject({
      role_id: 2,
      permissions: { ...COUNTRIES_VIEW, Company: { Employees: { Self: { Edit: true } } } },
    });
    expect(location()).toBe('/role-permission/add');
    await waitFor(() => expect(location()).toBe('/role-permission'), { timeout: 4000 });
  });

  it('shows the declared sentence when the role already has its permissions', async () => {
    const { user } = renderAdmin('/role-permission/add', { dataProvider: createMemoryProvider(data()) });
    await screen.findByRole('heading', { level: 1, name: T.addTitle });
    await choose(roleDeclaration.fields.department_id.label, 'IT', user);
    await choose(roleDeclaration.fields.designation_id.label, 'Engineer', user);
    await choose(rolePermissions.fields.role_id.label, 'User', user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: This role already has its permissions. Edit them instead.',
    );
  });
});

describe('/role-permission/edit', { timeout: 60_000 }, () => {
  it('shows the role as text and saves the changed matrix', async () => {
    const dataProvider = createMemoryProvider(data());
    const { user } = renderAdmin('/role-permission/edit/2', { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: T.editTitle })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: rolePermissions.fields.role_id.label })).toHaveValue('User'),
    );
    expect(screen.getByRole('textbox', { name: roleDeclaration.fields.department_id.label })).toHaveValue('IT');
    expect(screen.getByRole('textbox', { name: roleDeclaration.fields.designation_id.label })).toHaveValue('Engineer');
    const countries = screen.getByLabelText('Master Data Countries Global View');
    expect(countries).toBeChecked();
    await user.click(countries);
    await user.click(screen.getByLabelText('Gallery Images Global Add'));
    await user.click(screen.getByRole('button', { name: T.update }));
    expect(await screen.findByText('Permission updated successfully.')).toBeInTheDocument();
    const saved = (await permissionsOf(dataProvider)).find((p) => p.id === 2);
    expect(saved?.permissions).toEqual({
      'Master Data': { Countries: { Global: {} } },
      Gallery: { Images: { Global: { Add: true } } },
    });
    await waitFor(() => expect(location()).toBe('/role-permission'), { timeout: 4000 });
  });

  it('goes back to the list without an id', async () => {
    renderAdmin('/role-permission/edit', { dataProvider: createMemoryProvider(data()) });
    await waitFor(() => expect(location()).toBe('/role-permission'));
  });
});

describe('/role-permission/view', { timeout: 60_000 }, () => {
  it('shows the read-only matrix and the employees and users it applies to', async () => {
    renderAdmin('/role-permission/view/1', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByRole('heading', { level: 1, name: T.viewTitle })).toBeInTheDocument();
    const role = await screen.findByRole('region', { name: rolePermissions.fields.role_id.label });
    expect(role).toHaveTextContent('Department: HR');
    expect(role).toHaveTextContent('Designation: HR Manager');
    expect(role).toHaveTextContent('Role: Admin');
    const matrix = screen.getByRole('region', { name: rolePermissions.fields.permissions.label });
    expect(within(matrix).queryAllByRole('checkbox')).toEqual([]);
    expect(within(matrix).getByLabelText('Company Departments Global View')).toHaveTextContent('Yes');
    expect(within(matrix).getByLabelText('Company Departments Global Edit')).toHaveTextContent('Yes');
    expect(within(matrix).getByLabelText('Company Departments Global Delete')).toHaveTextContent('No');

    const employees = screen.getByRole('region', { name: T.employeesTitle });
    await waitFor(() => expect(within(employees).getByRole('link', { name: 'Asha Verma' })).toBeInTheDocument());
    expect(within(employees).queryByText('Ravi Kumar')).not.toBeInTheDocument();
    expect(within(employees).getByRole('link', { name: 'Asha Verma' })).toHaveAttribute('href', '/employee/view/1');
    const users = screen.getByRole('region', { name: T.usersTitle });
    await waitFor(() =>
      expect(within(users).getByRole('link', { name: 'Kiran' })).toHaveAttribute('href', '/user/profile/1'),
    );
  });

  it('says when the role is inactive, and when nobody holds it', async () => {
    const base = data();
    base.role_permissions.push({ id: 9, role_id: 4, permissions: {} });
    base.employees = [];
    renderAdmin('/role-permission/view/9', { dataProvider: createMemoryProvider(base) });
    expect(await screen.findByText(T.roleInactive, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText(T.noEmployees)).toBeInTheDocument();
    expect(await screen.findByText(T.noUsers)).toBeInTheDocument();
  });

  it("says 'Permission not found.' for an unknown id", async () => {
    renderAdmin('/role-permission/view/99', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByText('Permission not found.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('role permissions in Hindi', { timeout: 60_000 }, () => {
  const hindi = () => polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }]);

  it('the list speaks Hindi: heading, search, filter, Add, columns and row buttons', async () => {
    const { user } = renderAdmin('/role-permission', {
      dataProvider: createMemoryProvider(data()),
      i18nProvider: hindi(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: HI.title })).toBeInTheDocument();
    await waitForRoles(['Admin', 'User', 'Manager']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([HI.number, 'विभाग', 'पद', 'भूमिका', HI.actions]);
    expect(screen.getByPlaceholderText(HI.searchPlaceholder)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'अनुमति जोड़ें' })).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'देखें' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'संपादित करें' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'हटाएँ' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('अनुमति हटाएँ');
    expect(dialog).toHaveTextContent('क्या आप वाकई यह अनुमति हटाना चाहते हैं?');
    await user.click(within(dialog).getByRole('button', { name: 'रद्द करें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'भूमिका: सभी' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem')[0]).toHaveTextContent('सभी');
  });

  it('the view speaks Hindi: labels, Yes/No, the employees and users with their statuses and types', async () => {
    renderAdmin('/role-permission/view/1', { dataProvider: createMemoryProvider(data()), i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: HI.viewTitle })).toBeInTheDocument();
    const role = await screen.findByRole('region', { name: 'भूमिका' });
    expect(role).toHaveTextContent('विभाग: HR');
    expect(role).toHaveTextContent('पद: HR Manager');
    expect(role).toHaveTextContent('भूमिका: Admin');
    expect(role).toHaveTextContent(`${HI.roleActive}: हाँ`);
    expect(screen.getByRole('region', { name: 'अनुमतियाँ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HI.back })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'संपादित करें' })).toBeInTheDocument();

    const employees = screen.getByRole('region', { name: HI.employeesTitle });
    await waitFor(() => expect(within(employees).getByRole('link', { name: 'Asha Verma' })).toBeInTheDocument());
    expect(
      within(employees)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([HI.name, 'ईमेल', 'स्थिति']);
    expect(within(employees).getByRole('cell', { name: 'सक्रिय' })).toBeInTheDocument();
    const users = screen.getByRole('region', { name: HI.usersTitle });
    await waitFor(() => expect(within(users).getByRole('link', { name: 'Kiran' })).toBeInTheDocument());
    expect(
      within(users)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['उपयोगकर्ता नाम', 'ईमेल', 'उपयोगकर्ता का प्रकार']);
    expect(within(users).getByRole('cell', { name: 'विक्रेता' })).toBeInTheDocument();
  });

  it('the add form speaks Hindi, its required sentence too', async () => {
    const { user } = renderAdmin('/role-permission/add', {
      dataProvider: createMemoryProvider(data()),
      i18nProvider: hindi(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: HI.addTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: HI.selectAll })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: HI.clearAll })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'रद्द करें' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'सहेजें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(HI.allRequired);
  });
});
