// engines: pglite, postgres — the dashboard's sums by month on the trust's calendar, in SQL
/**
 * What the one server serves besides the resources: the admin app for every deep link, the spec's quirky routes,
 * the dashboard's figures.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'trust-static-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>admin</title><div id="root"></div>');
  await writeFile(join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestApp({ staticDir });
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('admin app', () => {
  it('answers every deep link with the app, uncached', async () => {
    for (const path of ['/', '/department', '/master/country', '/master/country/edit/3', '/notifications']) {
      const res = await t.api('GET', path, { token: null });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('<div id="root"></div>');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.api('GET', '/assets/app-abc123.js', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('redirects the spec doubled-slash route to the canonical one', async () => {
    const res = await t.api('GET', '//master/country/add', { token: null });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/master/country/add');
  });

  it('keeps unknown API paths JSON, and non-GET methods off the app', async () => {
    expect((await t.api('GET', '/api/v3/anything', { token: null })).body.code).toBe('NOT_FOUND');
    const post = await t.api('POST', '/master/country', { token: null, body: {} });
    expect(post.status).toBe(404);
  });
});

/** Now on the trust's calendar (India, UTC+05:30 all year), as ISO text. */
const indianNow = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString();

describe('dashboard', () => {
  it('should require authentication', async () => {
    expect((await t.api('GET', '/api/v2/dashboard', { token: null })).status).toBe(401);
  });

  it('computes the cards from the database, zero while an area has no rows', async () => {
    const res = await t.api('GET', '/api/v2/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalUsers: 1, blogPosts: 0, donationsTotal: 0, contactMessages: 0 });
    expect(res.body.monthlyDonations).toHaveLength(12);
    expect(res.body.monthlyDonations[11]).toEqual({ month: indianNow().slice(0, 7), total: 0 });
  });

  it("adds up the donations received in this financial year and in each month, on the trust's calendar", async () => {
    // The financial year began on 1 April at midnight in India: 18:30 UTC on 31 March.
    const [year, month] = indianNow().slice(0, 7).split('-').map(Number) as [number, number];
    const fy = month >= 4 ? year : year - 1;
    const give = async (amount: number, date: string, status: string) => {
      const body = { donor_name: `Donor ${amount}`, amount, date, status };
      const res = await t.api('POST', '/api/v2/donations', { body });
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    await give(1000, `${fy}-03-31T18:29:00Z`, 'Received'); // 23:59 on 31 March in India: the year before
    await give(2000, `${fy}-03-31T18:31:00Z`, 'Received'); // 00:01 on 1 April
    await give(300, new Date().toISOString(), 'Received');
    const pending = await give(500, new Date().toISOString(), 'Pending'); // not received: not counted
    const res = await t.api('GET', '/api/v2/dashboard');
    expect(res.body.donationsTotal).toBe(2300);
    const byMonth = new Map<string, number>(
      res.body.monthlyDonations.map((m: { month: string; total: number }) => [m.month, m.total]),
    );
    expect(byMonth.get(`${fy}-04`)).toBe(indianNow().startsWith(`${fy}-04`) ? 2300 : 2000);
    if (byMonth.has(`${fy}-03`)) expect(byMonth.get(`${fy}-03`)).toBe(1000);
    expect(byMonth.get(indianNow().slice(0, 7))).toBeGreaterThanOrEqual(300);
    // The sums are kept until the next write of a donation: marked Received, it counts at once.
    const marked = await t.api('PUT', `/api/v2/donations/${pending}`, { body: { status: 'Received' } });
    expect(marked.status, marked.text).toBe(200);
    const after = await t.api('GET', '/api/v2/dashboard');
    expect(after.body.donationsTotal).toBe(2800);
    expect(after.body.monthlyDonations.at(-1).total).toBe(byMonth.get(indianNow().slice(0, 7))! + 500);
  });

  it('counts the blog posts, drafts included', async () => {
    for (const status of ['Published', 'Draft']) {
      const post = { title: `Post ${status}`, content: '<p>Text</p>', publish_date: '2026-01-01', status };
      expect((await t.api('POST', '/api/v2/blog', { body: post })).status).toBe(201);
    }
    expect((await t.api('GET', '/api/v2/dashboard')).body.blogPosts).toBe(2);
  });

  it('counts the contact messages, read or not', async () => {
    const body = { name: 'Meera', email: 'meera@example.org', subject: 'Fees', message: 'What are the fees?' };
    const created = await t.api('POST', '/api/v2/contact-messages', { body });
    expect(created.status, created.text).toBe(201);
    expect((await t.api('GET', '/api/v2/dashboard')).body.contactMessages).toBe(1);
    const read = await t.api('POST', `/api/v2/contact-messages/${created.body.id}/read`);
    expect(read.status, read.text).toBe(200);
    expect((await t.api('GET', '/api/v2/dashboard')).body.contactMessages).toBe(1);
  });
});

describe('dashboard: registration dates', () => {
  /** A day `days` from today on the trust's calendar. */
  const fromToday = (days: number) =>
    new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

  it('names for an Admin the registration and approval that have run out or run out within 90 days', async () => {
    const settings = await t.api('PUT', '/api/v2/trust-settings/1', {
      body: {
        registration_number: 'AAATS1234QE20214',
        registration_date: '2021-05-28',
        registration_valid_until: fromToday(-10),
        approval_number: 'AAATS1234QF20214',
        approval_date: '2021-05-28',
        approval_valid_until: fromToday(45),
      },
    });
    expect(settings.status, settings.text).toBe(200);
    const res = await t.api('GET', '/api/v2/dashboard');
    expect(res.body.registrations).toEqual([
      {
        which: 'registration',
        number: 'AAATS1234QE20214',
        from: '2021-05-28',
        until: fromToday(-10),
        standing: 'expired',
        daysLeft: -10,
      },
      {
        which: 'approval',
        number: 'AAATS1234QF20214',
        from: '2021-05-28',
        until: fromToday(45),
        standing: 'expiring',
        daysLeft: 45,
      },
    ]);
    // Renewed: nothing runs out within 90 days.
    await t.api('PUT', '/api/v2/trust-settings/1', {
      body: { registration_valid_until: fromToday(91), approval_valid_until: fromToday(365) },
    });
    expect((await t.api('GET', '/api/v2/dashboard')).body.registrations).toEqual([]);
  });

  it('leaves them out for an account that may not view Trust Settings', async () => {
    const employee = await t.employee({ permissions: { Dashboard: { Dashboard: { Global: { View: true } } } } });
    const res = await t.api('GET', '/api/v2/dashboard', { token: employee.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).not.toHaveProperty('registrations');
  });
});
