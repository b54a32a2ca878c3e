import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { useAccess } from '../auth/use-access.ts';
import { ACCOUNT } from './messages.ts';
import { PasswordLinkButton } from './PasswordLinkButton.tsx';

const LINK = 'http://school.test/reset-password?token=k3J9xQ2mV8rT1wY6zA4bC7dE0fG5hI2jL9nP3sU6vW8';

/** The server, as the browser's fetch sees it. */
function serverAnswering(status: number, body: object) {
  const fetchMock = vi.fn(
    async (_input: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Says when the session has been read, as the button reads it. */
function SessionRead() {
  const { isPending, session } = useAccess();
  return !isPending && session ? <p>session read</p> : null;
}

const button = () => screen.queryByRole('button', { name: ACCOUNT.linkButton });

describe('PasswordLinkButton', () => {
  it('asks first, then shows the link once, for an Admin', async () => {
    const fetchMock = serverAnswering(200, { link: LINK, expiresAt: '2030-01-02T10:00:00.000Z' });
    const { user } = renderWithAdmin(<PasswordLinkButton resource="employees" id={12} name="Ravi Kumar" />, {
      authProvider: authProviderFor({}, { admin: true }),
    });
    await user.click(await screen.findByRole('button', { name: ACCOUNT.linkButton }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(/Give Ravi Kumar a link to choose a new password/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ACCOUNT.linkGive }));
    expect(await screen.findByDisplayValue(LINK)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v2/employees/12/password-link');
    expect(init?.method).toBe('POST');
    expect(screen.getByText(/Give this link to Ravi Kumar yourself/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ACCOUNT.linkDone }));
    expect(screen.queryByDisplayValue(LINK)).not.toBeInTheDocument();
  });

  it("says the server's refusal in the dialog", async () => {
    serverAnswering(409, { message: 'This account is switched off: switch it on first, then give the link.' });
    const { user } = renderWithAdmin(<PasswordLinkButton resource="users" id={3} name="vendor-one" />, {
      authProvider: authProviderFor({}, { admin: true }),
    });
    await user.click(await screen.findByRole('button', { name: ACCOUNT.linkButton }));
    await user.click(screen.getByRole('button', { name: ACCOUNT.linkGive }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/switched off/);
  });

  it('is not offered to anyone but an Admin', async () => {
    serverAnswering(200, {});
    renderWithAdmin(
      <>
        <SessionRead />
        <PasswordLinkButton resource="employees" id={12} name="Ravi Kumar" />
      </>,
      { authProvider: authProviderFor({ Company: { Employees: { Global: { View: true, Edit: true } } } }) },
    );
    // Once the session is read, the button stays away (while it is read, it is away anyway).
    expect(await screen.findByText('session read')).toBeInTheDocument();
    expect(button()).not.toBeInTheDocument();
  });
});
