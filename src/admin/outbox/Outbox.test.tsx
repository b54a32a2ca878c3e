import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../../tests/components/renderWithAdmin.tsx';
import { TRUST_TIME_ZONE } from '../auth/access.ts';
import { i18nProvider } from '../i18n.ts';
import { formatsFor } from '../i18n/format.ts';
import type { OutboxEmail } from './api.ts';
import { OUTBOX as T, OUTBOX_HI } from './messages.ts';
import { OutboxList } from './OutboxList.tsx';
import { OutboxShow } from './OutboxShow.tsx';

const LINK = 'http://localhost:5000/reset-password?token=k3J9xQ2mV8rT1wY6zA4bC7dE0fG5hI2jL9nP3sU6vW8';

const email = (id: number, overrides: Partial<OutboxEmail> = {}): OutboxEmail => ({
  id,
  to_address: `person-${id}@example.org`,
  subject: 'Reset your Trust School password',
  status: 'Outbox',
  attempts: 0,
  last_error: null,
  next_attempt_at: null,
  sent_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  body_text: `Hello,\n\nTo choose a new password, open this link within one hour:\n${LINK}\n`,
  body_html: null,
  ...overrides,
});

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/** The server as fetch sees it: each request URL (and method) answered by `route`. */
function server(route: (url: string, method: string) => Answer) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const answer = route(String(input), init?.method ?? 'GET');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OutboxList', () => {
  it('lists the emails with date, recipient, subject, status, attempts and last error, and filters by status', async () => {
    const rows = [
      email(2, { status: 'Failed', attempts: 5, last_error: 'EMESSAGE: 550 Mailbox unavailable' }),
      email(1),
    ];
    const fetchMock = server((url) => {
      const filter = JSON.parse(new URL(url, 'http://x').searchParams.get('filter') ?? '{}') as { status?: string };
      const shown = filter.status ? rows.filter((row) => row.status === filter.status) : rows;
      return { body: shown, headers: { 'Content-Range': `outbox 0-${shown.length - 1}/${shown.length}` } };
    });
    const { user } = renderWithAdmin(<OutboxList />, { path: '/outbox' });
    const table = await screen.findByRole('table', { name: T.title });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells[0]![0]).toBe(formatsFor('en', TRUST_TIME_ZONE).dateTime('2026-03-01T10:00:00.000Z'));
    expect(cells.map((row) => row.slice(1, 6))).toEqual([
      ['person-2@example.org', 'Reset your Trust School password', 'Failed', '5', 'EMESSAGE: 550 Mailbox unavailable'],
      ['person-1@example.org', 'Reset your Trust School password', 'Outbox', '0', ''],
    ]);
    expect(within(table).getAllByRole('link', { name: T.view })[1]).toHaveAttribute('href', '/outbox/1');

    const first = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(first.pathname).toBe('/api/v2/outbox');
    expect(first.searchParams.get('sort')).toBe('["created_at","DESC"]');
    expect(first.searchParams.get('range')).toBe('[0,24]');

    await user.click(screen.getByRole('combobox', { name: T.statusFilter }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await screen.findByText('1–1 of 1');
    expect(screen.queryByText('person-1@example.org')).not.toBeInTheDocument();
  });

  it("shows the server's sentence when the list is refused", async () => {
    server(() => ({ status: 500, body: { success: false, message: 'The database is not reachable.' } }));
    renderWithAdmin(<OutboxList />, { path: '/outbox' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable.');
  });
});

describe('OutboxShow', () => {
  it('shows the text body, so that the link can be copied', async () => {
    const fetchMock = server(() => ({ body: email(7) }));
    renderWithAdmin(<OutboxShow />, { path: '/outbox/7', route: '/outbox/:id' });
    expect(await screen.findByText('person-7@example.org')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v2/outbox/7');
    expect(screen.getByLabelText(T.textBody)).toHaveTextContent(LINK);
    expect(screen.queryByRole('button', { name: T.retry })).not.toBeInTheDocument();
  });

  it('says so when there is no such email', async () => {
    server(() => ({ status: 404, body: { success: false, message: 'No such email in the outbox.' } }));
    renderWithAdmin(<OutboxShow />, { path: '/outbox/8', route: '/outbox/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent(T.notFound);
  });

  it('sends a Failed email again', async () => {
    const fetchMock = server((_url, method) =>
      method === 'POST'
        ? { body: email(9, { status: 'Pending', attempts: 0 }) }
        : { body: email(9, { status: 'Failed', attempts: 5, last_error: 'ECONNREFUSED' }) },
    );
    const { user } = renderWithAdmin(<OutboxShow />, { path: '/outbox/9', route: '/outbox/:id' });
    expect(await screen.findByText('ECONNREFUSED')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByText(T.retried)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/v2/outbox/9/retry', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.retry })).not.toBeInTheDocument();
  });

  it("shows the server's sentence when the email cannot be sent again", async () => {
    const sentence = 'Emails cannot be sent: SMTP_URL is not configured on the server. The email stays in the outbox.';
    server((_url, method) =>
      method === 'POST'
        ? { status: 409, body: { success: false, message: sentence, code: 'CONFLICT' } }
        : { body: email(9, { status: 'Failed', attempts: 5 }) },
    );
    const { user } = renderWithAdmin(<OutboxShow />, { path: '/outbox/9', route: '/outbox/:id' });
    await user.click(await screen.findByRole('button', { name: T.retry }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByRole('button', { name: T.retry })).toBeEnabled();
  });
});

describe('in Hindi', () => {
  afterEach(async () => {
    await i18nProvider.changeLocale('en');
  });

  it('the list and an email speak Hindi: columns, statuses, pages, times in IST', async () => {
    await i18nProvider.changeLocale('hi');
    const rows = [email(2, { status: 'Failed', attempts: 5 }), email(1)];
    server(() => ({ body: rows, headers: { 'Content-Range': `outbox 0-1/2` } }));
    const list = renderWithAdmin(<OutboxList />, { path: '/outbox' });
    const table = await screen.findByRole('table', { name: OUTBOX_HI.title });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([...Object.values(OUTBOX_HI.columns), '']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent(
      formatsFor('hi', TRUST_TIME_ZONE).dateTime('2026-03-01T10:00:00.000Z'),
    );
    expect(within(first).getByText(OUTBOX_HI.statuses.Failed)).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: OUTBOX_HI.view })).toHaveLength(2);
    expect(screen.getByText('2 में से 1–2')).toBeInTheDocument();
    expect(screen.getByText(OUTBOX_HI.intro)).toBeInTheDocument();
    list.unmount();

    server(() => ({ body: email(7, { status: 'Failed', attempts: 5 }) }));
    renderWithAdmin(<OutboxShow />, { path: '/outbox/7', route: '/outbox/:id' });
    expect(await screen.findByText('person-7@example.org')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: OUTBOX_HI.showTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: OUTBOX_HI.retry })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OUTBOX_HI.back })).toBeInTheDocument();
    expect(screen.getByText(OUTBOX_HI.created, { selector: 'dt' }).nextElementSibling).toHaveTextContent('IST');
  });
});
