/**
 * The donations area's own controls beside the generated screens, in English and in Hindi: Form 10BD (its dialog
 * and what a download says it left out, in the plural forms of each language), Download Receipt on a receipted
 * row, Cancel Donation (its dialog, the reason it requires, the sentence when done), and the receipt page without
 * a donation. The server's answers come from a stubbed fetch in its shape.
 */
import { screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoData } from '../../resources/demo-data.ts';
import { renderAdmin } from '../generator/test-app.tsx';
import { formatsFor } from '../i18n/format.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { fill } from '../i18n/words.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { TRUST_TIME_ZONE } from '../auth/access.ts';
import { OUTBOX, OUTBOX_HI } from '../outbox/messages.ts';
import { recentFinancialYears } from './Form10bd.tsx';
import {
  DONATION_ACTIONS,
  DONATION_ACTIONS_HI,
  RECEIPT,
  RECEIPT_HI,
  REGISTRATION,
  REGISTRATION_HI,
} from './messages.ts';

const hindi = polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }], {
  allowMissing: true,
});

const donation = {
  id: 1,
  donor_name: 'Sunita Devi',
  amount: 5000,
  payment_method: 'Bank Transfer',
  date: '2026-11-20T05:00:00.000Z',
  status: 'Received',
  receipt_no: 'DN/2026-27/0001',
  receipt_issued_at: '2026-11-20T05:00:00.000Z',
  reference: 'NEFT-1',
  source: 'Office',
  contact_number: null,
  email: null,
  address: null,
  pan: 'ABCDE1234F',
  other_id_type: null,
  other_id_number: null,
  category: 'General',
  donation_type: 'Others',
  mode: 'Electronic',
  transaction_id: null,
  remarks: null,
  cancel_reason: null,
  cancelled_at: null,
};

const provider = () => createMemoryProvider({ ...demoData, donations: [donation] });

/** The server's Form 10BD: a CSV, and how many donations it left out and why. */
function stubForm10bd(withoutId: number, cash: number) {
  const fetch = vi.fn(
    async () =>
      new Response('Sr. No.,Name\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'X-Donations-Without-Identifier': String(withoutId),
          'X-Cash-Above-Limit': String(cash),
        },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Form 10BD', () => {
  const year = recentFinancialYears()[0]!;

  it('says in English what the download left out', async () => {
    stubForm10bd(1, 2);
    const { user } = renderAdmin('/donation', { dataProvider: provider() });
    await user.click(await screen.findByRole('button', { name: DONATION_ACTIONS.form10bd }));
    const dialog = await screen.findByRole('dialog', { name: DONATION_ACTIONS.form10bdTitle });
    await user.click(within(dialog).getByRole('button', { name: DONATION_ACTIONS.download }));
    expect(
      await within(dialog).findByText(
        `Form 10BD for ${year} downloaded. 1 donation without a PAN or other ID is not in it. ` +
          '2 cash donations above ₹2,000 are not deductible and are not in it.',
      ),
    ).toBeInTheDocument();
  });

  it('speaks Hindi: the button, the dialog, and what the download left out', async () => {
    const fetch = stubForm10bd(3, 0);
    const { user } = renderAdmin('/donation', { dataProvider: provider(), i18nProvider: hindi });
    expect(await screen.findByRole('link', { name: RECEIPT_HI.downloadReceipt })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: DONATION_ACTIONS_HI.form10bd }));
    const dialog = await screen.findByRole('dialog', { name: DONATION_ACTIONS_HI.form10bdTitle });
    expect(within(dialog).getByText(DONATION_ACTIONS_HI.form10bdExplain)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: DONATION_ACTIONS_HI.year })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: DONATION_ACTIONS_HI.close })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: DONATION_ACTIONS_HI.download }));
    expect(
      await within(dialog).findByText(
        `${year} का फ़ॉर्म 10BD डाउनलोड हो गया। PAN या अन्य पहचान के बिना 3 दान इसमें शामिल नहीं हैं।`,
      ),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
  });
});

describe('Cancel Donation', () => {
  it('speaks Hindi: the dialog, the reason it requires, and the sentence when done', async () => {
    // The page also asks what became of the receipt email (none here: outbox/EmailStatus.tsx).
    const fetch = vi.fn(async (input: string) =>
      String(input).endsWith('/emails') ? Response.json([]) : Response.json({ ...donation, status: 'Cancelled' }),
    );
    const cancels = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/cancel'));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderAdmin('/donation-view/1', { dataProvider: provider(), i18nProvider: hindi });
    await user.click(await screen.findByRole('button', { name: DONATION_ACTIONS_HI.cancel }));
    const dialog = await screen.findByRole('dialog', { name: DONATION_ACTIONS_HI.cancelTitle });
    expect(
      within(dialog).getByText(fill(DONATION_ACTIONS_HI.cancelExplain, { receipt: donation.receipt_no })),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: DONATION_ACTIONS_HI.confirmCancel }));
    expect(await within(dialog).findByText(DONATION_ACTIONS_HI.reasonRequired)).toBeInTheDocument();
    expect(cancels()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: DONATION_ACTIONS_HI.reason }), 'दोहरी प्रविष्टि');
    await user.click(within(dialog).getByRole('button', { name: DONATION_ACTIONS_HI.confirmCancel }));
    expect(
      await screen.findByText(fill(DONATION_ACTIONS_HI.cancelled, { receipt: donation.receipt_no })),
    ).toBeInTheDocument();
    expect(cancels()).toHaveLength(1);
  });

  it('asks in English for the reason', async () => {
    const { user } = renderAdmin('/donation-view/1', { dataProvider: provider() });
    await user.click(await screen.findByRole('button', { name: DONATION_ACTIONS.cancel }));
    const dialog = await screen.findByRole('dialog', { name: DONATION_ACTIONS.cancelTitle });
    expect(within(dialog).getByRole('button', { name: DONATION_ACTIONS.keep })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: DONATION_ACTIONS.confirmCancel }));
    expect(await within(dialog).findByText(DONATION_ACTIONS.reasonRequired)).toBeInTheDocument();
  });
});

describe("the receipt email's status on a donation's page", () => {
  const emailed = (overrides: Record<string, unknown>) => ({
    id: 12,
    to_address: 'sunita@example.org',
    status: 'Pending',
    attempts: 0,
    last_error: null,
    next_attempt_at: '2026-11-20T05:00:00.000Z',
    sent_at: null,
    created_at: '2026-11-20T05:00:00.000Z',
    mail_server: false,
    ...overrides,
  });

  it('says the receipt waits in the Outbox while there is no mail server, never that it was sent', async () => {
    const fetch = vi.fn(async () => Response.json([emailed({})]));
    vi.stubGlobal('fetch', fetch);
    renderAdmin('/donation-view/1', { dataProvider: provider() });
    const status = (await screen.findByText(`${DONATION_ACTIONS.receiptEmail}:`)).closest('[role="status"]');
    expect(status).toHaveTextContent(fill(OUTBOX.delivery.waiting, { to: 'sunita@example.org' }));
    expect(fetch).toHaveBeenCalledWith('/api/v2/donations/1/emails', expect.anything());
  });

  it('says when it was sent, in Hindi', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([
          emailed({ status: 'Sent', attempts: 1, sent_at: '2026-11-20T05:01:00.000Z', mail_server: true }),
        ]),
      ),
    );
    renderAdmin('/donation-view/1', { dataProvider: provider(), i18nProvider: hindi });
    const status = (await screen.findByText(`${DONATION_ACTIONS_HI.receiptEmail}:`)).closest('[role="status"]');
    expect(status).toHaveTextContent(
      fill(OUTBOX_HI.delivery.sent, {
        to: 'sunita@example.org',
        when: formatsFor('hi', TRUST_TIME_ZONE).dateTime('2026-11-20T05:01:00.000Z'),
      }),
    );
  });
});

describe('the receipt page', () => {
  it('without a donation says where to choose one, in either language', async () => {
    renderAdmin('/donation-receipt', { dataProvider: provider(), i18nProvider: hindi });
    expect(await screen.findByText(RECEIPT_HI.chooseDonation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RECEIPT_HI.back })).toHaveAttribute('href', '/donation');
  });

  it('in English too', async () => {
    renderAdmin('/donation-receipt', { dataProvider: provider() });
    expect(await screen.findByText(RECEIPT.chooseDonation)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: RECEIPT.back })).toBeInTheDocument());
  });
});

describe('issuing a receipt under a registration that did not hold', () => {
  const pending = { ...donation, id: 2, status: 'Pending', receipt_no: null, receipt_issued_at: null };
  const lapsed = {
    day: '2026-11-20',
    lapses: [
      {
        which: 'registration',
        standing: 'expired',
        number: 'AAATS1234QE20214',
        from: '2021-05-28',
        until: '2026-03-31',
      },
    ],
  };
  const pendingProvider = () => createMemoryProvider({ ...demoData, donations: [donation, pending] });

  async function markReceived(user: ReturnType<typeof renderAdmin>['user'], status = 'Received') {
    await user.click(await screen.findByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: status }));
    await user.click(screen.getByRole('button', { name: /^(Update|Save)/ }));
  }

  it('warns, naming the registration and its dates, and issues only once the person says they understand', async () => {
    const fetch = vi.fn(async (_url: string) => Response.json(lapsed));
    vi.stubGlobal('fetch', fetch);
    const dataProvider = pendingProvider();
    const { user } = renderAdmin('/donation/edit/2', { dataProvider });
    await markReceived(user);
    const dialog = await screen.findByRole('dialog', { name: REGISTRATION.issueTitle });
    expect(dialog).toHaveTextContent(
      'Registration (12A/12AB) AAATS1234QE20214 was valid until 31 Mar 2026: it had expired on the donation’s date, 20 Nov 2026.',
    );
    expect(fetch.mock.calls[0]![0]).toBe(
      `/api/v2/donations/registration-check?date=${encodeURIComponent(pending.date)}`,
    );
    // Going back leaves the donation Pending.
    await user.click(within(dialog).getByRole('button', { name: REGISTRATION.goBack }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await dataProvider.getOne('donations', { id: 2 })).data.status).toBe('Pending');

    await user.click(screen.getByRole('button', { name: /^(Update|Save)/ }));
    const again = await screen.findByRole('dialog', { name: REGISTRATION.issueTitle });
    const issue = within(again).getByRole('button', { name: REGISTRATION.issue });
    expect(issue).toBeDisabled();
    await user.click(within(again).getByRole('checkbox', { name: REGISTRATION.acknowledge }));
    await user.click(issue);
    await waitFor(async () => expect((await dataProvider.getOne('donations', { id: 2 })).data.status).toBe('Received'));
  });

  it('issues at once when the registration held on the donation’s day', async () => {
    const fetch = vi.fn(async () => Response.json({ day: '2026-11-20', lapses: [] }));
    vi.stubGlobal('fetch', fetch);
    const dataProvider = pendingProvider();
    const { user } = renderAdmin('/donation/edit/2', { dataProvider });
    await markReceived(user);
    await waitFor(async () => expect((await dataProvider.getOne('donations', { id: 2 })).data.status).toBe('Received'));
    expect(fetch).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks nothing when the save issues no receipt (one is already issued)', async () => {
    const fetch = vi.fn(async () => Response.json(lapsed));
    vi.stubGlobal('fetch', fetch);
    const dataProvider = pendingProvider();
    const { user } = renderAdmin('/donation/edit/1', { dataProvider });
    await user.type(await screen.findByRole('textbox', { name: /^Remarks/ }), 'Thanked by letter.');
    await user.click(screen.getByRole('button', { name: /^(Update|Save)/ }));
    await waitFor(async () =>
      expect((await dataProvider.getOne('donations', { id: 1 })).data.remarks).toBe('Thanked by letter.'),
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says it in Hindi', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(lapsed)),
    );
    const { user } = renderAdmin('/donation/edit/2', { dataProvider: pendingProvider(), i18nProvider: hindi });
    await user.click(await screen.findByRole('combobox', { name: /^स्थिति/ }));
    await user.click(await screen.findByRole('option', { name: 'प्राप्त' }));
    await user.click(screen.getByRole('button', { name: /अपडेट|सहेजें/ }));
    const dialog = await screen.findByRole('dialog', { name: REGISTRATION_HI.issueTitle });
    expect(dialog).toHaveTextContent(
      `पंजीकरण (12A/12AB) AAATS1234QE20214 31 मार्च 2026 तक वैध था: दान की तिथि ${formatsFor('hi', 'Asia/Kolkata').date('2026-11-20')} को यह समाप्त हो चुका था।`,
    );
    expect(within(dialog).getByRole('checkbox', { name: REGISTRATION_HI.acknowledge })).toBeInTheDocument();
  });
});
