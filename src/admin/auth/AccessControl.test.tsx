/**
 * What an account with a limited matrix sees: the menu without the entries it may not view (and without the
 * groups left empty), lists without the Add button and the row actions it may not use, the access-denied page
 * for a screen it may not open or whose data the server refused, and that page's explanation and sign-out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { authProviderFor } from '../../../tests/components/access-auth.ts';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import type { PermissionMatrix } from '../../resources/permissions.ts';
import { demoData } from '../../resources/demo-data.ts';
import { renderAdmin } from '../generator/test-app.tsx';
import { AppMenu } from '../layout/AppMenu.tsx';
import { Sidebar } from '../layout/Sidebar.tsx';
import { fill } from '../i18n/words.ts';
import { ACCESS, PAGES } from '../pages/messages.ts';
import { AccessDenied } from '../pages/AccessDenied.tsx';
import { createMemoryProvider } from '../providers/memory.ts';
import { forgetDenial, noteDenial } from './denial.ts';

afterEach(() => forgetDenial());

const DEPARTMENTS_VIEW: PermissionMatrix = { Company: { Departments: { Global: { View: true } } } };

function renderMenu(permissions: PermissionMatrix, admin = false) {
  const view = renderWithAdmin(
    <Sidebar>
      <AppMenu />
    </Sidebar>,
    { authProvider: authProviderFor(permissions, { admin }) },
  );
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  const group = (name: string) => within(nav).findByRole('button', { name });
  const groups = () =>
    within(nav)
      .queryAllByRole('button')
      .map((button) => button.textContent);
  const links = () =>
    within(nav)
      .queryAllByRole('link')
      .map((link) => link.textContent);
  return { ...view, nav, group, groups, links };
}

describe('the menu', () => {
  it('shows only the entries the account may view, and hides the groups left empty', async () => {
    const { user, group, groups, links } = renderMenu(DEPARTMENTS_VIEW);
    await user.click(await group('Company'));
    await user.click(await group('Employee Management'));
    await user.click(await group('Authentication'));
    expect(groups()).toEqual(['Company', 'Employee Management', 'Authentication']);
    // Login and Register need no permission; the dashboard does.
    expect(links()).toEqual(['Department', 'Login', 'Register']);
  });

  it('keeps a group with only the entries allowed, coming-soon areas following the matrix too', async () => {
    const { user, group, groups, links } = renderMenu({
      'Master Data': { States: { Self: { View: true } } },
      Gallery: { Videos: { Global: { View: true } } },
      Donations: { Donations: { Global: { View: true } } },
      Media: { News: { Global: { Add: true } } },
    });
    await user.click(await group('Master Data'));
    await user.click(await group('Gallery'));
    expect(groups()).toEqual(['Company', 'Master Data', 'Gallery']);
    // Media › News with Add but not View does not show; Self scope counts as allowed.
    expect(links()).toEqual(['State', 'Videos', 'Donation']);
  });

  it('shows everything to an admin', async () => {
    const { user, group, links } = renderMenu({}, true);
    await user.click(await group('Media Table'));
    expect(links()).toEqual(expect.arrayContaining(['Dashboard', 'News', 'Events', 'Blog', 'Donation', 'Contact Us']));
  });
});

const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const headersOf = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('lists', () => {
  it('a generated list without Add has no Add button, and without Delete no delete action', async () => {
    const authProvider = authProviderFor({ 'Master Data': { Countries: { Global: { View: true, Edit: true } } } });
    renderAdmin('/master/country', { authProvider });
    await screen.findByText('India');
    await waitFor(() => expect(within(rowsOf()[0]!).getByRole('link', { name: 'Edit' })).toBeInTheDocument());
    for (const row of rowsOf()) {
      expect(within(row).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Add Country' })).not.toBeInTheDocument();
  });

  it('a generated list with every right shows them all', async () => {
    renderAdmin('/master/country', { authProvider: authProviderFor({}, { admin: true }) });
    await screen.findByText('India');
    expect(await screen.findByRole('link', { name: 'Add Country' })).toBeInTheDocument();
    await waitFor(() => expect(within(rowsOf()[0]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument());
  });

  it('a generated list with View only has no Action column at all', async () => {
    renderAdmin('/master/country', {
      authProvider: authProviderFor({ 'Master Data': { Countries: { Global: { View: true } } } }),
    });
    await screen.findByText('India');
    expect(headersOf()).not.toContain('Action');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Country' })).not.toBeInTheDocument();
  });

  it('the department list with View and Delete has Delete but no Add Department and no Edit', async () => {
    renderAdmin('/department', {
      authProvider: authProviderFor({ Company: { Departments: { Global: { View: true, Delete: true } } } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Departments' });
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
    await waitFor(() => expect(within(rowsOf()[0]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument());
    for (const row of rowsOf()) expect(within(row).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Department' })).not.toBeInTheDocument();
  });

  it('the department list with View only has no Add Department and no Action column', async () => {
    renderAdmin('/department', { authProvider: authProviderFor(DEPARTMENTS_VIEW) });
    await screen.findByRole('heading', { level: 1, name: 'Departments' });
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
    expect(headersOf()).toEqual(['S.No', 'Department Name', 'Description', 'Created At']);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Department' })).not.toBeInTheDocument();
  });
});

describe('screens the account may not open', () => {
  it('/employee without Employees › View shows the access-denied page naming what is missing', async () => {
    renderAdmin('/employee', { authProvider: authProviderFor(DEPARTMENTS_VIEW) });
    expect(await screen.findByRole('heading', { level: 1, name: ACCESS.title })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/access-denied');
    expect(screen.getByRole('alert')).toHaveTextContent(
      fill(ACCESS.refusedNeeding, { verb: 'view', area: 'Employees', needed: 'Company › Employees › View' }),
    );
    expect(
      await screen.findByText(fill(ACCESS.signedInAs, { name: 'Asha Rao', email: 'asha@example.org' })),
    ).toBeInTheDocument();
    expect(screen.getByText(ACCESS.askAdmin)).toBeInTheDocument();
  });

  it('/department/add without Departments › Add shows it too', async () => {
    renderAdmin('/department/add', { authProvider: authProviderFor(DEPARTMENTS_VIEW) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      fill(ACCESS.refusedNeeding, { verb: 'add', area: 'Departments', needed: 'Company › Departments › Add' }),
    );
  });

  it("a 403 on a page's data shows the access-denied page with the server's sentence", async () => {
    const sentence =
      'You do not have permission to view Countries (Master Data › Countries › View). Ask an administrator for access.';
    const memory = createMemoryProvider(demoData);
    const dataProvider = {
      ...memory,
      getList: async (resource: string, params: Parameters<typeof memory.getList>[1]) => {
        if (resource !== 'countries') return memory.getList(resource, params);
        throw new HttpError(sentence, 403, { success: false, message: sentence, code: 'FORBIDDEN', method: 'GET' });
      },
    };
    // The admin's matrix says yes (it was loaded before an administrator took the permission away).
    renderAdmin('/master/country', { authProvider: authProviderFor({}, { admin: true }), dataProvider });
    expect(await screen.findByRole('heading', { level: 1, name: ACCESS.title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(sentence);
    expect(screen.getByTestId('location').textContent).toBe('/access-denied');
  });
});

describe('the access-denied page', () => {
  it("explains the server's refusal, offers the dashboard when allowed, and signs out", async () => {
    noteDenial({ message: 'You do not have permission to view Employees (Company › Employees › View).' });
    const authProvider = authProviderFor({ Dashboard: { Dashboard: { Global: { View: true } } } });
    const { user } = renderWithAdmin(<AccessDenied />, { path: '/access-denied', authProvider });
    expect(
      await screen.findByText(fill(ACCESS.signedInAs, { name: 'Asha Rao', email: 'asha@example.org' })),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You do not have permission to view Employees (Company › Employees › View).',
    );
    expect(await screen.findByRole('link', { name: PAGES.backToDashboard })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: ACCESS.signOut }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('offers no dashboard link to an account that may not view it', async () => {
    renderWithAdmin(<AccessDenied />, {
      path: '/access-denied',
      authProvider: authProviderFor(DEPARTMENTS_VIEW),
    });
    await screen.findByText(fill(ACCESS.signedInAs, { name: 'Asha Rao', email: 'asha@example.org' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ACCESS.refusedPage);
    expect(screen.queryByRole('link', { name: PAGES.backToDashboard })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: ACCESS.signOut })).toBeInTheDocument();
  });

  it('says when only an administrator may', async () => {
    noteDenial({ area: 'the Outbox', verb: 'view', adminOnly: true });
    renderWithAdmin(<AccessDenied />, { path: '/access-denied', authProvider: authProviderFor(DEPARTMENTS_VIEW) });
    expect(await screen.findByText(fill(ACCESS.adminOnly, { verb: 'view', area: 'the Outbox' }))).toBeInTheDocument();
    expect(screen.getByText(ACCESS.askAdminOnly)).toBeInTheDocument();
  });
});
