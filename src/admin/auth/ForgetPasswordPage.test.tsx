import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { AUTH } from './messages.ts';
import type { AppAuthProvider, ResetResult } from './auth-provider.ts';
import { ForgetPasswordPage } from './ForgetPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

function fakeAuth(requestPasswordReset: (email: string) => Promise<ResetResult>): AppAuthProvider {
  return {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    requestPasswordReset: vi.fn(requestPasswordReset),
  };
}

function renderForgot(authProvider: AppAuthProvider) {
  return renderWithAdmin(<ForgetPasswordPage />, {
    path: '/forget-password',
    authProvider,
    routes: { '/reset-password': <ResetPasswordPage />, '/login': <h1>Login page</h1> },
  });
}

async function submit(user: ReturnType<typeof renderForgot>['user'], email: string) {
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: AUTH.reset }));
}

describe('ForgetPasswordPage', () => {
  it('requires the email and links back to /login', async () => {
    const authProvider = fakeAuth(async () => ({ success: true }));
    const { user } = renderForgot(authProvider);
    expect(screen.getByRole('link', { name: AUTH.backToLogin })).toHaveAttribute('href', '/login');
    await submit(user, '');
    expect(screen.getByText(AUTH.emailRequired)).toBeInTheDocument();
    expect(authProvider.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('on success shows the confirmation and goes to /reset-password', async () => {
    const authProvider = fakeAuth(async () => ({ success: true, message: AUTH.resetLinkSent }));
    const { user, location } = renderForgot(authProvider);
    await submit(user, ' staff@example.org ');
    expect(await screen.findByText(AUTH.resetLinkSent)).toBeInTheDocument();
    expect(location()).toBe('/reset-password');
    expect(authProvider.requestPasswordReset).toHaveBeenCalledWith('staff@example.org');
    expect(screen.getByText(AUTH.resetLinkSentScreen)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: AUTH.goToLogin }));
    expect(location()).toBe('/login');
  });

  it("shows the server's message when the request is refused", async () => {
    const { user, location } = renderForgot(
      fakeAuth(async () => ({ success: false, message: 'Please enter a valid email address.' })),
    );
    await submit(user, 'not-an-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(location()).toBe('/forget-password');
  });

  it('falls back to the spec message when the refusal has no message', async () => {
    const { user } = renderForgot(fakeAuth(async () => ({ success: false })));
    await submit(user, 'staff@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH.resetFailed);
  });

  it('says something went wrong when the server cannot be reached', async () => {
    const { user } = renderForgot(
      fakeAuth(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await submit(user, 'staff@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH.somethingWrong);
  });
});

describe('ResetPasswordPage', () => {
  it('shows the reset-link-sent sentence and a Go to Login button to /login', () => {
    renderWithAdmin(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByText(AUTH.resetLinkSentScreen)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUTH.goToLogin })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
