import { screen, waitFor } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { AUTH } from './messages.ts';
import type { FetchLike } from './api-fetch.ts';
import { createAuthProvider } from './auth-provider.ts';
import { LoginPage } from './LoginPage.tsx';
import { REMEMBERED_EMAIL_KEY } from './remembered-email.ts';

function fakeAuth(login: AuthProvider['login']): AuthProvider {
  return {
    login: vi.fn(login),
    logout: vi.fn(async () => {}),
    checkAuth: async () => {},
    checkError: async () => {},
  };
}

function renderLogin(authProvider: AuthProvider) {
  return renderWithAdmin(<LoginPage />, {
    path: '/login',
    authProvider,
    routes: { '/': <h1>Dashboard page</h1> },
  });
}

describe('LoginPage', () => {
  it('shows the spec controls: user type, email, password, Save Password, Forgot Password, Log In', () => {
    renderLogin(fakeAuth(async () => {}));
    const userType = screen.getByLabelText(AUTH.userType);
    expect([...(userType as HTMLSelectElement).options].map((option) => option.value)).toEqual(['Admin', 'Employee']);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: AUTH.savePassword })).not.toBeChecked();
    expect(screen.getByRole('link', { name: AUTH.forgotPasswordLink })).toHaveAttribute('href', '/forget-password');
    expect(screen.getByRole('button', { name: AUTH.logIn })).toBeEnabled();
  });

  it('requires the email and the password before calling the auth provider', async () => {
    const authProvider = fakeAuth(async () => {});
    const { user } = renderLogin(authProvider);
    await user.click(screen.getByRole('button', { name: AUTH.logIn }));
    expect(screen.getByText(AUTH.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH.passwordRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'admin@example.org');
    await user.click(screen.getByRole('button', { name: AUTH.logIn }));
    expect(screen.queryByText(AUTH.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByText(AUTH.passwordRequired)).toBeInTheDocument();
    expect(authProvider.login).not.toHaveBeenCalled();
  });

  it("shows the server's message when the sign-in fails, and stays on the login screen", async () => {
    const { user, location } = renderLogin(
      fakeAuth(async () => {
        throw new Error('Invalid email or password.');
      }),
    );
    await user.type(screen.getByLabelText(/^Email/), 'admin@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: AUTH.logIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: AUTH.logIn })).toBeEnabled();
  });

  it('says which user type to choose when an employee signs in with User Type left at Admin', async () => {
    const sentence = 'This account signs in as an Employee: choose Employee as the user type and sign in again.';
    // The real auth provider, with the server's 401 answer to the right password and the wrong user type.
    const fetch = vi.fn<FetchLike>(
      async () =>
        new Response(JSON.stringify({ success: false, message: sentence }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const { user, location } = renderLogin(createAuthProvider(fetch));
    expect(screen.getByLabelText(AUTH.userType)).toHaveValue('Admin');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'right-password-123');
    await user.click(screen.getByRole('button', { name: AUTH.logIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ userType: 'Admin' });
    expect(location()).toBe('/login');
  });

  it('falls back to the spec message when the failure has no message', async () => {
    const { user } = renderLogin(
      fakeAuth(async () => {
        throw new Error('');
      }),
    );
    await user.type(screen.getByLabelText(/^Email/), 'admin@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: AUTH.logIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH.loginFailed);
  });

  it('signs in with the chosen user type, goes to / and, with Save Password, remembers only the email', async () => {
    const authProvider = fakeAuth(async () => {});
    const { user, location } = renderLogin(authProvider);
    await user.selectOptions(screen.getByLabelText(AUTH.userType), 'Employee');
    await user.type(screen.getByLabelText(/^Email/), 'staff@example.org');
    await user.type(screen.getByLabelText(/^Password/), 's3cret-Passw0rd');
    await user.click(screen.getByRole('checkbox', { name: AUTH.savePassword }));
    await user.click(screen.getByRole('button', { name: AUTH.logIn }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(authProvider.login).toHaveBeenCalledWith({
      email: 'staff@example.org',
      password: 's3cret-Passw0rd',
      userType: 'Employee',
    });
    expect(localStorage.getItem(REMEMBERED_EMAIL_KEY)).toBe('staff@example.org');
    const stored = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
    expect(stored.filter((entry) => entry.includes('s3cret-Passw0rd'))).toEqual([]);
  });

  it('prefills a remembered email, and forgets it when Save Password is unticked', async () => {
    localStorage.setItem(REMEMBERED_EMAIL_KEY, 'staff@example.org');
    const { user } = renderLogin(fakeAuth(async () => {}));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('staff@example.org');
    const save = screen.getByRole('checkbox', { name: AUTH.savePassword });
    expect(save).toBeChecked();
    await user.click(save);
    await user.type(screen.getByLabelText(/^Password/), 'pw');
    await user.click(screen.getByRole('button', { name: AUTH.logIn }));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    await waitFor(() => expect(localStorage.getItem(REMEMBERED_EMAIL_KEY)).toBeNull());
  });
});
