/**
 * The employee screens on the memory provider, with departments, designations and employees made here: the
 * list (count, 5 per page, designation filter, search, empty text, the export and import menus, delete), the add
 * wizard (Next refusing each missing field with its sentence, department change clearing the designation,
 * Select All / Clear All, submit then the list after 2 seconds), the edit form and the view screen.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERATED_MESSAGES } from '../generator/messages.ts';
import { renderAdmin } from '../generator/test-app.tsx';
import { createMemoryProvider } from '../providers/memory.ts';
import { employees } from '../../resources/employees.ts';
import { employeesHindi } from '../../resources/hindi/employees.ts';
import { PASSWORD_POLICY } from '../../resources/password-policy.ts';
import { TRUST_TIME_ZONE } from '../auth/access.ts';
import { i18nProvider } from '../i18n.ts';
import { formatsFor } from '../i18n/format.ts';
import { fill } from '../i18n/words.ts';
import { EMPLOYEE as T, EMPLOYEE_HI, PERMISSION_TABLE_HI } from './messages.ts';
import { permissionCatalogue, SCOPES } from '../../resources/permissions.ts';
import { tableRows } from '../../../tests/components/table.ts';

const location = () => screen.getByTestId('location').textContent;
/** The app bar's title (react-admin's TitlePortal). */
const appBarTitle = () => document.getElementById('react-admin-title');

const f = employees.fields;
/** The declared labels the screens show (resources.employees.fields, in English the declaration's). */
const L = {
  fullName: f.full_name.label,
  email: f.email.label,
  mobile: f.mobile.label,
  dob: f.dob.label,
  hireDate: f.hire_date.label,
  salary: f.salary.label,
  contractStartDate: f.contract_start_date.label,
  contractLastDate: f.contract_last_date.label,
  password: T.password,
  gender: f.gender.label,
  department: f.department_id.label,
  designation: f.designation_id.label,
  role: f.role.label,
  status: f.status.label,
  isActive: f.is_active.label,
  permissions: f.permissions.label,
};
/** The declaration's sentences the screens show (resources.employees.…, English). */
const R = {
  add: 'Add Employee',
  addTitle: 'Add Employee',
  editTitle: 'Edit Employee',
  viewTitle: 'Employee Details',
  created: 'Employee added successfully.',
  empty: employees.list.empty,
  deleteConfirm: employees.messages.deleteConfirm,
};

afterEach(() => {
  vi.restoreAllMocks();
});

const person = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  full_name: `Person ${id}`,
  email: `person${id}@example.org`,
  mobile: `+91 90000 0000${id}`,
  gender: 'Female',
  dob: '1990-01-01',
  hire_date: '2024-01-01',
  salary: 30000 + id,
  contract_start_date: '2024-01-01',
  contract_last_date: '2026-12-31',
  user_profile: null,
  status: 'Active',
  is_active: true,
  role: 'user',
  permissions: {},
  department_id: 2,
  designation_id: 2,
  ...overrides,
});

function data(employeeCount = 7) {
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
    employees: Array.from({ length: employeeCount }, (_, i) =>
      person(
        i + 1,
        i === 0
          ? {
              full_name: 'Asha Verma',
              email: 'asha@example.org',
              department_id: 1,
              designation_id: 1,
              status: 'Pending',
              user_profile: '/uploads/employees/asha.webp',
              permissions: { Company: { Employees: { Self: { View: true } } } },
            }
          : i === 2
            ? { designation_id: 3, status: 'Inactive' }
            : {},
      ),
    ),
  };
}

const names = () => tableRows().map((cells) => cells[1]);
async function waitForNames(expected: string[]) {
  await waitFor(() => expect(names()).toEqual(expected), { timeout: 15_000 });
}

async function choose(label: string, option: string, user: ReturnType<typeof renderAdmin>['user']) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function employeesOf(dataProvider: DataProvider) {
  const { data: rows } = await dataProvider.getList('employees', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  return rows;
}

// Heavy on MUI selects and typing: generous under a loaded full run.
describe('/employee', { timeout: 90_000 }, () => {
  it('shows the count, the columns, 5 to a page, and the actions', async () => {
    const { user } = renderAdmin('/employee', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    await waitForNames(['Asha Verma', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);
    expect(screen.getByText(fill(T.total, { count: 7 }))).toBeInTheDocument();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'S.No',
      'Name',
      'Mobile',
      'Department',
      'Designation',
      'Status',
      'Actions',
    ]);
    expect(tableRows()[0]).toEqual([
      '1',
      'Asha Verma',
      '+91 90000 00001',
      'HR',
      'HR Manager',
      'Pending',
      'ViewEditDelete',
    ]);
    const first = screen.getByRole('cell', { name: 'Asha Verma' }).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/employee/view/1');
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/employee/edit/1');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForNames(['Person 6', 'Person 7']);
    expect(tableRows().map((cells) => cells[0])).toEqual(['6', '7']);

    await user.click(screen.getByRole('link', { name: R.add }));
    await waitFor(() => expect(location()).toBe('/employee/add'));
  });

  it('filters by the designations that exist, and searches names and emails', async () => {
    const { user } = renderAdmin('/employee', { dataProvider: createMemoryProvider(data()) });
    await waitForNames(['Asha Verma', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);
    await user.click(screen.getByRole('button', { name: 'Designation: All' }));
    const options = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(options.map((o) => o.textContent)).toEqual(['All', 'HR Manager', 'Engineer', 'Analyst']);
    await user.click(screen.getByRole('menuitem', { name: 'Analyst' }));
    await waitForNames(['Person 3']);
    expect(screen.getByText(fill(T.total, { count: 1 }))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Designation: Analyst' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All' }));
    await waitForNames(['Asha Verma', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);

    const search = screen.getByPlaceholderText(T.searchPlaceholder);
    await user.type(search, 'asha@');
    await waitForNames(['Asha Verma']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText(R.empty, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows the empty sentence without employees, exports the list as searched, and offers the import template', async () => {
    const { user } = renderAdmin('/employee', { dataProvider: createMemoryProvider(data(0)) });
    expect(await screen.findByText(R.empty, {}, { timeout: 8000 })).toBeInTheDocument();
    // A whole number searched is an employee's id, in the list and in its export.
    fireEvent.change(screen.getByPlaceholderText(T.searchPlaceholder), { target: { value: '42' } });
    await user.click(screen.getByRole('button', { name: T.export }));
    const entries = () => within(screen.getByRole('menu')).getAllByRole('menuitem');
    await waitFor(() =>
      expect(entries().map((o) => o.textContent)).toEqual(['Excel (.xlsx)', 'CSV (.csv)', 'PDF (.pdf)']),
    );
    const href = () => new URL(entries()[0]!.getAttribute('href')!, 'http://admin.test');
    await waitFor(() => expect(href().searchParams.get('filter')).toBe('{"id":42}'));
    expect(href().pathname).toBe('/api/v2/employees/export');
    await user.keyboard('{Escape}');
    // The Import menu (generator/import-menu.tsx, tested there): the template of employees, and a file.
    await user.click(screen.getByRole('button', { name: GENERATED_MESSAGES.import }));
    const template = await screen.findByRole('menuitem', { name: GENERATED_MESSAGES.importTemplate });
    expect(template).toHaveAttribute('href', '/api/v2/employees/import/template?lang=en');
    expect(screen.getByRole('menuitem', { name: GENERATED_MESSAGES.importFile })).toBeInTheDocument();
  });

  it('asks before deleting, then deletes', async () => {
    const dataProvider = createMemoryProvider(data());
    const { user } = renderAdmin('/employee', { dataProvider });
    await waitForNames(['Asha Verma', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);
    const row = screen.getByRole('cell', { name: 'Person 2' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(R.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitForNames(['Asha Verma', 'Person 3', 'Person 4', 'Person 5', 'Person 6']);
    expect(await employeesOf(dataProvider)).toHaveLength(6);
  });

  it('says so when the employees cannot be fetched', async () => {
    const broken = createMemoryProvider(data());
    const failing: DataProvider = {
      ...broken,
      getList: (resource, params) =>
        resource === 'employees' ? Promise.reject(new Error('offline')) : broken.getList(resource, params),
    };
    renderAdmin('/employee', { dataProvider: failing });
    expect(await screen.findByText(T.fetchFailed, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("says 'Failed to delete employee. Please try again.' when the delete fails", async () => {
    const base = createMemoryProvider(data());
    const refusing: DataProvider = { ...base, delete: () => Promise.reject(new Error('refused')) };
    const { user } = renderAdmin('/employee', { dataProvider: refusing });
    await waitForNames(['Asha Verma', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);
    const row = screen.getByRole('cell', { name: 'Person 2' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(T.deleteFailed)).toBeInTheDocument();
    expect(await employeesOf(base)).toHaveLength(7);
  });
});

const PROFILE: [string, string][] = [
  [L.fullName, 'Ravi Kumar'],
  [L.email, 'ravi@example.org'],
  [L.mobile, '+91 98765 43210'],
  [L.dob, '1991-05-06'],
  [L.hireDate, '2025-01-01'],
  [L.salary, '42000'],
  [L.contractStartDate, '2025-01-01'],
  [L.contractLastDate, '2027-12-31'],
  [L.password, 'ravi-password'],
];

// By selector, not by role: role queries over the matrix's hundreds of boxes took most of this file's time.
const checkboxes = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));

describe('/employee/add', { timeout: 90_000 }, () => {
  it('refuses Next with the sentence of each missing field, in order', async () => {
    const { user, container } = renderAdmin('/employee/add', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByRole('heading', { level: 1, name: R.addTitle })).toBeInTheDocument();
    // The app bar names the screen, as every other screen does.
    expect(appBarTitle()).toHaveTextContent(R.addTitle);
    for (const [label, value] of PROFILE) {
      await user.click(screen.getByRole('button', { name: T.next }));
      expect(await screen.findByRole('alert')).toHaveTextContent(`Please fill out ${label}`);
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out Gender');
    await choose(L.gender, 'Male', user);
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out Photo');
    expect(screen.queryByRole('combobox', { name: L.department })).not.toBeInTheDocument();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'ravi.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(screen.getByText('ravi.png')).toBeInTheDocument();
    // Chosen, the photo's problem goes at once, under the button and in the alert, before Next.
    expect(screen.queryByText('Please fill out Photo')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container.querySelector('input[type="file"]')).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(await screen.findByRole('combobox', { name: L.department })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows every problem of step 1 at once under its field, with the server’s sentences, and keeps Next closed', async () => {
    const dataProvider = createMemoryProvider(data(0));
    const { user, container } = renderAdmin('/employee/add', { dataProvider });
    await screen.findByRole('heading', { level: 1, name: R.addTitle });
    const wrong: [string, string][] = [
      [L.fullName, 'Ravi Kumar'],
      [L.email, 'ravi.example.org'],
      [L.mobile, '12345'],
      [L.dob, '1991-05-06'],
      [L.hireDate, '2025-01-01'],
      [L.salary, '-5'],
      [L.contractStartDate, '2025-06-01'],
      [L.contractLastDate, '2025-01-01'],
      [L.password, 'short'],
    ];
    for (const [label, value] of wrong) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await user.click(screen.getByRole('button', { name: T.next }));

    const expected: [string, string][] = [
      [L.email, 'Please enter a valid email address.'],
      [L.mobile, 'Please enter a valid mobile number.'],
      [L.salary, 'Salary cannot be negative.'],
      [L.contractLastDate, 'The contract end date must not be before its start date.'],
      [L.password, PASSWORD_POLICY.tooShort],
    ];
    for (const [label, sentence] of expected) {
      const input = screen.getByLabelText(label);
      expect(input, label).toHaveAttribute('aria-invalid', 'true');
      expect(input, label).toHaveAccessibleDescription(sentence);
    }
    expect(screen.getByLabelText(L.fullName)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(L.dob)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('Please fill out Gender')).toBeInTheDocument();
    expect(screen.getByText('Please fill out Photo')).toBeInTheDocument();
    expect(screen.queryByText('Salary must be a whole number.')).not.toBeInTheDocument();
    // The alert says the first; Next stays on step 1.
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.queryByRole('combobox', { name: L.department })).not.toBeInTheDocument();
    // The Permission tab does not get past them either.
    await user.click(screen.getByRole('tab', { name: T.permissionTab }));
    expect(screen.queryByRole('combobox', { name: L.department })).not.toBeInTheDocument();

    // A common password is refused as the server refuses it; fixing everything opens step 2 in one go.
    fireEvent.change(screen.getByLabelText(L.password), { target: { value: 'Password123' } });
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(screen.getByLabelText(L.password)).toHaveAccessibleDescription(PASSWORD_POLICY.common);
    for (const [label, value] of PROFILE) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await choose(L.gender, 'Male', user);
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([137, 80, 78, 71])], 'ravi.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(await screen.findByRole('combobox', { name: L.department })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await employeesOf(dataProvider)).toEqual([]);
  });

  it('clears the designation when the department changes, sets and clears every permission, creates, then returns after 2 s', async () => {
    const dataProvider = createMemoryProvider(data(0));
    const { user, container } = renderAdmin('/employee/add', { dataProvider });
    await screen.findByRole('heading', { level: 1, name: R.addTitle });
    for (const [label, value] of PROFILE) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await choose(L.gender, 'Male', user);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'ravi.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(screen.getByRole('button', { name: T.next }));

    await user.click(await screen.findByRole('button', { name: T.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out Department');
    await choose(L.department, 'IT', user);
    await user.click(screen.getByRole('combobox', { name: L.designation }));
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual(['Engineer', 'Analyst']);
    await user.click(screen.getByRole('option', { name: 'Analyst' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: L.designation })).toHaveTextContent('Analyst'));
    await choose(L.department, 'HR', user);
    await waitFor(() => expect(screen.getByRole('combobox', { name: L.designation })).not.toHaveTextContent('Analyst'));
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out Designation');
    await choose(L.designation, 'HR Manager', user);
    await choose(L.role, 'supervisor', user);

    const total = permissionCatalogue().reduce((n, e) => n + e.capabilities.length, 0) * SCOPES.length;
    expect(checkboxes()).toHaveLength(total);
    await user.click(screen.getByRole('button', { name: T.selectAll }));
    expect(checkboxes().every((c) => (c as HTMLInputElement).checked)).toBe(true);
    await user.click(screen.getByRole('button', { name: T.clearAll }));
    expect(checkboxes().some((c) => (c as HTMLInputElement).checked)).toBe(false);
    await user.click(screen.getByLabelText('Media News Global Edit'));
    await user.click(screen.getByLabelText('Dashboard Dashboard Self View'));

    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(R.created)).toBeInTheDocument();
    expect(location()).toBe('/employee/add');
    await waitFor(() => expect(location()).toBe('/employee'), { timeout: 3500 });

    const [created] = await employeesOf(dataProvider);
    expect(created).toMatchObject({
      full_name: 'Ravi Kumar',
      email: 'ravi@example.org',
      salary: 42000,
      gender: 'Male',
      department_id: 1,
      designation_id: 1,
      role: 'supervisor',
      permissions: { Media: { News: { Global: { Edit: true } } }, Dashboard: { Dashboard: { Self: { View: true } } } },
    });
    expect(created).not.toHaveProperty('password');
  });

  it("shows the server's sentence when the create is refused", async () => {
    const base = createMemoryProvider(data(1));
    const { user, container } = renderAdmin('/employee/add', { dataProvider: base });
    await screen.findByRole('heading', { level: 1, name: R.addTitle });
    // The email of an employee who exists already.
    for (const [label, value] of PROFILE) {
      fireEvent.change(screen.getByLabelText(label), {
        target: { value: label === L.email ? 'asha@example.org' : value },
      });
    }
    await choose(L.gender, 'Male', user);
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: T.next }));
    await choose(L.department, 'HR', user);
    await choose(L.designation, 'HR Manager', user);
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: An employee with this email already exists.');
    // The refusal belongs to step 1: back there, under the email.
    expect(await screen.findByLabelText(L.email)).toHaveAccessibleDescription(
      'An employee with this email already exists.',
    );
    expect(location()).toBe('/employee/add');
  });
});

describe('/employee/edit and /employee/view', { timeout: 90_000 }, () => {
  it('edits the profile and job, Back returns to step 1, then goes to the list', async () => {
    const dataProvider = createMemoryProvider(data(2));
    const { user } = renderAdmin('/employee/edit/2', { dataProvider });
    const mobile = await screen.findByLabelText(L.mobile);
    expect(mobile).toHaveValue('+91 90000 00002');
    fireEvent.change(mobile, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out Mobile');
    fireEvent.change(mobile, { target: { value: '+91 91111 11111' } });
    await choose(L.status, 'Inactive', user);
    await user.click(screen.getByRole('checkbox', { name: L.isActive }));
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(await screen.findByRole('combobox', { name: L.department })).toHaveTextContent('IT');
    await user.click(screen.getByRole('button', { name: T.back }));
    expect(await screen.findByLabelText(L.mobile)).toHaveValue('+91 91111 11111');
    await user.click(screen.getByRole('button', { name: T.next }));
    await user.click(screen.getByRole('button', { name: T.selectAll }));
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(location()).toBe('/employee'));
    const { data: saved } = await dataProvider.getOne('employees', { id: 2 });
    expect(saved).toMatchObject({ mobile: '+91 91111 11111', status: 'Inactive', is_active: false });
    expect(saved.permissions.Contact['Contact Messages'].Global.Delete).toBe(true);
  });

  it('corrects the name, email and salary with every problem shown at once, and replaces the photo', async () => {
    const dataProvider = createMemoryProvider(data(2));
    const uploads: { url: string; method?: string; file?: FormDataEntryValue | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const body = init?.body instanceof FormData ? init.body : undefined;
      uploads.push({ url: String(input), method: init?.method, file: body?.get('userProfile') });
      return new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } });
    });
    const { user, container } = renderAdmin('/employee/edit/1', { dataProvider });
    const name = await screen.findByLabelText(L.fullName);
    expect(name).toHaveValue('Asha Verma');
    expect(screen.getByLabelText(L.email)).toHaveValue('asha@example.org');
    expect(screen.getByLabelText(L.salary)).toHaveValue(30001);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/employees/asha.webp');
    expect(appBarTitle()).toHaveTextContent(R.editTitle);

    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(L.email), { target: { value: 'asha-at-example' } });
    fireEvent.change(screen.getByLabelText(L.salary), { target: { value: '-100' } });
    await user.click(screen.getByRole('button', { name: T.next }));
    expect(name).toHaveAccessibleDescription('Please fill out Full Name');
    expect(screen.getByLabelText(L.email)).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(screen.getByLabelText(L.salary)).toHaveAccessibleDescription('Salary cannot be negative.');
    expect(screen.queryByRole('combobox', { name: L.department })).not.toBeInTheDocument();

    fireEvent.change(name, { target: { value: 'Asha Verma-Rao' } });
    fireEvent.change(screen.getByLabelText(L.email), { target: { value: 'asha.rao@example.org' } });
    fireEvent.change(screen.getByLabelText(L.salary), { target: { value: '52000' } });
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'asha-new.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, photo);
    expect(screen.getByText('asha-new.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.next }));
    await screen.findByRole('combobox', { name: L.department });
    await user.click(screen.getByRole('button', { name: T.submit }));
    await waitFor(() => expect(location()).toBe('/employee'));

    const { data: saved } = await dataProvider.getOne('employees', { id: 1 });
    expect(saved).toMatchObject({ full_name: 'Asha Verma-Rao', email: 'asha.rao@example.org', salary: 52000 });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ url: '/api/v2/employees/1/photo', method: 'PUT' });
    expect((uploads[0]!.file as File).name).toBe('asha-new.png');
  });

  it('returns to step 1 with the sentence under the email when the server refuses it', async () => {
    const dataProvider = createMemoryProvider(data(2));
    const { user } = renderAdmin('/employee/edit/2', { dataProvider });
    const email = await screen.findByLabelText(L.email);
    fireEvent.change(email, { target: { value: 'asha@example.org' } });
    await user.click(screen.getByRole('button', { name: T.next }));
    await user.click(await screen.findByRole('button', { name: T.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.updateFailed);
    expect(await screen.findByLabelText(L.email)).toHaveAccessibleDescription(
      'An employee with this email already exists.',
    );
    expect(location()).toBe('/employee/edit/2');
  });

  it('shows the profile card, contract details, job info and permissions', async () => {
    renderAdmin('/employee/view/1', { dataProvider: createMemoryProvider(data()) });
    const profile = await screen.findByRole('region', { name: T.profileTab });
    expect(appBarTitle()).toHaveTextContent(R.viewTitle);
    expect(within(profile).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(profile).getByRole('img')).toHaveAttribute('src', '/uploads/employees/asha.webp');
    expect(within(profile).getByText('Pending').closest('[data-colour]')).toHaveAttribute('data-colour', 'warning');
    const contract = screen.getByRole('region', { name: T.contract });
    expect(contract).toHaveTextContent('Contract End Date: 31 Dec 2026');
    const job = screen.getByRole('region', { name: T.job });
    await waitFor(() => expect(job).toHaveTextContent('Department: HR'));
    expect(job).toHaveTextContent('Designation: HR Manager');
    const permissions = screen.getByRole('region', { name: L.permissions });
    expect(within(permissions).getByLabelText('Company Employees Self View')).toHaveTextContent('Yes');
    expect(within(permissions).getByLabelText('Company Employees Global View')).toHaveTextContent('No');
  });

  it("says 'Failed to fetch employee' for an employee that does not exist", async () => {
    renderAdmin('/employee/view/99', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByText(T.viewFailed)).toBeInTheDocument();
  });
});

describe('in Hindi', { timeout: 90_000 }, () => {
  afterEach(async () => {
    await i18nProvider.changeLocale('en');
  });

  it('shows the view in Hindi: labels, values, Indian dates and rupees, the permission table', async () => {
    await i18nProvider.changeLocale('hi');
    renderAdmin('/employee/view/1', { dataProvider: createMemoryProvider(data()) });
    const profile = await screen.findByRole('region', { name: EMPLOYEE_HI.profileTab });
    expect(appBarTitle()).toHaveTextContent('कर्मचारी का विवरण');
    expect(within(profile).getByText('लंबित').closest('[data-colour]')).toHaveAttribute('data-colour', 'warning');
    expect(profile).toHaveTextContent('लिंग: महिला');
    const hi = formatsFor('hi', TRUST_TIME_ZONE);
    const contract = screen.getByRole('region', { name: EMPLOYEE_HI.contract });
    expect(contract).toHaveTextContent(`अनुबंध समाप्त होने की तिथि: ${hi.date('2026-12-31')}`);
    expect(contract).toHaveTextContent(`वेतन: ${hi.money(30001)}`);
    expect(hi.money(30001)).toContain('₹');
    const job = screen.getByRole('region', { name: EMPLOYEE_HI.job });
    expect(job).toHaveTextContent('भूमिका: उपयोगकर्ता');
    expect(job).toHaveTextContent('सक्रिय: हाँ');
    const permissions = screen.getByRole('region', { name: 'अनुमतियाँ' });
    const { features, scopes, capabilities } = PERMISSION_TABLE_HI;
    const cell = [features.Company, employeesHindi.employees!.subFeature, scopes.Self, capabilities.View].join(' ');
    expect(within(permissions).getByLabelText(cell)).toHaveTextContent('हाँ');
    expect(
      within(permissions)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain(PERMISSION_TABLE_HI.feature);
    // Nothing left in English but data (names, email, mobile, the department and designation).
    expect(document.body.textContent).not.toMatch(/Contract|Salary|Feature|Global|Self|Yes|No\b|Pending|Female/);
  });

  it('says the wizard and its problems in Hindi, the missing photo too', async () => {
    await i18nProvider.changeLocale('hi');
    const { user } = renderAdmin('/employee/add', { dataProvider: createMemoryProvider(data()) });
    await screen.findByRole('heading', { level: 1, name: 'कर्मचारी जोड़ें' });
    expect(screen.getByRole('tab', { name: EMPLOYEE_HI.permissionTab })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: EMPLOYEE_HI.next }));
    expect(screen.getByRole('alert')).toHaveTextContent('कृपया पूरा नाम भरें');
    const hindiLabels: [string, string][] = [
      ['पूरा नाम', 'Ravi Kumar'],
      ['ईमेल', 'ravi.example.org'],
      ['मोबाइल', '+91 98765 43210'],
      ['जन्म तिथि', '1991-05-06'],
      ['नियुक्ति की तिथि', '2025-01-01'],
      ['वेतन', '42000'],
      ['अनुबंध आरंभ होने की तिथि', '2025-01-01'],
      ['अनुबंध समाप्त होने की तिथि', '2027-12-31'],
      [EMPLOYEE_HI.password, 'ravi-password-1'],
    ];
    for (const [label, value] of hindiLabels) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await choose('लिंग', 'पुरुष', user);
    await user.click(screen.getByRole('button', { name: EMPLOYEE_HI.next }));
    expect(screen.getByRole('alert')).toHaveTextContent('कृपया सही ईमेल पता दर्ज करें।');
    expect(screen.getByLabelText('ईमेल')).toHaveAccessibleDescription('कृपया सही ईमेल पता दर्ज करें।');
    expect(screen.getByText('कृपया फ़ोटो चुनें')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EMPLOYEE_HI.cancel })).toBeInTheDocument();
  });
});
