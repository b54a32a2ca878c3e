/**
 * The bell on a data provider that answers as the server does (the caller's own notifications, filtered, sorted
 * newest first, a page and the total): the badge counts the unread ones, the dropdown lists the latest four with
 * the unread ones marked, opening one goes to its link and marks it read, and a new one appears by itself within
 * the session's refresh interval.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { DataProvider, GetListParams, RaRecord, UpdateParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { emptyDataProvider, renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { fill } from '../i18n/words.ts';
import { HEADER } from './messages.ts';
import { NOTIFICATIONS } from '../notifications/messages.ts';
import { DROPDOWN_SIZE, NotificationBell } from './NotificationBell.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function store() {
  const rows: RaRecord[] = [
    {
      id: 1,
      type: 'Email',
      message: 'Email #3 could not be sent.',
      is_read: true,
      link: '/outbox/3',
      created_at: minutesAgo(600),
    },
    {
      id: 2,
      type: 'User Registered',
      message: 'New user: ravi',
      is_read: false,
      link: '/user/profile/2',
      created_at: minutesAgo(300),
    },
    {
      id: 3,
      type: 'Donation',
      message: 'New donation of ₹500',
      is_read: true,
      link: '/donation-view/4',
      created_at: minutesAgo(120),
    },
    {
      id: 4,
      type: 'Message',
      message: 'New contact message from Asha: Admission',
      is_read: false,
      link: '/contact-us/view/9',
      created_at: minutesAgo(30),
    },
    {
      id: 5,
      type: 'Message',
      message: 'New contact message from Meera: Visit',
      is_read: false,
      link: '/contact-us/view/10',
      created_at: minutesAgo(5),
    },
  ];
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const filter = params.filter as { is_read?: boolean };
    const matching = rows
      .filter((row) => filter.is_read === undefined || row.is_read === filter.is_read)
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
    const { page, perPage } = params.pagination!;
    return { data: matching.slice((page - 1) * perPage, page * perPage), total: matching.length };
  });
  const update = vi.fn(async (_resource: string, params: UpdateParams) => {
    const row = rows.find((r) => r.id === params.id)!;
    Object.assign(row, params.data);
    return { data: row };
  });
  const dataProvider: DataProvider = emptyDataProvider({ getList: getList as never, update: update as never });
  return { rows, getList, update, dataProvider };
}

function renderBell(refreshSeconds?: number) {
  const data = store();
  const authProvider = authProviderFor({});
  if (refreshSeconds !== undefined) {
    const base = authProvider.getPermissions;
    authProvider.getPermissions = async () => ({ ...(await base()), notificationRefreshSeconds: refreshSeconds });
  }
  const view = renderWithAdmin(<NotificationBell />, {
    dataProvider: data.dataProvider,
    authProvider,
    routes: {
      '/notifications': <h1>Notifications page</h1>,
      // The bell stays in the header when the page changes.
      '/contact-us/view/:id': <NotificationBell />,
    },
  });
  return { ...view, ...data };
}

describe('NotificationBell', () => {
  it('counts the unread notifications of the account, whatever it may do in the matrix', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 3 }) });
    expect(within(bell).getByText('3')).toBeInTheDocument();
  });

  it('lists the latest four, newest first, the unread ones marked, with View More to /notifications', async () => {
    const { user, getList } = renderBell();
    await user.click(await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 3 }) }));
    const dropdown = screen.getByRole('region', { name: HEADER.notificationsTitle });
    await waitFor(() => expect(within(dropdown).getAllByRole('listitem')).toHaveLength(DROPDOWN_SIZE));
    expect(DROPDOWN_SIZE).toBe(4);
    const items = within(dropdown).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('New contact message from Meera: Visit · 5 minutes ago'),
      expect.stringContaining('New contact message from Asha: Admission · 30 minutes ago'),
      expect.stringContaining('New donation of ₹500 · 2 hours ago'),
      expect.stringContaining('New user: ravi'),
    ]);
    expect(within(items[0]!).getByLabelText(NOTIFICATIONS.unread)).toBeInTheDocument();
    expect(within(items[2]!).queryByLabelText(NOTIFICATIONS.unread)).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/contact-us/view/10');
    expect(within(dropdown).getByRole('link', { name: HEADER.viewMore })).toHaveAttribute('href', '/notifications');
    expect(getList).toHaveBeenCalledWith(
      'notifications',
      expect.objectContaining({ pagination: { page: 1, perPage: 4 }, sort: { field: 'created_at', order: 'DESC' } }),
    );
  });

  it('goes to what a notification reports, marks it read and counts one fewer', async () => {
    const { user, update, location } = renderBell();
    await user.click(await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 3 }) }));
    const dropdown = screen.getByRole('region', { name: HEADER.notificationsTitle });
    await user.click(await within(dropdown).findByText('New contact message from Meera: Visit', { exact: false }));
    expect(location()).toBe('/contact-us/view/10');
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('notifications', expect.objectContaining({ id: 5, data: { is_read: true } })),
    );
    expect(await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 2 }) })).toBeInTheDocument();
  });

  it('shows a new notification by itself within the refresh interval the session gives', async () => {
    const { rows } = renderBell(1);
    await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 3 }) });
    rows.push({
      id: 6,
      type: 'Message',
      message: 'New contact message from Ravi',
      is_read: false,
      link: '/contact-us/view/11',
      created_at: new Date().toISOString(),
    });
    expect(
      await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 4 }) }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
