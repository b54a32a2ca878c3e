import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { AUTH } from './messages.ts';
import { ConfirmEmailPage } from './ConfirmEmailPage.tsx';

const TOKEN = 'k3J9xQ2mV8rT1wY6zA4bC7dE0fG5hI2jL9nP3sU6vW8';

/** The server, as the browser's fetch sees it: answers the confirmation with `status` and `body`. */
function serverAnswering(status: number, body: object) {
  const fetchMock = vi.fn(
    async (_input: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = (path = `/confirm-email?token=${TOKEN}`) =>
  renderWithAdmin(<ConfirmEmailPage />, { path, routes: { '/login': <h1>Login page</h1> } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConfirmEmailPage', () => {
  it('changes nothing on opening; Confirm posts the token, then says so and leads to Login', async () => {
    const fetchMock = serverAnswering(200, { success: true, message: 'changed' });
    const { user, location } = renderPage();
    expect(screen.getByText(AUTH.confirmEmailIntro)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: AUTH.confirmEmailButton }));
    expect(await screen.findByText(AUTH.confirmEmailDone)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v2/email-changes/confirm');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: AUTH.confirmEmailButton })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: AUTH.goToLogin }));
    expect(location()).toBe('/login');
  });

  it.each([
    [400, AUTH.confirmEmailInvalid],
    [409, AUTH.confirmEmailTaken],
    [500, AUTH.somethingWrong],
  ])('answered %i, says why in its own words', async (status, sentence) => {
    serverAnswering(status, { success: false, message: 'server words' });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: AUTH.confirmEmailButton }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('without a token, says the link is not valid and offers no button', () => {
    const fetchMock = serverAnswering(200, {});
    renderPage('/confirm-email');
    expect(screen.getByText(AUTH.confirmEmailInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: AUTH.confirmEmailButton })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
