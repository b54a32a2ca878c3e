/**
 * The user screens on the memory provider, with roles and users made here: the list (columns, 3 per page, the
 * user type filter, search, empty text, delete with its confirmation, view and edit links), the add form (the
 * one required-fields sentence, only when username, email or user type is missing; the password generator; the
 * profile image stored after the user, through the server's upload route), the edit form, and the profile
 * (basic info, activity summary, activate/deactivate, send a reset link).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthProvider, DataProvider, RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ACCOUNT_PASSWORD_REQUIRED, PASSWORD_POLICY, passwordProblem } from '../../resources/password-policy.ts';
import { users } from '../../resources/users.ts';
import { usersHindi } from '../../resources/hindi/users.ts';
import { TRUST_TIME_ZONE } from '../auth/access.ts';
import { renderAdmin } from '../generator/test-app.tsx';
import { formatsFor } from '../i18n/format.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { generatedHindi } from '../i18n/hi/generated.ts';
import { fill } from '../i18n/words.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { PASSWORD_WORDS_HI } from '../auth/messages.ts';
import { USER as T, USER_HI } from './messages.ts';
import { tableRows } from '../../../tests/components/table.ts';

const F = Object.fromEntries(Object.entries(users.fields).map(([name, decl]) => [name, decl.label]));
/** The list's words, from the declaration and its Hindi (the list is the generated one). */
const LIST = { title: users.list.title!, add: 'Add User', active: 'Active', inactive: 'Inactive' };
const HI = usersHindi.users as {
  title: { list: string };
  headers: { is_active: string };
  numberHeader: string;
  actionHeader: string;
  choices: { is_active: { true: string; false: string } };
};

const location = () => screen.getByTestId('location').textContent;

const person = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  username: `Person ${id}`,
  email: `person${id}@example.org`,
  user_type: 'Vendor',
  role_id: null,
  mobile: null,
  is_active: true,
  profile_image: null,
  account_creation_date: '2025-01-01T09:00:00.000Z',
  account_id: 100 + id,
  ...overrides,
});

function data(userCount = 5) {
  return {
    departments: [{ id: 1, department_name: 'HR', description: 'People' }],
    designations: [{ id: 1, designation: 'HR Manager', department_id: 1, description: 'x' }],
    roles: [
      { id: 1, role_name: 'Manager', department_id: 1, designation_id: 1, is_active: true },
      { id: 2, role_name: 'Clerk', department_id: 1, designation_id: 1, is_active: true },
    ],
    users: Array.from({ length: userCount }, (_, i) =>
      person(
        i + 1,
        i === 0
          ? { username: 'Asha Verma', email: 'asha@example.org', user_type: 'Client', role_id: 1, is_active: false }
          : i === 1
            ? { user_type: 'Employee', role_id: 2, mobile: '+91 98765 43210' }
            : {},
      ),
    ),
  };
}

const usernames = () => tableRows().map((cells) => cells[1]);
const waitForNames = (expected: string[]) => waitFor(() => expect(usernames()).toEqual(expected), { timeout: 8000 });

async function usersOf(provider: DataProvider): Promise<RaRecord[]> {
  const { data: rows } = await provider.getList('users', {
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

/** A JSON answer of the server, for the routes the data provider does not cover. */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
});

describe('/user', { timeout: 60_000 }, () => {
  it('shows the columns with role names and status, newest first, 3 to a page, with view and edit links', async () => {
    const { user } = renderAdmin('/user', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByRole('heading', { level: 1, name: LIST.title })).toBeInTheDocument();
    await waitForNames(['Person 5', 'Person 4', 'Person 3']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'SNo',
      'Username',
      'Email',
      'User Type',
      'Role',
      'Status',
      'Actions',
    ]);
    expect(tableRows()[0]).toEqual(['1', 'Person 5', 'person5@example.org', 'Vendor', '-', 'Active', 'ViewEditDelete']);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForNames(['Person 2', 'Asha Verma']);
    await waitFor(() => expect(tableRows()[1]?.slice(3, 6)).toEqual(['Client', 'Manager', 'Inactive']));
    expect(tableRows()[0]?.slice(0, 1)).toEqual(['4']);
    expect(tableRows()[0]?.[4]).toBe('Clerk');
    const asha = screen.getByRole('cell', { name: 'Asha Verma' }).closest('tr')!;
    expect(within(asha).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/user/profile/1');
    expect(within(asha).getByRole('link', { name: T.edit })).toHaveAttribute('href', '/user/edit/1');

    await user.click(screen.getByRole('link', { name: LIST.add }));
    await waitFor(() => expect(location()).toBe('/user/add'));
  });

  it('filters by All, Employee, Vendor and Client, and searches', async () => {
    const { user } = renderAdmin('/user', { dataProvider: createMemoryProvider(data()) });
    await waitForNames(['Person 5', 'Person 4', 'Person 3']);
    await user.click(screen.getByRole('button', { name: 'User Type: All' }));
    const options = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(options.map((o) => o.textContent)).toEqual(['All', 'Employee', 'Vendor', 'Client']);
    await user.click(screen.getByRole('menuitem', { name: 'Client' }));
    await waitForNames(['Asha Verma']);
    await user.click(screen.getByRole('button', { name: 'User Type: Client' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Employee' }));
    await waitForNames(['Person 2']);
    await user.click(screen.getByRole('button', { name: 'User Type: Employee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All' }));
    await waitForNames(['Person 5', 'Person 4', 'Person 3']);

    const search = screen.getByPlaceholderText(users.list.searchPlaceholder!);
    await user.type(search, 'asha@');
    await waitForNames(['Asha Verma']);
    await user.clear(search);
    await user.type(search, 'nobody-here');
    expect(await screen.findByText(users.list.empty, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("says 'No users found.' without users", async () => {
    renderAdmin('/user', { dataProvider: createMemoryProvider(data(0)) });
    expect(await screen.findByText('No users found.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('asks before deleting, then deletes', async () => {
    const dataProvider = createMemoryProvider(data());
    const { user } = renderAdmin('/user', { dataProvider });
    await waitForNames(['Person 5', 'Person 4', 'Person 3']);
    const row = screen.getByRole('cell', { name: 'Person 4' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await usersOf(dataProvider)).toHaveLength(5);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitForNames(['Person 5', 'Person 3', 'Person 2']);
    expect((await usersOf(dataProvider)).map((u) => u.id)).toEqual([1, 2, 3, 5]);
  });
});

describe('/user for an account that may only view users', { timeout: 60_000 }, () => {
  it('shows View but no Add, Edit, Delete, Activate or Deactivate', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({
        user_id: 1,
        account_id: 101,
        sign_ins: 0,
        failed_sign_ins: 0,
        last_sign_in_at: null,
        total_activities: 0,
        recent: [],
      }),
    );
    const viewer = { User: { 'User List': { Global: { View: true } } } };
    renderAdmin('/user', { dataProvider: createMemoryProvider(data()), authProvider: authProviderFor(viewer) });
    await waitForNames(['Person 5', 'Person 4', 'Person 3']);
    const row = screen.getByRole('cell', { name: 'Person 5' }).closest('tr')!;
    // The row's buttons show once react-admin's canAccess has answered.
    expect(await within(row).findByRole('link', { name: 'View' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: T.edit })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: LIST.add })).not.toBeInTheDocument();
    cleanup();

    renderAdmin('/user/profile/1', {
      dataProvider: createMemoryProvider(data()),
      authProvider: authProviderFor(viewer),
    });
    const settings = await screen.findByRole('region', { name: T.settingsTitle }, { timeout: 8000 });
    expect(within(settings).getByRole('button', { name: T.sendReset })).toBeInTheDocument();
    expect(within(settings).queryByRole('button', { name: T.activate })).not.toBeInTheDocument();
    expect(within(settings).queryByRole('link', { name: T.edit })).not.toBeInTheDocument();
  });
});

describe('/user/add', { timeout: 90_000 }, () => {
  it('says the required-fields sentence only while username, email or user type is missing', async () => {
    const dataProvider = createMemoryProvider(data(0));
    const { user } = renderAdmin('/user/add', { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: T.addTitle })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: T.save });

    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(T.required);
    fireEvent.change(screen.getByLabelText(F.username!), { target: { value: 'Kiran' } });
    fireEvent.change(screen.getByLabelText(F.email!), { target: { value: 'kiran@example.org' } });
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent(T.required);
    await choose(F.user_type!, 'Vendor', user);
    fireEvent.change(screen.getByLabelText(F.username!), { target: { value: '  ' } });
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent(T.required);
    fireEvent.change(screen.getByLabelText(F.username!), { target: { value: 'Kiran' } });

    // All three given: another problem has its own sentence, never the required one.
    fireEvent.change(screen.getByLabelText(F.email!), { target: { value: 'not-an-email' } });
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(T.required);
    expect(await usersOf(dataProvider)).toEqual([]);
  });

  it('refuses, before the server is asked, a password the policy refuses, beside the other fields’ errors', async () => {
    const dataProvider = createMemoryProvider(data(0));
    const { user } = renderAdmin('/user/add', { dataProvider });
    await screen.findByRole('heading', { level: 1, name: T.addTitle });
    fireEvent.change(screen.getByLabelText(F.username!), { target: { value: 'Kiran' } });
    fireEvent.change(screen.getByLabelText(F.email!), { target: { value: 'kiran-at-example.org' } });
    await choose(F.user_type!, 'Client', user);
    const password = screen.getByLabelText(T.password);
    for (const [typed, sentence] of [
      ['', ACCOUNT_PASSWORD_REQUIRED],
      ['Xy7!kq2#', PASSWORD_POLICY.tooShort],
      ['qwertyuiop', PASSWORD_POLICY.common],
    ] as const) {
      fireEvent.change(password, { target: { value: typed } });
      await user.click(screen.getByRole('button', { name: T.save }));
      expect(screen.getByText(sentence)).toBeInTheDocument();
      expect(screen.getAllByText('Please enter a valid email address.').length).toBeGreaterThan(0);
    }
    expect(await usersOf(dataProvider)).toEqual([]);
  });

  it('generates a password of letters, digits and !@#$%^&* that the password policy accepts', async () => {
    const { user } = renderAdmin('/user/add', { dataProvider: createMemoryProvider(data(0)) });
    await screen.findByRole('heading', { level: 1, name: T.addTitle });
    const password = screen.getByLabelText(T.password);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: T.generate }));
    const first = (password as HTMLInputElement).value;
    expect(first).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
    expect(passwordProblem(first)).toBeUndefined();
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: T.generate }));
    expect((password as HTMLInputElement).value).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
    expect((password as HTMLInputElement).value).not.toBe(first);
    await user.click(screen.getByRole('button', { name: T.hidePassword }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('creates the user with a role from the list, then stores its image, then returns to /user after 2 s', async () => {
    const dataProvider = createMemoryProvider(data(0));
    const uploads: { url: string; method?: string; file?: FormDataEntryValue | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const body = init?.body instanceof FormData ? init.body : undefined;
      uploads.push({ url: String(input), method: init?.method, file: body?.get('profileImage') });
      return json({ ...person(1), profile_image: '/uploads/users/0123456789abcdef0123456789abcdef.png' });
    });
    const { user, container } = renderAdmin('/user/add', { dataProvider });
    await screen.findByRole('heading', { level: 1, name: T.addTitle });
    fireEvent.change(screen.getByLabelText(F.username!), { target: { value: 'Kiran' } });
    fireEvent.change(screen.getByLabelText(F.email!), { target: { value: 'kiran@example.org' } });
    fireEvent.change(screen.getByLabelText(F.mobile!), { target: { value: '+91 98765 43210' } });
    await choose(F.user_type!, 'Client', user);
    await choose(F.role_id!, 'Clerk', user);
    await user.click(screen.getByRole('button', { name: T.generate }));
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'kiran.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, image);
    expect(screen.getByText('kiran.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.created)).toBeInTheDocument();
    const [created] = await usersOf(dataProvider);
    expect(created).toMatchObject({
      username: 'Kiran',
      email: 'kiran@example.org',
      user_type: 'Client',
      role_id: 2,
      mobile: '+91 98765 43210',
      is_active: true,
    });
    // The memory provider, like the server, keeps the password out of the record.
    expect(created).not.toHaveProperty('password');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ url: `/api/v2/users/${created!.id}/profile-image`, method: 'PUT' });
    expect((uploads[0]!.file as File).name).toBe('kiran.png');
    expect(location()).toBe('/user/add');
    await waitFor(() => expect(location()).toBe('/user'), { timeout: 4000 });
  });

  it("shows the server's sentence when the save is refused, and says so when the image is refused", async () => {
    const dataProvider = createMemoryProvider(data(2));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ success: false, message: 'The photo must be a JPEG, PNG or WebP image.', code: 'BAD_REQUEST' }, 400),
    );
    const { user, container } = renderAdmin('/user/add', { dataProvider });
    await screen.findByRole('heading', { level: 1, name: T.addTitle });
    fireEvent.change(screen.getByLabelText(F.username!), { target: { value: 'Again' } });
    fireEvent.change(screen.getByLabelText(F.email!), { target: { value: 'asha@example.org' } });
    fireEvent.change(screen.getByLabelText(T.password), { target: { value: 'violet-lantern-42' } });
    await choose(F.user_type!, 'Vendor', user);
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: A user with this email already exists.');
    expect(screen.getByText('A user with this email already exists.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(F.email!), { target: { value: 'again@example.org' } });
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['hello'], 'notes.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      fill(T.imageFailed, { message: 'The photo must be a JPEG, PNG or WebP image.' }),
    );
    expect((await usersOf(dataProvider)).map((u) => u.username)).toContain('Again');
    expect(location()).toBe('/user/add');
  });
});

describe('/user/edit', { timeout: 60_000 }, () => {
  it('loads the user by id, updates it and returns to /user; no password field', async () => {
    const dataProvider = createMemoryProvider(data());
    const { user } = renderAdmin('/user/edit/1', { dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: T.editTitle })).toBeInTheDocument();
    const username = await screen.findByLabelText(F.username!);
    await waitFor(() => expect(username).toHaveValue('Asha Verma'));
    expect(screen.queryByLabelText(T.password)).not.toBeInTheDocument();
    expect(screen.getByText(T.passwordNote)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: F.role_id! })).toHaveTextContent('Manager');
    expect(screen.getByRole('checkbox', { name: F.is_active! })).not.toBeChecked();

    fireEvent.change(username, { target: { value: 'Asha V.' } });
    await user.click(screen.getByRole('checkbox', { name: F.is_active! }));
    await choose(F.role_id!, T.noRole, user);
    await user.click(screen.getByRole('button', { name: T.update }));
    expect(await screen.findByText(T.updated)).toBeInTheDocument();
    const [asha] = await usersOf(dataProvider);
    expect(asha).toMatchObject({ username: 'Asha V.', is_active: true, role_id: null, profile_image: null });
    await waitFor(() => expect(location()).toBe('/user'), { timeout: 4000 });
  });

  it('goes back to the list without an id', async () => {
    renderAdmin('/user/edit', { dataProvider: createMemoryProvider(data()) });
    await waitFor(() => expect(location()).toBe('/user'));
  });

  it("says 'User not found.' for an unknown id", async () => {
    renderAdmin('/user/edit/99', { dataProvider: createMemoryProvider(data()) });
    expect(await screen.findByText('User not found.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('/user/profile', { timeout: 60_000 }, () => {
  const summary = {
    user_id: 1,
    account_id: 101,
    sign_ins: 7,
    failed_sign_ins: 2,
    last_sign_in_at: '2026-03-01T10:30:00.000Z',
    total_activities: 12,
    recent: [
      {
        id: 9,
        action: 'Sign-in',
        status: 'Failed',
        description: 'Sign-in refused: wrong password.',
        occurred_at: '2026-03-02T08:00:00.000Z',
      },
      {
        id: 8,
        action: 'Sign-out',
        status: 'Success',
        description: 'Signed out.',
        occurred_at: '2026-03-01T11:00:00.000Z',
      },
    ],
  };

  function auth(answer = { success: true, message: 'Reset password link sent to your email.' }) {
    const requestPasswordReset = vi.fn(async (_email: string) => answer);
    const provider: AuthProvider & { requestPasswordReset: typeof requestPasswordReset } = {
      login: async () => {},
      logout: async () => {},
      checkAuth: async () => {},
      checkError: async () => {},
      requestPasswordReset,
    };
    return provider;
  }

  it('shows the basic info, the activity summary from the server, and no ratings or wallet', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      calls.push(String(input));
      return json(summary);
    });
    renderAdmin('/user/profile/1', { dataProvider: createMemoryProvider(data()), authProvider: auth() });
    expect(await screen.findByRole('heading', { level: 1, name: T.profileTitle })).toBeInTheDocument();
    const info = await screen.findByRole('region', { name: T.basicInfo });
    expect(info).toHaveTextContent('Asha Verma');
    expect(info).toHaveTextContent('asha@example.org');
    expect(info).toHaveTextContent('Client');
    expect(info).toHaveTextContent('Inactive');
    await waitFor(() => expect(info).toHaveTextContent('Role: Manager'));

    const activity = screen.getByRole('region', { name: T.activityTitle });
    await waitFor(() => expect(activity).toHaveTextContent(`${T.signIns}: 7`));
    expect(activity).toHaveTextContent(`${T.failedSignIns}: 2`);
    expect(activity).toHaveTextContent(formatsFor('en', TRUST_TIME_ZONE).dateTime(summary.last_sign_in_at));
    const rows = within(within(activity).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Sign-in', 'Failed', 'Sign-in refused: wrong password.'],
      ['Sign-out', 'Success', 'Signed out.'],
    ]);
    expect(calls).toEqual(['/api/v2/users/1/activity-summary']);
    expect(screen.queryByText(/wallet|rating/i)).not.toBeInTheDocument();
  });

  it('activates and deactivates the account', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ ...summary, recent: [] }));
    const dataProvider = createMemoryProvider(data());
    const { user } = renderAdmin('/user/profile/1', { dataProvider, authProvider: auth() });
    const settings = await screen.findByRole('region', { name: T.settingsTitle });
    await user.click(within(settings).getByRole('button', { name: T.activate }));
    expect(await within(settings).findByText(T.activated)).toBeInTheDocument();
    expect((await usersOf(dataProvider))[0]).toMatchObject({ is_active: true });
    await waitFor(() => expect(screen.getByRole('region', { name: T.basicInfo })).toHaveTextContent(LIST.active));

    await user.click(within(settings).getByRole('button', { name: T.deactivate }));
    expect(await within(settings).findByText(T.deactivated)).toBeInTheDocument();
    expect((await usersOf(dataProvider))[0]).toMatchObject({ is_active: false });
    expect(screen.getByText(T.noActivity)).toBeInTheDocument();
  });

  it("sends a reset link to the user's email and shows the answer", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(summary));
    const authProvider = auth();
    const { user } = renderAdmin('/user/profile/2', { dataProvider: createMemoryProvider(data()), authProvider });
    const settings = await screen.findByRole('region', { name: T.settingsTitle });
    await user.click(within(settings).getByRole('button', { name: T.sendReset }));
    expect(await within(settings).findByText('Reset password link sent to your email.')).toBeInTheDocument();
    expect(authProvider.requestPasswordReset).toHaveBeenCalledWith('person2@example.org');
  });

  it("says 'Failed to send reset link.' when refused, and the summary's failure", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ success: false, message: 'You do not have permission to view User List.', code: 'FORBIDDEN' }, 403),
    );
    const authProvider = auth({ success: false, message: undefined as unknown as string });
    const { user } = renderAdmin('/user/profile/2', { dataProvider: createMemoryProvider(data()), authProvider });
    const activity = await screen.findByRole('region', { name: T.activityTitle });
    expect(await within(activity).findByRole('alert')).toHaveTextContent(
      'You do not have permission to view User List.',
    );
    const settings = screen.getByRole('region', { name: T.settingsTitle });
    await user.click(within(settings).getByRole('button', { name: T.sendReset }));
    expect(await within(settings).findByText(T.resetFailed)).toBeInTheDocument();
  });

  it("finds the user of the account the activity log's User ID link passes", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(summary));
    renderAdmin('/user/profile', {
      dataProvider: createMemoryProvider(data()),
      authProvider: auth(),
      state: { userId: 102 },
    });
    const info = await screen.findByRole('region', { name: T.basicInfo }, { timeout: 8000 });
    expect(info).toHaveTextContent('person2@example.org');
  });

  it("says 'User not found' for an account that is no user, and without any id", async () => {
    renderAdmin('/user/profile', {
      dataProvider: createMemoryProvider(data()),
      authProvider: auth(),
      state: { userId: 7 },
    });
    expect(await screen.findByText(T.notFound, {}, { timeout: 8000 })).toBeInTheDocument();
    cleanup();
    renderAdmin('/user/profile', { dataProvider: createMemoryProvider(data()), authProvider: auth() });
    expect(await screen.findByText(T.notFound, {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("says 'User not found.' for an unknown user", async () => {
    renderAdmin('/user/profile/99', { dataProvider: createMemoryProvider(data()), authProvider: auth() });
    expect(await screen.findByText('User not found.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('in Hindi', { timeout: 60_000 }, () => {
  const hindi = () => polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }]);
  const summary = {
    user_id: 1,
    account_id: 101,
    sign_ins: 7,
    failed_sign_ins: 2,
    last_sign_in_at: '2026-03-01T10:30:00.000Z',
    total_activities: 1,
    recent: [
      { id: 9, action: 'Sign-in', status: 'Failed', description: null, occurred_at: '2026-03-01T10:30:00.000Z' },
    ],
  };

  it('the list speaks Hindi: heading, columns, filter, user types and status', async () => {
    renderAdmin('/user', { dataProvider: createMemoryProvider(data()), i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: HI.title.list })).toBeInTheDocument();
    await waitForNames(['Person 5', 'Person 4', 'Person 3']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      HI.numberHeader,
      'उपयोगकर्ता नाम',
      'ईमेल',
      'उपयोगकर्ता का प्रकार',
      'भूमिका',
      HI.headers.is_active,
      HI.actionHeader,
    ]);
    expect(tableRows()[0]?.slice(3, 6)).toEqual(['विक्रेता', '-', HI.choices.is_active.true]);
    expect(screen.getByRole('button', { name: `उपयोगकर्ता का प्रकार: ${generatedHindi.all}` })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('उपयोगकर्ता खोजें')).toBeInTheDocument();
  });

  it('the add form speaks Hindi, the required sentence and the password policy too', async () => {
    const { user } = renderAdmin('/user/add', { dataProvider: createMemoryProvider(data(0)), i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: USER_HI.addTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: USER_HI.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_HI.required);
    fireEvent.change(screen.getByLabelText('उपयोगकर्ता नाम'), { target: { value: 'Kiran' } });
    fireEvent.change(screen.getByLabelText('ईमेल'), { target: { value: 'kiran@example.org' } });
    await choose('उपयोगकर्ता का प्रकार', 'ग्राहक', user);
    fireEvent.change(screen.getByLabelText(USER_HI.password), { target: { value: 'qwertyuiop' } });
    await user.click(screen.getByRole('button', { name: USER_HI.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_WORDS_HI.common);
    expect(screen.getByRole('button', { name: USER_HI.generate })).toBeInTheDocument();
  });

  it('the profile speaks Hindi, with the times in Indian Hindi format, in the trust’s zone', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(summary));
    renderAdmin('/user/profile/1', { dataProvider: createMemoryProvider(data()), i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: USER_HI.profileTitle })).toBeInTheDocument();
    const info = await screen.findByRole('region', { name: USER_HI.basicInfo });
    expect(info).toHaveTextContent('ग्राहक');
    expect(info).toHaveTextContent(HI.choices.is_active.false);
    const activity = screen.getByRole('region', { name: USER_HI.activityTitle });
    await waitFor(() => expect(activity).toHaveTextContent(`${USER_HI.signIns}: 7`));
    expect(activity).toHaveTextContent(formatsFor('hi', TRUST_TIME_ZONE).dateTime(summary.last_sign_in_at));
    expect(activity).toHaveTextContent('विफल');
    expect(screen.getByRole('region', { name: USER_HI.settingsTitle })).toBeInTheDocument();
  });
});
