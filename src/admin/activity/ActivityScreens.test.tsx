/**
 * The activity-log screens on the memory provider, with activities made here (the demo data has none): list,
 * status and date filters, search by id, paging, detail, and the Add activity form.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { demoData } from '../../resources/demo-data.ts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { TRUST_TIME_ZONE } from '../auth/access.ts';
import { renderAdmin } from '../generator/test-app.tsx';
import { formatsFor } from '../i18n/format.ts';
import { hindiAdminMessages } from '../i18n/hindi.ts';
import { createMemoryProvider } from '../providers/memory.ts';
import { ACTIVITY, ACTIVITY_HI } from './messages.ts';
import { tableRows } from '../../../tests/components/table.ts';

/** An instant as the screens show it: in the trust's zone, labelled. */
const shownAt = (value: string, locale = 'en') => formatsFor(locale, TRUST_TIME_ZONE).dateTime(value);

const location = () => screen.getByTestId('location').textContent;

const at = (day: string) => `${day}T10:00:00.000Z`;

/** Five activities, created on 1 to 5 November; the list shows the newest first. */
const ACTIVITIES = [
  {
    id: 1,
    account_id: 11,
    ride_id: 101,
    action: 'Sign-in',
    description: 'First',
    status: 'Success',
    day: '2026-11-01',
  },
  { id: 2, account_id: 12, ride_id: 102, action: 'Ride', description: 'Second', status: 'Failed', day: '2026-11-02' },
  { id: 3, account_id: 13, ride_id: 103, action: 'Ride', description: 'Third', status: 'Pending', day: '2026-11-03' },
  { id: 4, account_id: 14, ride_id: 104, action: 'Ride', description: 'Fourth', status: 'Failed', day: '2026-11-04' },
  {
    id: 5,
    account_id: 15,
    ride_id: 105,
    action: 'Sign-out',
    description: 'Fifth',
    status: 'Success',
    day: '2026-11-05',
  },
].map(({ day, ...activity }) => ({
  ...activity,
  occurred_at: at(day),
  created_at: at(day),
  updated_at: at(day),
}));

const withActivities = (activities = ACTIVITIES) => createMemoryProvider({ ...demoData, activities });

const descriptions = () => tableRows().map((cells) => cells[4]);

async function waitForDescriptions(expected: string[]) {
  await waitFor(() => expect(descriptions()).toEqual(expected), { timeout: 8000 });
}

type User = ReturnType<typeof renderAdmin>['user'];

async function chooseStatus(option: string, user: User) {
  await user.click(screen.getByRole('combobox', { name: ACTIVITY.statusLabel }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('/activity-logs', () => {
  it('shows the columns, newest first, 3 to a page, with status badges and user links', async () => {
    const { user } = renderAdmin('/activity-logs', { dataProvider: withActivities() });
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY.title })).toBeInTheDocument();
    await waitForDescriptions(['Fifth', 'Fourth', 'Third']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'SNo',
      'User ID',
      'Ride ID',
      'Action',
      'Description',
      'Timestamp',
      'Created At',
      'Status',
      'Actions',
    ]);
    const first = tableRows()[0]!;
    expect(first.slice(0, 5)).toEqual(['1', '15', '105', 'Sign-out', 'Fifth']);
    expect(first[5]).toBe(shownAt(at('2026-11-05')));
    expect(first[6]).not.toBe('');
    expect(first.slice(7)).toEqual(['Success', 'View']);
    expect(screen.getByRole('link', { name: '15' })).toHaveAttribute('href', '/user/profile?account=15');
    const colours = within(screen.getByRole('table'))
      .getAllByText(/^(Success|Failed|Pending)$/)
      .map((badge) => [badge.textContent, badge.closest('[data-colour]')?.getAttribute('data-colour')]);
    expect(colours).toEqual([
      ['Success', 'success'],
      ['Failed', 'error'],
      ['Pending', 'warning'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForDescriptions(['Second', 'First']);
    expect(tableRows().map((cells) => cells[0])).toEqual(['4', '5']);
  });

  it('filters by status (All, Success, Failed, Pending), back on page 1', async () => {
    const { user } = renderAdmin('/activity-logs', { dataProvider: withActivities() });
    await waitForDescriptions(['Fifth', 'Fourth', 'Third']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitForDescriptions(['Second', 'First']);

    await user.click(screen.getByRole('combobox', { name: ACTIVITY.statusLabel }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Success', 'Failed', 'Pending']);
    await user.click(within(listbox).getByRole('option', { name: 'Failed' }));
    await waitForDescriptions(['Fourth', 'Second']);
    expect(tableRows().map((cells) => cells[0])).toEqual(['1', '2']);

    await chooseStatus('Pending', user);
    await waitForDescriptions(['Third']);
    await chooseStatus('All', user);
    await waitForDescriptions(['Fifth', 'Fourth', 'Third']);
  });

  it('filters by the From and To days (inclusive) once both are set', async () => {
    renderAdmin('/activity-logs', { dataProvider: withActivities() });
    await waitForDescriptions(['Fifth', 'Fourth', 'Third']);
    fireEvent.change(screen.getByLabelText(ACTIVITY.from), { target: { value: '2026-11-02' } });
    // One date alone does not filter (the contract's filterActivities takes both).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(descriptions()).toEqual(['Fifth', 'Fourth', 'Third']);
    fireEvent.change(screen.getByLabelText(ACTIVITY.to), { target: { value: '2026-11-03' } });
    await waitForDescriptions(['Third', 'Second']);
  });

  it('opens the activity whose id is searched, and asks for a number otherwise', async () => {
    const { user } = renderAdmin('/activity-logs', { dataProvider: withActivities() });
    await waitForDescriptions(['Fifth', 'Fourth', 'Third']);
    const search = screen.getByRole('textbox', { name: ACTIVITY.search });
    await user.type(search, 'abc{Enter}');
    expect(await screen.findByText(ACTIVITY.searchHint)).toBeInTheDocument();
    expect(location()).toBe('/activity-logs');
    await user.clear(search);
    await user.type(search, '2');
    await user.click(screen.getByRole('button', { name: ACTIVITY.searchButton }));
    await waitFor(() => expect(location()).toBe('/activity-logs/view/2'));
    expect(await screen.findByText('Second')).toBeInTheDocument();
  });

  it("says 'No activities found.' when there are none", async () => {
    renderAdmin('/activity-logs', { dataProvider: withActivities([]) });
    expect(await screen.findByText('No activities found.')).toBeInTheDocument();
  });

  it("empties the list and says 'No activities found.' when the list fails", async () => {
    const memory = withActivities();
    const dataProvider: DataProvider = {
      ...memory,
      getList: (resource, params) =>
        resource === 'activities'
          ? Promise.reject(new HttpError('Server error', 500, { message: 'Server error' }))
          : memory.getList(resource, params),
    };
    renderAdmin('/activity-logs', { dataProvider });
    expect(await screen.findByText('No activities found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('/activity-logs/view', () => {
  it('shows user ID, ride ID, user type, mobile, status badge, description and times; Back goes to the list', async () => {
    const activities = [{ ...ACTIVITIES[2]!, user_type: 'Admin', mobile: '9876543210' }];
    const { user } = renderAdmin('/activity-logs', { dataProvider: withActivities(activities) });
    await waitForDescriptions(['Third']);
    await user.click(screen.getByRole('link', { name: 'View' }));
    await waitFor(() => expect(location()).toBe('/activity-logs/view/3'));
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY.showTitle })).toBeInTheDocument();
    for (const [label, value] of [
      ['User ID', '13'],
      ['Ride ID', '103'],
      ['User Type', 'Admin'],
      ['Mobile', '9876543210'],
      ['Status', 'Pending'],
      ['Action', 'Ride'],
      ['Description', 'Third'],
      ['Timestamp', shownAt(at('2026-11-03'))],
      ['Created At', shownAt(at('2026-11-03'))],
      ['Updated At', shownAt(at('2026-11-03'))],
    ] as const) {
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling?.textContent).toBe(value);
    }
    expect(screen.getByText('Pending').closest('[data-colour]')).toHaveAttribute('data-colour', 'warning');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/activity-logs'));
  });

  it("links the User ID to the profile of that account's user, by address; the Admin's account has no link", async () => {
    const person = {
      id: 2,
      username: 'Asha Verma',
      email: 'asha@example.org',
      user_type: 'Vendor',
      role_id: null,
      mobile: null,
      is_active: true,
      profile_image: null,
      account_creation_date: '2025-01-01T09:00:00.000Z',
      account_id: 102,
    };
    const activities = [
      { ...ACTIVITIES[0]!, id: 1, account_id: 1, user_type: 'Admin', description: 'Admin signed in' },
      { ...ACTIVITIES[1]!, id: 2, account_id: 102, user_type: 'Vendor', description: 'Asha booked' },
    ];
    const provider = createMemoryProvider({ ...demoData, activities, users: [person] });
    renderAdmin('/activity-logs/view/1', { dataProvider: provider });
    expect(await screen.findByText('Admin signed in')).toBeInTheDocument();
    expect(screen.getByText('User ID', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    expect(screen.queryByRole('link', { name: '1' })).not.toBeInTheDocument();
    cleanup();

    const second = renderAdmin('/activity-logs/view/2', { dataProvider: provider });
    expect(await screen.findByText('Asha booked')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '102' });
    expect(link).toHaveAttribute('href', '/user/profile?account=102');
    await second.user.click(link);
    await waitFor(() => expect(location()).toBe('/user/profile'));
    expect(await screen.findByText('asha@example.org', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("reads the activity passed in state, and says 'Activity not found.' for an unknown id or none", async () => {
    const { unmount } = renderAdmin('/activity-logs/view', {
      dataProvider: withActivities(),
      state: { activity: ACTIVITIES[0] },
    });
    expect(await screen.findByText('First')).toBeInTheDocument();
    unmount();
    const missing = renderAdmin('/activity-logs/view/99', { dataProvider: withActivities() });
    expect(await screen.findByText('Activity not found.')).toBeInTheDocument();
    missing.unmount();
    renderAdmin('/activity-logs/view', { dataProvider: withActivities() });
    expect(await screen.findByText('Activity not found.')).toBeInTheDocument();
  });
});

describe('/activity-logs/add', () => {
  async function fill(user: User, values: { user?: string; ride?: string; action?: string; time?: string }) {
    if (values.user) await user.type(await screen.findByRole('spinbutton', { name: 'User ID' }), values.user);
    if (values.ride) await user.type(screen.getByRole('spinbutton', { name: 'Ride ID' }), values.ride);
    if (values.action) await user.type(screen.getByRole('textbox', { name: 'Action' }), values.action);
    if (values.time) fireEvent.change(screen.getByLabelText('Timestamp'), { target: { value: values.time } });
  }

  it("says 'All fields are required.' when user id, ride id, action, timestamp or status is missing", async () => {
    const { user, dataProvider } = renderAdmin('/activity-logs/add', { dataProvider: withActivities([]) });
    await fill(user, { user: '7', action: 'Ride booked', time: '2026-11-20T09:15' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Ride id and status are missing.
    expect((await screen.findAllByText(ACTIVITY.allRequired)).length).toBe(2);
    expect(ACTIVITY.allRequired).toBe('All fields are required.');
    const { total } = await dataProvider.getList('activities', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(total).toBe(0);
  });

  it('adds the activity, then returns to /activity-log, which is the list', async () => {
    const { user, dataProvider } = renderAdmin('/activity-logs/add', { dataProvider: withActivities([]) });
    await fill(user, { user: '7', ride: '42', action: 'Ride booked', time: '2026-11-20T09:15' });
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Booked a ride');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/activity-logs'));
    await waitForDescriptions(['Booked a ride']);
    const { data } = await dataProvider.getList('activities', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data).toMatchObject([{ account_id: 7, ride_id: 42, action: 'Ride booked', status: 'Pending' }]);
    expect(new Date(String(data[0]!.occurred_at)).getTime()).toBe(new Date('2026-11-20T09:15').getTime());
  });

  it('answers /activity-log with the list', async () => {
    renderAdmin('/activity-log', { dataProvider: withActivities() });
    await waitFor(() => expect(location()).toBe('/activity-logs'));
    await waitForDescriptions(['Fifth', 'Fourth', 'Third']);
  });
});

describe('in Hindi', { timeout: 60_000 }, () => {
  const hindi = () => polyglotI18nProvider(() => hindiAdminMessages as never, 'hi', [{ locale: 'hi', name: 'हिन्दी' }]);

  it('the list and the details speak Hindi, statuses and times included', async () => {
    const { user } = renderAdmin('/activity-logs', { dataProvider: withActivities(), i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY_HI.title })).toBeInTheDocument();
    await waitForDescriptions(['Fifth', 'Fourth', 'Third']);
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      ACTIVITY_HI.columns.number,
      'उपयोगकर्ता आईडी',
      'राइड आईडी',
      'कार्य',
      'विवरण',
      'समय',
      ACTIVITY_HI.columns.createdAt,
      'स्थिति',
      ACTIVITY_HI.columns.actions,
    ]);
    const first = tableRows()[0]!;
    expect(first[5]).toBe(shownAt(at('2026-11-05'), 'hi'));
    expect(first.slice(7)).toEqual(['सफल', ACTIVITY_HI.view]);
    expect(screen.getByRole('button', { name: ACTIVITY_HI.searchButton })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ACTIVITY_HI.add })).toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: ACTIVITY_HI.view })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY_HI.showTitle })).toBeInTheDocument();
    const term = await screen.findByText(ACTIVITY_HI.updatedAt, { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe(shownAt(at('2026-11-05'), 'hi'));
    expect(screen.getByText('स्थिति', { selector: 'dt' }).nextElementSibling?.textContent).toBe('सफल');
    expect(screen.getByRole('link', { name: ACTIVITY_HI.back })).toBeInTheDocument();
  });

  it('the add form says its required sentence in Hindi', async () => {
    const { user } = renderAdmin('/activity-logs/add', { dataProvider: withActivities(), i18nProvider: hindi() });
    expect(await screen.findByRole('heading', { level: 1, name: ACTIVITY_HI.addTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ACTIVITY_HI.save }));
    expect((await screen.findAllByText(ACTIVITY_HI.allRequired)).length).toBeGreaterThan(0);
  });
});
