import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { discardedBy, MAIL_REASONS } from '../../resources/mail-reasons.ts';
import { TRUST_TIME_ZONE } from '../auth/access.ts';
import { i18nProvider } from '../i18n.ts';
import { fill } from '../i18n/words.ts';
import { formatsFor } from '../i18n/format.ts';
import type { OutboxEmail } from './api.ts';
import { OUTBOX as T, OUTBOX_HI } from './messages.ts';
import { OutboxList } from './OutboxList.tsx';
import { OutboxShow } from './OutboxShow.tsx';

/** What the server shows where an email carries a link (services/mail.ts, HIDDEN_SECRET). */
const HIDDEN = '[link hidden: it is sent only to the recipient, and never shown here]';

const email = (id: number, overrides: Partial<OutboxEmail> = {}): OutboxEmail => ({
  id,
  to_address: `person-${id}@example.org`,
  subject: 'Reset your Trust School password',
  status: 'Pending',
  attempts: 0,
  last_error: null,
  next_attempt_at: null,
  sent_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  body_text: `Hello,\n\nTo choose a new password, open this link within one hour:\n${HIDDEN}\n`,
  body_html: null,
  ...overrides,
});

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

const NO_MAIL_SERVER = { configured: false, maxAttempts: 5, retrySeconds: 60 };
const MAIL_SERVER = { configured: true, maxAttempts: 5, retrySeconds: 60 };

/**
 * The server as fetch sees it: each request URL (and method) answered by `route`; the mail server's settings by
 * `mailServer` (none configured unless given).
 */
function server(route: (url: string, method: string) => Answer, mailServer: object = NO_MAIL_SERVER) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const answer =
      String(input) === '/api/v2/outbox/mail-server'
        ? { body: mailServer }
        : route(String(input), init?.method ?? 'GET');
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

const calls = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/v2/outbox/mail-server');

describe('OutboxList', () => {
  it('lists date, recipient, subject, status with its reason or what comes next, and attempts; filters by status', async () => {
    const rows = [
      email(3, { status: 'Discarded', last_error: MAIL_REASONS.replaced }),
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
    // No mail server: the screen says that nothing is sent, and a Pending email waits for one.
    expect(await screen.findByText(T.noMailServer)).toBeInTheDocument();
    const cells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(cells()[0]![0]).toBe(formatsFor('en', TRUST_TIME_ZONE).dateTime('2026-03-01T10:00:00.000Z'));
    await waitFor(() =>
      expect(cells().map((row) => row.slice(1, 5))).toEqual([
        ['person-3@example.org', 'Reset your Trust School password', `Discarded${T.reasons.replaced}`, '0'],
        ['person-2@example.org', 'Reset your Trust School password', 'FailedEMESSAGE: 550 Mailbox unavailable', '5'],
        ['person-1@example.org', 'Reset your Trust School password', `Pending${T.waitingForServer}`, '0'],
      ]),
    );
    expect(within(table).getAllByRole('link', { name: T.view })[2]).toHaveAttribute('href', '/outbox/1');

    const first = new URL(calls(fetchMock)[0]!, 'http://x');
    expect(first.pathname).toBe('/api/v2/outbox');
    expect(first.searchParams.get('sort')).toBe('["created_at","DESC"]');
    expect(first.searchParams.get('range')).toBe('[0,24]');

    await user.click(screen.getByRole('combobox', { name: T.statusFilter }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await screen.findByText('1–1 of 1');
    expect(screen.queryByText('person-1@example.org')).not.toBeInTheDocument();
  });

  it('with a mail server, says a Pending email is being sent, or when it is tried again and why', async () => {
    const rows = [
      email(2, {
        status: 'Pending',
        attempts: 2,
        last_error: 'ECONNREFUSED',
        next_attempt_at: '2026-03-01T10:30:00.000Z',
      }),
      email(1, { status: 'Pending', attempts: 0 }),
    ];
    server(() => ({ body: rows, headers: { 'Content-Range': 'outbox 0-1/2' } }), MAIL_SERVER);
    renderWithAdmin(<OutboxList />, { path: '/outbox' });
    const table = await screen.findByRole('table', { name: T.title });
    const later = formatsFor('en', TRUST_TIME_ZONE).dateTime('2026-03-01T10:30:00.000Z');
    expect(await within(table).findByText(`ECONNREFUSED · ${fill(T.nextTry, { when: later })}`)).toBeInTheDocument();
    expect(within(table).getByText(T.beingSent)).toBeInTheDocument();
    expect(screen.queryByText(T.noMailServer)).not.toBeInTheDocument();
  });

  it("shows the server's sentence when the list is refused", async () => {
    server(() => ({ status: 500, body: { success: false, message: 'The database is not reachable.' } }));
    renderWithAdmin(<OutboxList />, { path: '/outbox' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable.');
  });
});

describe('OutboxShow', () => {
  it('shows the text body with its link hidden, and offers Resend and Discard for a Pending email', async () => {
    const fetchMock = server(() => ({ body: email(7, { body_text: `Open this link:\n${HIDDEN}\n` }) }));
    renderWithAdmin(<OutboxShow />, { path: '/outbox/7', route: '/outbox/:id' });
    expect(await screen.findByText('person-7@example.org')).toBeInTheDocument();
    expect(calls(fetchMock)[0]).toBe('/api/v2/outbox/7');
    expect(screen.getByLabelText(T.textBody)).toHaveTextContent(HIDDEN);
    expect(await screen.findByText(T.waitingForServer)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.resend })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.discard })).toBeInTheDocument();
  });

  it('offers neither for a Sent email', async () => {
    server(() => ({ body: email(6, { status: 'Sent', attempts: 1, sent_at: '2026-03-01T10:01:00.000Z' }) }));
    renderWithAdmin(<OutboxShow />, { path: '/outbox/6', route: '/outbox/:id' });
    expect(await screen.findByText('person-6@example.org')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.resend })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.discard })).not.toBeInTheDocument();
  });

  it('says so when there is no such email', async () => {
    server(() => ({ status: 404, body: { success: false, message: 'No such email in the outbox.' } }));
    renderWithAdmin(<OutboxShow />, { path: '/outbox/8', route: '/outbox/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent(T.notFound);
  });

  it('resends a Failed email', async () => {
    const fetchMock = server(
      (_url, method) =>
        method === 'POST'
          ? { body: email(9, { status: 'Pending', attempts: 0, last_error: 'ECONNREFUSED' }) }
          : { body: email(9, { status: 'Failed', attempts: 5, last_error: 'ECONNREFUSED' }) },
      MAIL_SERVER,
    );
    const { user } = renderWithAdmin(<OutboxShow />, { path: '/outbox/9', route: '/outbox/:id' });
    expect(await screen.findByText('ECONNREFUSED')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.resend }));
    expect(await screen.findByText(T.resent)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/v2/outbox/9/resend', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('discards an email after asking, and then offers nothing more', async () => {
    const fetchMock = server((_url, method) =>
      method === 'POST'
        ? { body: email(10, { status: 'Discarded', last_error: discardedBy('Asha Verma') }) }
        : { body: email(10) },
    );
    const { user } = renderWithAdmin(<OutboxShow />, { path: '/outbox/10', route: '/outbox/:id' });
    await user.click(await screen.findByRole('button', { name: T.discard }));
    const dialog = await screen.findByRole('dialog', { name: T.discardTitle });
    expect(within(dialog).getByText(T.discardExplain)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: T.discard }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: T.discard }));
    expect(await screen.findByText(T.discarded)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/v2/outbox/10/discard',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByText('Discarded')).toBeInTheDocument();
    expect(screen.getByText(fill(T.reasons.discardedBy, { name: 'Asha Verma' }))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.resend })).not.toBeInTheDocument();
  });

  it("shows the server's sentence when the email cannot be sent again", async () => {
    const sentence =
      'Emails cannot be sent: no mail server is configured (SMTP_URL). The email stays Pending in the Outbox and leaves once one is.';
    server((_url, method) =>
      method === 'POST'
        ? { status: 409, body: { success: false, message: sentence, code: 'CONFLICT' } }
        : { body: email(9, { status: 'Failed', attempts: 5 }) },
    );
    const { user } = renderWithAdmin(<OutboxShow />, { path: '/outbox/9', route: '/outbox/:id' });
    await user.click(await screen.findByRole('button', { name: T.resend }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByRole('button', { name: T.resend })).toBeEnabled();
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
    expect(await within(table).findByText(OUTBOX_HI.waitingForServer)).toBeInTheDocument();
    expect(screen.getByText(OUTBOX_HI.noMailServer)).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: OUTBOX_HI.view })).toHaveLength(2);
    expect(screen.getByText('2 में से 1–2')).toBeInTheDocument();
    expect(screen.getByText(OUTBOX_HI.intro)).toBeInTheDocument();
    list.unmount();

    server(() => ({ body: email(7, { status: 'Failed', attempts: 5 }) }));
    renderWithAdmin(<OutboxShow />, { path: '/outbox/7', route: '/outbox/:id' });
    expect(await screen.findByText('person-7@example.org')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: OUTBOX_HI.showTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: OUTBOX_HI.resend })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: OUTBOX_HI.discard })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OUTBOX_HI.back })).toBeInTheDocument();
    expect(screen.getByText(OUTBOX_HI.created, { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      formatsFor('hi', TRUST_TIME_ZONE).dateTime('2026-03-01T10:00:00.000Z'),
    );
  });
});
