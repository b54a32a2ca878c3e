import { screen, waitFor, within } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin, type RenderOptions } from '../../../tests/components/render-with-admin.tsx';
import { resources } from '../../resources/index.ts';
import { HEADER } from './messages.ts';
import { AppMenu } from './AppMenu.tsx';
import { Sidebar, SidebarToggle } from './Sidebar.tsx';
import { SignOutFirstProvider } from './SignOutFirst.tsx';

/**
 * The spec's sidebar links, in order, plus the Master Data group and the audit logs beside the activity logs, and the
 * links of today's declarations. A resource declared since shows too: the test reads its link from the registry.
 */
const SPEC_LINKS = [
  ['Dashboard', '/'],
  ['All Employees', '/employee'],
  ['Department', '/department'],
  ['Designation', '/designation'],
  ['Role', '/employee-roles'],
  ['Roles-Permission', '/role-permission'],
  ['Activity Logs', '/activity-logs'],
  ['Audit Logs', '/audit-logs'],
  ['Login', '/login'],
  ['Register', '/register'],
  ['User List', '/user'],
  ['Country', '/master/country'],
  ['State', '/master/state'],
  ['City', '/master/city'],
  ['News', '/media/news'],
  ['Events', '/media/events'],
  ['Blog', '/media/blog'],
  // The spec's other media areas (its routes section), each declared with a menu entry of its own.
  ['Press Coverage', '/media/press-coverage'],
  ['Articles', '/media/articles'],
  ['Advertisement', '/media/advertisement'],
  ['Online Coverages', '/media/online-coverages'],
  ['Images', '/gallery/images'],
  ['Videos', '/gallery/videos'],
  // What the public website's home and about pages say (src/resources/website.ts): declared, in a group of their own.
  ['Hero Slides', '/website/slides'],
  ['Page Texts', '/website/texts'],
  ['Leaders', '/website/leaders'],
  ['Daily Routine', '/website/routine'],
  ['Notices', '/website/notices'],
  ['Donation', '/donation'],
  ['Contact Us', '/contact-us'],
  // The trust's own details (src/resources/trust-settings.ts): a one-record resource whose menu entry names no group.
  ['Trust Settings', '/settings'],
  ['Tax Wording', '/tax-wording'],
  ['Outbox', '/outbox'],
];

const initialWidth = window.innerWidth;
const setWindowWidth = (width: number) => {
  window.innerWidth = width;
};
afterEach(() => setWindowWidth(initialWidth));

function renderSidebar(options: RenderOptions = {}) {
  const view = renderWithAdmin(
    // As Layout holds them: the sign-out question above the sidebar.
    <SignOutFirstProvider>
      <SidebarToggle />
      <Sidebar>
        <AppMenu />
      </Sidebar>
      <p>Page content</p>
    </SignOutFirstProvider>,
    options,
  );
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  // `hidden`: on a phone the open sidebar is a modal drawer, which hides the rest of the page from screen readers.
  const toggle = screen.getByRole('button', { name: HEADER.toggleSidebar, hidden: true });
  const group = (name: string) => within(nav).getByRole('button', { name });
  return { ...view, nav, toggle, group };
}

describe('Sidebar', () => {
  it('is open by default', () => {
    const { toggle } = renderSidebar();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('is open by default on a phone too, where react-admin alone would start it closed', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: true }));
    setWindowWidth(375);
    const { toggle } = renderSidebar();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
  });

  it('expands and collapses its groups, Company holding the Employee Management and Authentication groups', async () => {
    const { user, nav, group } = renderSidebar();
    expect(within(nav).queryByRole('button', { name: 'Employee Management' })).not.toBeInTheDocument();

    await user.click(group('Company'));
    expect(group('Company')).toHaveAttribute('aria-expanded', 'true');
    await user.click(group('Employee Management'));
    expect(within(nav).getByRole('link', { name: 'All Employees' })).toHaveAttribute('href', '/employee');
    expect(group('Authentication')).toBeInTheDocument();

    await user.click(group('Employee Management'));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'All Employees' })).not.toBeInTheDocument());
    await user.click(group('Company'));
    await waitFor(() => expect(within(nav).queryByRole('button', { name: 'Authentication' })).not.toBeInTheDocument());
    expect(group('Company')).toHaveAttribute('aria-expanded', 'false');
  });

  it("holds the spec's links in order, each declared resource's link in its group, and nothing else", async () => {
    const { user, nav, group } = renderSidebar();
    for (const name of [
      'Company',
      'Employee Management',
      'Authentication',
      'User',
      'Master Data',
      'Media Table',
      'Gallery',
      'Website',
    ]) {
      await user.click(group(name));
    }
    const links = within(nav).getAllByRole('link');
    const shown = links.map((link) => [link.textContent, link.getAttribute('href')]);
    const inSpec = new Set(SPEC_LINKS.map(([, to]) => to));
    expect(shown.filter(([, to]) => inSpec.has(to!))).toEqual(SPEC_LINKS);

    // Every declared resource with a menu entry: its label and list route, in the list of its group (or the top one).
    const declared = resources.flatMap((r) => (r.menu && r.routes ? [{ ...r.menu, to: r.routes.list }] : []));
    const topList = nav.querySelector('ul');
    for (const entry of declared) {
      const link = links.find((l) => l.getAttribute('href') === entry.to);
      expect(link?.textContent, entry.to).toBe(entry.label);
      const list = link!.closest('ul');
      if (entry.group) expect(list?.id, entry.to).toBe(`menu-group-${entry.group}`);
      else expect(list, entry.to).toBe(topList);
    }
    const known = new Set([...inSpec, ...declared.map((entry) => entry.to)]);
    expect(shown.filter(([, to]) => !known.has(to!))).toEqual([]);
  });

  it('asks before its Login link signs out and opens the sign-in form, which never shows beside a live session', async () => {
    const authProvider: AuthProvider = {
      login: vi.fn(async () => {}),
      logout: vi.fn(async () => {}),
      checkAuth: async () => {},
      checkError: async () => {},
    };
    const { user, nav, group, location } = renderSidebar({
      authProvider,
      routes: { '/login': <h1>Sign-in form</h1> },
    });
    await user.click(group('Company'));
    await user.click(group('Authentication'));
    const login = within(nav).getByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', '/login');
    const start = location();
    await user.click(login);
    // It asks first; Cancel keeps the session and the page.
    let dialog = await screen.findByRole('dialog', { name: HEADER.signOutFirstTitle });
    expect(dialog).toHaveTextContent(HEADER.signOutFirstText);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(authProvider.logout).not.toHaveBeenCalled();
    expect(location()).toBe(start);
    // Logout ends the session and opens the sign-in form.
    await user.click(within(nav).getByRole('link', { name: 'Login' }));
    dialog = await screen.findByRole('dialog', { name: HEADER.signOutFirstTitle });
    await user.click(within(dialog).getByRole('button', { name: HEADER.logout }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(authProvider.logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('heading', { name: 'Sign-in form' })).toBeInTheDocument();
    // The other links only navigate.
    expect(authProvider.login).not.toHaveBeenCalled();
  });

  it('collapses its groups on a click outside it', async () => {
    const { user, nav, group } = renderSidebar();
    await user.click(group('Gallery'));
    expect(within(nav).getByRole('link', { name: 'Images' })).toBeInTheDocument();
    await user.click(screen.getByText('Page content'));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Images' })).not.toBeInTheDocument());
  });

  it('stays open on a click outside it when the window is wider than 768px', async () => {
    setWindowWidth(1024);
    const { user, toggle } = renderSidebar();
    await user.click(screen.getByText('Page content'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on a click outside it when the window is 768px wide or narrower', async () => {
    setWindowWidth(768);
    const { user, toggle, group } = renderSidebar();
    await user.click(group('User'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Page content'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and closes with the header toggle, also on a narrow window', async () => {
    setWindowWidth(700);
    const { user, toggle } = renderSidebar();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
