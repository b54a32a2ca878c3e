// engines: pglite, postgres — an unknown account refused on write; an instant read back through the driver
/**
 * An activity names an account that exists. /api/v2 (where activities are written: the Add activity
 * form) refuses an unknown User ID with a 400 and a sentence under the field, on create and on update; the /api/v1
 * contract only reads activities, and answers what was saved (action and timestamp included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let own: number;
beforeAll(async () => {
  t = await startTestApp();
  own = (await t.api('GET', '/api/v2/session')).body.id as number;
});
afterAll(async () => {
  await t?.close();
});

const entry = (account_id: number) => ({
  account_id,
  ride_id: 42,
  action: 'Ride booked',
  description: 'Booked a ride',
  occurred_at: '2026-11-20T09:15:00+05:30',
  status: 'Pending',
});

describe('the account of an activity', () => {
  it('refuses an unknown User ID on create, saves nothing, and says which', async () => {
    const before = (await t.api('GET', '/api/v1/getAllActivities?page=1&limit=100')).body.data.totalItems as number;
    const res = await t.api('POST', '/api/v2/activities', { body: entry(999) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('User ID 999 is not an account of this server.');
    expect(res.body.errors).toEqual([
      { field: 'account_id', message: 'User ID 999 is not an account of this server.' },
    ]);
    const after = (await t.api('GET', '/api/v1/getAllActivities?page=1&limit=100')).body.data.totalItems as number;
    expect(after).toBe(before);
  });

  it('refuses an unknown User ID on update and keeps the saved one', async () => {
    const created = await t.api('POST', '/api/v2/activities', { body: entry(own) });
    expect(created.status, created.text).toBe(201);
    const res = await t.api('PUT', `/api/v2/activities/${created.body.id}`, { body: { ...entry(999) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('User ID 999 is not an account of this server.');
    const one = await t.api('GET', `/api/v1/getActivityById/${created.body.id}`);
    expect(one.body.data.riderId.userId.id).toBe(own);
  });

  it('answers the saved action and timestamp on /api/v1', async () => {
    const created = await t.api('POST', '/api/v2/activities', { body: entry(own) });
    const one = await t.api('GET', `/api/v1/getActivityById/${created.body.id}`);
    expect(one.body.data).toMatchObject({ action: 'Ride booked', description: 'Booked a ride' });
    expect(new Date(one.body.data.occurredAt as string).toISOString()).toBe('2026-11-20T03:45:00.000Z');
  });
});
