import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { PASSWORD_POLICY } from '../../resources/password-policy.ts';
import { AUTH } from './messages.ts';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const TOKEN = 'k3J9xQ2mV8rT1wY6zA4bC7dE0fG5hI2jL9nP3sU6vW8';
const GOOD = 'violet-lantern-42';

/** The server, as the browser's fetch sees it: answers resetPassword with `status` and `body`. */
function serverAnswering(status: number, body: object) {
  const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) => {
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm(token = TOKEN) {
  return renderWithAdmin(<ResetPasswordPage />, {
    path: `/reset-password?token=${token}`,
    routes: { '/login': <h1>Login page</h1>, '/forget-password': <h1>Forgot page</h1> },
  });
}

async function fill(user: ReturnType<typeof renderForm>['user'], password: string, confirm = password) {
  if (password) await user.type(screen.getByLabelText(new RegExp(`^${AUTH.newPassword}`)), password);
  if (confirm) await user.type(screen.getByLabelText(new RegExp(`^${AUTH.confirmPassword}`)), confirm);
  await user.click(screen.getByRole('button', { name: AUTH.setPassword }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage with a token', () => {
  it('shows the form with the policy, and sends the token and the new password', async () => {
    const fetchMock = serverAnswering(200, { success: true, message: 'Your password has been reset.' });
    const { user, location } = renderForm();
    expect(screen.getByText(AUTH.newPasswordIntro)).toBeInTheDocument();
    for (const rule of PASSWORD_POLICY.rules) expect(screen.getByText(rule)).toBeInTheDocument();
    expect(screen.queryByText(AUTH.resetLinkSentScreen)).not.toBeInTheDocument();

    await fill(user, GOOD);
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/resetPassword');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, password: GOOD });
    expect(screen.queryByLabelText(new RegExp(`^${AUTH.newPassword}`))).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: AUTH.goToLogin }));
    expect(location()).toBe('/login');
  });

  it("checks the policy and the confirmation before sending, with the policy's sentences", async () => {
    const fetchMock = serverAnswering(200, { success: true, message: 'done' });
    const { user } = renderForm();
    await fill(user, '', '');
    expect(screen.getByText(PASSWORD_POLICY.required)).toBeInTheDocument();
    await fill(user, 'short-pw9');
    expect(screen.getByText(PASSWORD_POLICY.tooShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(new RegExp(`^${AUTH.newPassword}`)));
    await user.clear(screen.getByLabelText(new RegExp(`^${AUTH.confirmPassword}`)));
    await fill(user, 'Password123');
    expect(screen.getByText(PASSWORD_POLICY.common)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(new RegExp(`^${AUTH.newPassword}`)));
    await user.clear(screen.getByLabelText(new RegExp(`^${AUTH.confirmPassword}`)));
    await fill(user, GOOD, `${GOOD}x`);
    expect(screen.getByText(PASSWORD_POLICY.mismatch)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_POLICY.common)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's sentence for a refused token, with a way to ask for a new link", async () => {
    const sentence = 'This password reset link has expired. Please ask for a new one.';
    serverAnswering(400, { success: false, message: sentence, code: 'BAD_REQUEST' });
    const { user, location } = renderForm();
    await fill(user, GOOD);
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    // The form stays, to try again.
    expect(screen.getByRole('button', { name: AUTH.setPassword })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: AUTH.forgotPasswordLink }));
    expect(location()).toBe('/forget-password');
  });

  it('says something went wrong when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user } = renderForm();
    await fill(user, GOOD);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH.somethingWrong);
  });
});

describe('ResetPasswordPage without a token', () => {
  it("is the spec's reset-link-sent screen", () => {
    renderWithAdmin(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByText(AUTH.resetLinkSentScreen)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUTH.goToLogin })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(new RegExp(`^${AUTH.newPassword}`))).not.toBeInTheDocument();
  });
});
