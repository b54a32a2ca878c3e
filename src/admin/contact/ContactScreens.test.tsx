/**
 * The contact messages list, generated from its declaration: From and To date inputs (list.dateRange) that narrow
 * the list, new messages bold with a New badge (list.seenFlag), and the area's Mark as read button on each row;
 * the reply dialog, in English and Hindi.
 */
import { screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { fill, wordsNow } from '../i18n/words.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { renderAdmin } from '../generator/test-app.tsx';
import { replySubject } from './MessageActions.tsx';
import { CONTACT_ACTIONS, CONTACT_ACTIONS_HI } from './messages.ts';
import type { EmailDelivery } from '../outbox/api.ts';
import { OUTBOX } from '../outbox/messages.ts';

const message = (id: number, name: string, created_at: string, is_read: boolean) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.org`,
  phone: null,
  subject: 'Admission',
  message: 'Hello',
  is_read,
  read_at: null,
  reply: null,
  replied_at: null,
  replied_by: null,
  created_at,
});

const data = {
  contact_messages: [
    message(1, 'Asha', '2026-11-01T05:00:00.000Z', false),
    message(2, 'Ravi', '2026-10-20T05:00:00.000Z', true),
    message(3, 'Meera', '2026-11-03T05:00:00.000Z', true),
  ],
};

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('contact messages list', () => {
  it('marks new messages, narrows by a date range and offers Mark as read', async () => {
    const { user } = renderAdmin('/contact-us', { dataProvider: createMemoryProvider(data) });
    await screen.findByRole('cell', { name: 'Asha' });
    expect(within(rowOf('Asha')).getByText('New')).toBeInTheDocument();
    expect(within(rowOf('Ravi')).queryByText('New')).not.toBeInTheDocument();
    expect(within(rowOf('Ravi')).getByText('Read')).toBeInTheDocument();
    expect(getComputedStyle(within(rowOf('Asha')).getByRole('cell', { name: 'Asha' })).fontWeight).toBe('700');
    expect(within(rowOf('Asha')).getByRole('button', { name: CONTACT_ACTIONS.markRead })).toBeInTheDocument();
    expect(within(rowOf('Ravi')).getByRole('button', { name: CONTACT_ACTIONS.markUnread })).toBeInTheDocument();

    const from = screen.getByLabelText('From');
    expect(screen.getByLabelText('To')).toBeInTheDocument();
    await user.type(from, '2026-10-25');
    // The filter is applied after react-admin's debounce and a new query: slow on a busy machine.
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ravi' })).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(screen.getByRole('cell', { name: 'Asha' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Meera' })).toBeInTheDocument();
  });
});

const hindi = polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }], {
  allowMissing: true,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the server answers of a reply's email (outbox/api.ts, EmailDelivery). */
const delivery = (overrides: Partial<EmailDelivery> = {}): EmailDelivery => ({
  id: 41,
  to_address: 'meera@example.org',
  status: 'Pending',
  attempts: 0,
  last_error: null,
  next_attempt_at: '2026-11-03T06:00:00.000Z',
  sent_at: null,
  created_at: '2026-11-03T06:00:00.000Z',
  mail_server: false,
  ...overrides,
});

describe('what a reply says of its email', () => {
  const reply = async (answer: EmailDelivery) => {
    const fetch = vi.fn(async (input: string) =>
      String(input).endsWith('/emails')
        ? Response.json([answer])
        : Response.json({ ...message(3, 'Meera', '2026-11-03T05:00:00.000Z', true), reply_email: answer }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = renderAdmin('/contact-us/view/3', { dataProvider: createMemoryProvider(data) });
    await user.click(await screen.findByRole('button', { name: CONTACT_ACTIONS.reply }));
    const dialog = await screen.findByRole('dialog', { name: CONTACT_ACTIONS.replyTitle });
    await user.type(within(dialog).getByRole('textbox', { name: CONTACT_ACTIONS.body }), 'Yes, there is a seat.');
    await user.click(within(dialog).getByRole('button', { name: CONTACT_ACTIONS.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  };
  const sentText = fill(CONTACT_ACTIONS.sent, { email: 'meera@example.org' });

  it('never says "sent" while the email waits in the Outbox for a mail server', async () => {
    await reply(delivery());
    expect(await screen.findByText(fill(CONTACT_ACTIONS.waiting, { email: 'meera@example.org' }))).toBeInTheDocument();
    expect(screen.queryByText(sentText)).not.toBeInTheDocument();
  });

  it('says why an email could not be sent yet, and that it will be tried again', async () => {
    await reply(delivery({ mail_server: true, attempts: 1, last_error: '550 Mailbox unavailable' }));
    expect(
      await screen.findByText(
        fill(CONTACT_ACTIONS.notYet, { email: 'meera@example.org', reason: '550 Mailbox unavailable' }),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(sentText)).not.toBeInTheDocument();
  });

  it("shows a replied message's email status on its page", async () => {
    const replied = {
      ...message(4, 'Kiran', '2026-11-02T05:00:00.000Z', true),
      reply: 'Yes.',
      replied_at: '2026-11-02T06:00:00.000Z',
      replied_by: 'Admin',
    };
    const fetch = vi.fn(async () =>
      Response.json([
        delivery({ to_address: 'kiran@example.org', status: 'Failed', attempts: 5, last_error: 'ECONNREFUSED' }),
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    renderAdmin('/contact-us/view/4', {
      dataProvider: createMemoryProvider({ contact_messages: [...data.contact_messages, replied] }),
    });
    const status = (await screen.findByText(`${CONTACT_ACTIONS.replyEmail}:`)).closest('[role="status"]');
    expect(status).toHaveTextContent(fill(OUTBOX.delivery.failed, { to: 'kiran@example.org', reason: 'ECONNREFUSED' }));
    expect(fetch).toHaveBeenCalledWith('/api/v2/contact-messages/4/emails', expect.anything());
  });
});

describe('the reply subject', () => {
  it("is 'Re: ' and the message's subject, or the words for 'your message' when it had none", () => {
    const english = wordsNow(CONTACT_ACTIONS);
    expect(replySubject(english, '  Admission ')).toBe('Re: Admission');
    expect(replySubject(english, '')).toBe('Re: Your message');
    const hindiWords = { yourMessage: CONTACT_ACTIONS_HI.yourMessage };
    expect(replySubject(hindiWords, null)).toBe('Re: आपका संदेश');
  });
});

describe('contact messages in Hindi', () => {
  it('offers the read toggle in Hindi on each row', async () => {
    renderAdmin('/contact-us', { dataProvider: createMemoryProvider(data), i18nProvider: hindi });
    await screen.findByRole('cell', { name: 'Asha' });
    expect(within(rowOf('Asha')).getByRole('button', { name: CONTACT_ACTIONS_HI.markRead })).toBeInTheDocument();
    expect(within(rowOf('Ravi')).getByRole('button', { name: CONTACT_ACTIONS_HI.markUnread })).toBeInTheDocument();
  });

  it('writes the reply in Hindi words, and says so in Hindi when it is sent', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        ...message(3, 'Meera', '2026-11-03T05:00:00.000Z', true),
        reply_email: delivery({ status: 'Sent', attempts: 1, sent_at: '2026-11-03T06:00:00.000Z' }),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = renderAdmin('/contact-us/view/3', {
      dataProvider: createMemoryProvider(data),
      i18nProvider: hindi,
    });
    await user.click(await screen.findByRole('button', { name: CONTACT_ACTIONS_HI.reply }));
    const dialog = await screen.findByRole('dialog', { name: CONTACT_ACTIONS_HI.replyTitle });
    expect(
      within(dialog).getByText(fill(CONTACT_ACTIONS_HI.replyTo, { email: 'meera@example.org' })),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: CONTACT_ACTIONS_HI.subject })).toHaveValue('Re: Admission');
    await user.click(within(dialog).getByRole('button', { name: CONTACT_ACTIONS_HI.send }));
    expect(await within(dialog).findByText(CONTACT_ACTIONS_HI.bodyRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: CONTACT_ACTIONS_HI.body }), 'धन्यवाद।');
    await user.click(within(dialog).getByRole('button', { name: CONTACT_ACTIONS_HI.send }));
    expect(await screen.findByText(fill(CONTACT_ACTIONS_HI.sent, { email: 'meera@example.org' }))).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
