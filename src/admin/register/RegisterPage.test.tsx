/**
 * /register (docs/decisions.md, "/register"): it says that accounts are made by an administrator; whoever may add users
 * or employees is sent to those forms; anyone else asks the administrators for an account through the form, which
 * checks what it can before sending and shows the server's sentences under their fields.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Admin, CustomRoutes, HttpError, memoryStore, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { demoData } from '../../resources/demo-data.ts';
import { i18nProvider } from '../i18n.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { REGISTER } from './messages.ts';
import { RegisterPage, type SendAccountRequest } from './RegisterPage.tsx';

function renderRegister(authProvider: AuthProvider, send: SendAccountRequest) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Admin
        dataProvider={createMemoryProvider(demoData)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <CustomRoutes>
          <Route path="/register" element={<RegisterPage send={send} />} />
        </CustomRoutes>
      </Admin>
    </MemoryRouter>,
  );
  return user;
}

const staff = authProviderFor({});
const SENT = 'Your request has been sent to the administrators.';

describe('/register', () => {
  it('says accounts are made by an administrator, and offers no create form to staff who may not add users', async () => {
    renderRegister(staff, vi.fn());
    expect(await screen.findByRole('heading', { name: REGISTER.title, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(REGISTER.intro)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: REGISTER.requestTitle })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: REGISTER.addUser })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: REGISTER.addEmployee })).not.toBeInTheDocument();
  });

  it('sends whoever may add users to Add User, and whoever may add employees to Add Employee', async () => {
    renderRegister(authProviderFor({ User: { 'User List': { Global: { View: true, Add: true } } } }), vi.fn());
    expect(await screen.findByRole('link', { name: REGISTER.addUser })).toHaveAttribute('href', '/user/add');
    expect(screen.queryByRole('link', { name: REGISTER.addEmployee })).not.toBeInTheDocument();
  });

  it('offers an Admin both forms', async () => {
    renderRegister(authProviderFor({}, { admin: true }), vi.fn());
    expect(await screen.findByRole('link', { name: REGISTER.addEmployee })).toHaveAttribute('href', '/employee/add');
    expect(screen.getByRole('link', { name: REGISTER.addUser })).toHaveAttribute('href', '/user/add');
  });

  it('checks the fields, sends a request with what was typed, and says it was sent', async () => {
    const send = vi.fn<SendAccountRequest>(async () => SENT);
    const user = renderRegister(staff, send);
    const form = await screen.findByRole('form', { name: REGISTER.requestTitle });
    await user.click(within(form).getByRole('button', { name: REGISTER.send }));
    expect(await within(form).findByText(REGISTER.nameRequired)).toBeInTheDocument();
    expect(within(form).getByText(REGISTER.emailRequired)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: REGISTER.name }), '  Ravi Kumar ');
    await user.type(within(form).getByRole('textbox', { name: REGISTER.email }), 'ravi@');
    await user.click(within(form).getByRole('button', { name: REGISTER.send }));
    expect(await within(form).findByText(REGISTER.emailInvalid)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.clear(within(form).getByRole('textbox', { name: REGISTER.email }));
    await user.type(within(form).getByRole('textbox', { name: REGISTER.email }), 'ravi.kumar@example.org');
    await user.type(within(form).getByRole('textbox', { name: /^Note/ }), 'Mathematics, from Monday.');
    await user.click(within(form).getByRole('button', { name: REGISTER.send }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(send).toHaveBeenCalledWith({
      name: 'Ravi Kumar',
      email: 'ravi.kumar@example.org',
      note: 'Mathematics, from Monday.',
    });
    await user.click(screen.getByRole('button', { name: REGISTER.another }));
    expect(screen.getByRole('textbox', { name: REGISTER.name })).toHaveValue('');
  });

  it("shows the server's refusal under its field, and any other failure above the form", async () => {
    // A refusal the server gives a field (its pattern, which the server holds to the same rule).
    const refused = 'Please enter a valid email address.';
    const send = vi
      .fn<SendAccountRequest>()
      .mockRejectedValueOnce(
        new HttpError(refused, 400, {
          success: false,
          message: refused,
          errors: { email: refused, root: { serverError: refused } },
        }),
      )
      .mockRejectedValueOnce(new HttpError('Too many.', 429, { success: false, message: 'Too many.' }));
    const user = renderRegister(staff, send);
    const form = await screen.findByRole('form', { name: REGISTER.requestTitle });
    await user.type(within(form).getByRole('textbox', { name: REGISTER.name }), 'The Admin');
    await user.type(within(form).getByRole('textbox', { name: REGISTER.email }), 'admin@example.org');
    await user.click(within(form).getByRole('button', { name: REGISTER.send }));
    const email = within(form).getByRole('textbox', { name: REGISTER.email });
    await waitFor(() => expect(email).toHaveAccessibleDescription(refused));
    await user.click(within(form).getByRole('button', { name: REGISTER.send }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many.');
  });
});
