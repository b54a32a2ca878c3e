import { screen, waitFor, within } from '@testing-library/react';
import { HttpError, type AuthProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../../tests/components/render-with-admin.tsx';
import { REGISTRATION } from '../donations/messages.ts';
import { DASHBOARD } from './messages.ts';
import { Dashboard } from './Dashboard.tsx';
import { DashboardSourceContext } from './dashboard-source.ts';
import { emptyDashboard, formatMonth, formatRupees, type DashboardLoader, type DashboardSummary } from './summary.ts';

const SUMMARY: DashboardSummary = {
  totalUsers: 1250,
  blogPosts: 12,
  donationsTotal: 1234567,
  contactMessages: 3,
  monthlyDonations: emptyDashboard(new Date(Date.UTC(2026, 2, 15))).monthlyDonations.map((entry, index) => ({
    ...entry,
    total: index === 11 ? 40000 : 0,
  })),
};

function renderDashboard(load: DashboardLoader, authProvider?: AuthProvider) {
  return renderWithAdmin(
    <DashboardSourceContext value={load}>
      <Dashboard />
    </DashboardSourceContext>,
    { authProvider, routes: { '/login': <h1>Login page</h1> } },
  );
}

const card = (name: string) => screen.getByRole('region', { name });

describe('Dashboard', () => {
  it('shows the four figures, the donations in rupees with Indian digit grouping', async () => {
    renderDashboard(async () => SUMMARY);
    expect(await screen.findByRole('region', { name: DASHBOARD.totalUsers })).toHaveTextContent('1,250');
    expect(card(DASHBOARD.blogPosts)).toHaveTextContent('12');
    expect(card(DASHBOARD.donations)).toHaveTextContent('₹12,34,567');
    expect(card(DASHBOARD.contactMessages)).toHaveTextContent('3');
  });

  it('charts the twelve months under the title Monthly Donation Overview', async () => {
    renderDashboard(async () => SUMMARY);
    const chart = await screen.findByRole('region', { name: DASHBOARD.chartTitle });
    const rows = within(chart).getAllByRole('row');
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent('Apr 2025₹0');
    expect(rows[11]).toHaveTextContent('Mar 2026₹40,000');
  });

  it('names the registration and approval that have run out or run out within 90 days, with their dates', async () => {
    renderDashboard(async () => ({
      ...SUMMARY,
      registrations: [
        {
          which: 'registration',
          number: 'AAATS1234QE20214',
          from: '2021-05-28',
          until: '2026-03-31',
          standing: 'expired',
          daysLeft: -240,
        },
        { which: 'approval', number: null, from: null, until: '2027-01-15', standing: 'expiring', daysLeft: 1 },
      ],
    }));
    const note = await screen.findByRole('region', { name: REGISTRATION.deadlinesTitle });
    expect(note).toHaveTextContent(
      'Registration (12A/12AB) AAATS1234QE20214: its validity ended on 31 Mar 2026, 240 days ago.',
    );
    expect(note).toHaveTextContent('Approval (80G): valid until 15 Jan 2027, 1 day from today.');
    expect(within(note).getByRole('link', { name: REGISTRATION.updateSettings })).toHaveAttribute('href', '/settings');
  });

  it('shows no registration note when nothing runs out, or to an account that may not see Trust Settings', async () => {
    renderDashboard(async () => ({ ...SUMMARY, registrations: [] }));
    await screen.findByRole('region', { name: DASHBOARD.totalUsers });
    expect(screen.queryByRole('region', { name: REGISTRATION.deadlinesTitle })).not.toBeInTheDocument();
  });

  it("shows the server's message when the figures cannot be loaded", async () => {
    renderDashboard(async () => {
      throw new HttpError('The database is not answering.', 503);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
  });

  it('signs the user out when the session has ended (401)', async () => {
    const authProvider: AuthProvider = {
      login: async () => {},
      logout: vi.fn(async () => {}),
      checkAuth: async () => {},
      checkError: vi.fn(async (error: { status?: number }) => {
        if (error.status === 401) throw new Error('Session ended.');
      }),
    };
    const { location } = renderDashboard(async () => {
      throw new HttpError('Please sign in to continue.', 401);
    }, authProvider);
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('dashboard formats', () => {
  it('writes months as "Mar 2026" (or in Hindi) and rupees with Indian grouping', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    // Indian English writes September 'Sept'; Hindi its own month names.
    expect(formatMonth('2025-09')).toBe('Sept 2025');
    expect(formatMonth('2026-03', 'hi-IN')).toBe('मार्च 2026');
    expect(formatRupees(1234567)).toBe('₹12,34,567');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('gives the demo mode twelve months of zeros ending with the current month', () => {
    const summary = emptyDashboard(new Date(Date.UTC(2026, 0, 10)));
    expect(summary.monthlyDonations.map((entry) => entry.month)).toEqual([
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
    expect(summary.monthlyDonations.every((entry) => entry.total === 0)).toBe(true);
    expect([summary.totalUsers, summary.blogPosts, summary.donationsTotal, summary.contactMessages]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});
