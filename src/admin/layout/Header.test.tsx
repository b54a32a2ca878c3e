import { screen, waitFor, within } from '@testing-library/react';
import type { AuthProvider, GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { emptyDataProvider, renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { fill } from '../i18n/words.ts';
import { HEADER } from './messages.ts';
import { Header } from './Header.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const UNREAD = [
  {
    id: 4,
    type: 'Server Error',
    message: 'The backup server did not answer.',
    is_read: false,
    created_at: minutesAgo(5),
  },
  { id: 3, type: 'Message', message: 'A new message arrived.', is_read: false, created_at: minutesAgo(60) },
  { id: 2, type: 'User Registered', message: 'A new user registered.', is_read: false, created_at: minutesAgo(120) },
  { id: 1, type: 'Email', message: 'The monthly report was emailed.', is_read: false, created_at: minutesAgo(1440) },
];

function renderHeader() {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: UNREAD, total: UNREAD.length }));
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: vi.fn(async () => {}),
    checkAuth: async () => {},
    checkError: async () => {},
    getIdentity: async () => ({ id: 1, fullName: 'Asha Admin' }),
  };
  const view = renderWithAdmin(
    <>
      <Header />
      <p>Page content</p>
    </>,
    {
      dataProvider: emptyDataProvider({ getList: getList as never }),
      authProvider,
      routes: {
        '/notifications': <h1>Notifications page</h1>,
        '/login': <h1>Login page</h1>,
        '/donation': <h1>Donation page</h1>,
      },
    },
  );
  return { ...view, getList, authProvider };
}

describe('Header', () => {
  it('has the sidebar toggle, the Home, Documentation and FAQ anchors, search and the mail button', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: HEADER.toggleSidebar })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HEADER.home })).toHaveAttribute('href', '#home');
    expect(screen.getByRole('link', { name: HEADER.documentation })).toHaveAttribute('href', '#documentation');
    expect(screen.getByRole('link', { name: HEADER.faq })).toHaveAttribute('href', '#faq');
    expect(screen.getByRole('button', { name: HEADER.search })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HEADER.messages })).toHaveAttribute('href', '/contact-us');
  });

  it("badges the bell with the server's count of unread notifications", async () => {
    const { getList } = renderHeader();
    const bell = await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 4 }) });
    expect(within(bell).getByText('4')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'notifications',
      expect.objectContaining({ filter: { is_read: false }, sort: { field: 'created_at', order: 'DESC' } }),
    );
  });

  it('opens a dropdown of the notifications whose View More goes to /notifications', async () => {
    const { user, location } = renderHeader();
    await user.click(await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 4 }) }));
    const dropdown = screen.getByRole('region', { name: HEADER.notificationsTitle });
    expect(within(dropdown).getByText('Server Error')).toBeInTheDocument();
    expect(within(dropdown).getByText(/The backup server did not answer\. · 5 minutes ago/)).toBeInTheDocument();
    expect(within(dropdown).getAllByRole('listitem')).toHaveLength(4);
    const viewMore = within(dropdown).getByRole('link', { name: HEADER.viewMore });
    expect(viewMore).toHaveAttribute('href', '/notifications');
    await user.click(viewMore);
    expect(location()).toBe('/notifications');
    expect(screen.queryByRole('region', { name: HEADER.notificationsTitle })).not.toBeInTheDocument();
  });

  it('closes the dropdown on a click outside it, not on a click inside it', async () => {
    const { user } = renderHeader();
    await user.click(await screen.findByRole('button', { name: fill(HEADER.notifications, { count: 4 }) }));
    const dropdown = screen.getByRole('region', { name: HEADER.notificationsTitle });
    await user.click(within(dropdown).getByRole('heading', { name: HEADER.notificationsTitle }));
    expect(screen.getByRole('region', { name: HEADER.notificationsTitle })).toBeInTheDocument();
    await user.click(screen.getByText('Page content'));
    expect(screen.queryByRole('region', { name: HEADER.notificationsTitle })).not.toBeInTheDocument();
  });

  it('offers My Profile and Edit Profile, and a Logout that signs out through the auth provider', async () => {
    const { user, authProvider, location } = renderHeader();
    await user.click(screen.getByRole('button', { name: HEADER.profile }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: HEADER.myProfile })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: HEADER.editProfile })).toHaveAttribute(
      'href',
      '/account#password',
    );
    expect(await within(menu).findByText('Asha Admin')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: HEADER.logout }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('finds a page of the menu with the search button', async () => {
    const { user, location } = renderHeader();
    await user.click(screen.getByRole('button', { name: HEADER.search }));
    await user.type(screen.getByRole('combobox', { name: HEADER.searchPages }), 'Donat');
    await user.click(await screen.findByRole('option', { name: 'Donation' }));
    expect(location()).toBe('/donation');
  });
});
