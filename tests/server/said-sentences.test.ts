// engines: pglite, postgres — its own SQL; a migration on an empty database of each engine
/**
 * The sentences the server writes, kept as a key and values beside their English text (src/resources/sentences.ts),
 * on the real server: the activity log's entries of sign-ins, sign-outs and resets, and notifications, carry their
 * key and values; /api/v1 still answers the English description under its own names; an edited description is no
 * longer the server's sentence; no client writes a key. Migration 0023 gives the rows written before it their key
 * and values when their text is one of the sentences, word for word. The emails to an account are in its person's
 * language, or in Hindi then English until they choose one.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_STATUSES } from '../../src/resources/donations.ts';
import { STORED, STORED_TERMS, stored, type StoredKey, type StoredValues } from '../../src/resources/sentences.ts';
import { MIGRATIONS_FOLDER, rowsOf } from '../../src/server/db/client.ts';
import { accounts, mailOutbox } from '../../src/server/db/schema.ts';
import { EMAIL_CHANGE_SUBJECTS, EMAIL_CHANGE_SUBJECTS_IN } from '../../src/server/services/email-change.ts';
import { RESET_EMAIL_SUBJECT, RESET_EMAIL_SUBJECTS } from '../../src/server/services/password-reset.ts';
import { openEmptyDatabase, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface V1Activity {
  id: number;
  action: string;
  description: string | null;
  descriptionKey: string | null;
  descriptionValues: Record<string, unknown> | null;
}

const newest = async (n: number) =>
  (await t.api('GET', `/api/v1/getAllActivities?page=1&limit=${n}`)).body.data.activities as V1Activity[];

describe('the words of fixed lists in the sentences', () => {
  it('are the lists they come from', () => {
    expect([...STORED_TERMS.accountType]).toEqual(accounts.user_type.enumValues);
    expect([...STORED_TERMS.donationStatus]).toEqual([...DONATION_STATUSES]);
  });
});

describe('the activity log', () => {
  it('keeps each entry of the server as its English sentence, its key and its values', async () => {
    const employee = await t.employee();
    await t.api('POST', '/api/v1/login', { body: { email: employee.email, password: 'wrong-password' }, token: null });
    await t.api('POST', '/api/v1/logout', { token: employee.token });
    await t.api('POST', '/api/v1/forgotPassword', { body: { email: employee.email }, token: null });
    await t.app.services.passwordReset.idle();

    const [reset, signOut, refused, signIn] = await newest(4);
    expect(signIn).toMatchObject({
      action: 'Sign-in',
      description: 'Signed in as Employee.',
      descriptionKey: 'signedIn',
      descriptionValues: { userType: 'Employee' },
    });
    expect(refused).toMatchObject({
      action: 'Sign-in',
      description: 'Sign-in refused: wrong password.',
      descriptionKey: 'signInWrongPassword',
      descriptionValues: {},
    });
    expect(signOut).toMatchObject({ description: 'Signed out.', descriptionKey: 'signedOut' });
    expect(reset).toMatchObject({
      action: 'Password reset request',
      description: 'A password reset link was requested and emailed.',
      descriptionKey: 'resetEmailed',
    });
    // The contract's own names and values are as they were; the key and values are added beside them.
    expect(Object.keys(signIn!).sort()).toEqual(
      [
        'id',
        'action',
        'description',
        'descriptionKey',
        'descriptionValues',
        'status',
        'occurredAt',
        'createdAt',
        'updatedAt',
        'riderId',
      ].sort(),
    );
    // /api/v2 answers them under the declared names.
    const v2 = await t.api('GET', `/api/v2/activities/${signIn!.id}`);
    expect(v2.body).toMatchObject({ description_key: 'signedIn', description_values: { userType: 'Employee' } });
  });

  it('says a sign-in as the wrong user type with both types', async () => {
    const employee = await t.employee();
    await t.api('POST', '/api/v1/login', {
      body: { email: employee.email, password: employee.password, userType: 'Admin' },
      token: null,
    });
    const [wrongType] = await newest(1);
    expect(wrongType).toMatchObject({
      description: 'Sign-in refused: signed in as Admin, but the account is Employee.',
      descriptionKey: 'signInWrongType',
      descriptionValues: { chosen: 'Admin', userType: 'Employee' },
    });
  });

  it('takes no key or values from a client, and forgets them when staff change the description', async () => {
    const session = await t.api('GET', '/api/v2/session');
    const added = await t.api('POST', '/api/v2/activities', {
      body: {
        account_id: session.body.id,
        action: 'Sign-in',
        description: 'Typed by hand',
        description_key: 'signedOut',
        description_values: { x: 1 },
        occurred_at: '2026-11-20T09:15:00+05:30',
        status: 'Success',
      },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ description: 'Typed by hand', description_key: null, description_values: null });

    const [signIn] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from activities where description_key = 'signedIn' order by id desc limit 1`,
      ),
    );
    const unchanged = await t.api('PUT', `/api/v2/activities/${signIn!.id}`, { body: { status: 'Success' } });
    expect(unchanged.body).toMatchObject({ description_key: 'signedIn' });
    const edited = await t.api('PUT', `/api/v2/activities/${signIn!.id}`, {
      body: { description: 'Signed in at the office.' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ description_key: null, description_values: null });
  });
});

describe('notifications', () => {
  it('keep their English message, its key and its values', async () => {
    const posted = await t.api('POST', '/api/public/contact', {
      body: { name: 'Sunita Devi', email: 'sunita@example.org', subject: 'Admission', message: 'Is there a seat?' },
      token: null,
    });
    expect(posted.status, posted.text).toBeLessThan(400);
    await t.app.services.records.idle();
    const list = await t.api('GET', '/api/v2/notifications?sort=["id","DESC"]&range=[0,0]');
    expect(list.body[0]).toMatchObject({
      type: 'Message',
      message: 'New contact message from Sunita Devi: Admission',
      message_key: 'newContactMessageAbout',
      message_values: { name: 'Sunita Devi', subject: 'Admission' },
    });
  });
});

describe('emails to an account', () => {
  const lastTo = async (address: string) =>
    (
      await t.database.db
        .select({ subject: mailOutbox.subject, text: mailOutbox.body_text })
        .from(mailOutbox)
        .where(eq(sql`lower(${mailOutbox.to_address})`, address.toLowerCase()))
        .orderBy(sql`${mailOutbox.id} desc`)
        .limit(1)
    )[0]!;

  it('are in the language the person chose, or in Hindi then English until they choose', async () => {
    const employee = await t.employee();
    await t.api('POST', '/api/v1/forgotPassword', { body: { email: employee.email }, token: null });
    await t.app.services.passwordReset.idle();
    const both = await lastTo(employee.email);
    expect(both.subject).toBe(RESET_EMAIL_SUBJECT);
    expect(both.subject).toBe(`${RESET_EMAIL_SUBJECTS.hi} / ${RESET_EMAIL_SUBJECTS.en}`);
    expect(both.text.indexOf('नमस्ते')).toBeLessThan(both.text.indexOf('Hello'));
    expect(both.text.indexOf('नमस्ते')).toBeGreaterThanOrEqual(0);

    await t.database.db.update(accounts).set({ locale: 'hi' }).where(eq(accounts.id, employee.accountId));
    // The next reset email to the same address comes sooner than the spacing allows only from another address.
    await t.app.services.passwordReset.handle(employee.email, '192.0.2.10');
    const hindi = await lastTo(employee.email);
    expect(hindi.subject).toBe(RESET_EMAIL_SUBJECTS.hi);
    expect(hindi.text).toContain('नया पासवर्ड चुनने के लिए यह लिंक एक घंटे के भीतर खोलें');
    expect(hindi.text).not.toMatch(/Hello|password/);

    // An Admin changes the sign-in email: the old address is told in the person's language.
    await t.database.db.update(accounts).set({ locale: 'en' }).where(eq(accounts.id, employee.accountId));
    const changed = await t.api('PUT', `/api/v2/employees/${employee.employeeId}`, {
      body: { email: `moved-${employee.email}` },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await lastTo(employee.email)).subject).toBe(EMAIL_CHANGE_SUBJECTS_IN.en.changed);
    expect(EMAIL_CHANGE_SUBJECTS.changed).toBe(
      `${EMAIL_CHANGE_SUBJECTS_IN.hi.changed} / ${EMAIL_CHANGE_SUBJECTS_IN.en.changed}`,
    );
  });
});

/** Values that fit each placeholder of the sentences (an account type, a status, an amount, a number, text). */
const SAMPLE: Record<string, string | number> = {
  userType: 'Employee',
  chosen: 'Admin',
  status: 'Pending',
  amount: '₹1,25,051',
  seconds: 30,
  times: 3,
  count: 4,
  minutes: 15,
  id: 12,
  by: 'Radhika Venkataraman',
  name: 'Sunita Devi',
  subject: 'Admission: class 6',
  donor: 'Kamala Devi',
  username: 'asha.verma',
  to: 'office@example.org',
  reason: 'connect ECONNREFUSED 127.0.0.1:25',
  email: 'ravi@example.org',
};

/** The sentences there were when migration 0023 ran: those it knows (later ones were never written without keys). */
const KNOWN_TO_0023: StoredKey[] = [
  'signedIn',
  'signedOut',
  'signInThrottled',
  'signInWrongPassword',
  'signInWrongPasswordSlowed',
  'signInDeactivated',
  'signInDeactivatedSlowed',
  'signInWrongType',
  'signInWrongTypeSlowed',
  'passwordChanged',
  'resetInactive',
  'resetTooOftenFromAddress',
  'resetTooManyEmails',
  'resetEmailed',
  'resetLinkGiven',
  'passwordReset',
  'newContactMessage',
  'newContactMessageAbout',
  'newDonation',
  'newUser',
  'emailFailed',
  'accountRequested',
  'accountRequestedExists',
];

const NOTIFICATION_KEYS = new Set<StoredKey>([
  'newContactMessage',
  'newContactMessageAbout',
  'newDonation',
  'newUser',
  'emailFailed',
  'accountRequested',
  'accountRequestedExists',
]);

describe('migration 0023: the sentences of rows written before it', () => {
  const TAG = '0023_said_sentences';
  let folder: string | undefined;
  let scratch: Awaited<ReturnType<typeof openEmptyDatabase>> | undefined;
  afterAll(async () => {
    await scratch?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('gives every sentence of the server its key and values, and leaves any other text as it is', async () => {
    folder = await mkdtemp(join(tmpdir(), 'migrations-'));
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === TAG);
    expect(at).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    scratch = await openEmptyDatabase();
    const { db } = scratch;
    await scratch.migrate(folder);

    await db.execute(sql`
      insert into accounts (id, name, email, password_hash, user_type) overriding system value
      values (1, 'Administrator', 'admin@example.org', 'x', 'Admin')`);
    const expected = new Map<number, { key: StoredKey; values: StoredValues } | null>();
    let id = 0;
    for (const key of KNOWN_TO_0023) {
      const values = Object.fromEntries(
        [...STORED[key].matchAll(/%\{(\w+)\}/g)].map(([, name]) => [name!, SAMPLE[name!]!]),
      );
      const { text } = stored(key, values);
      id += 1;
      if (NOTIFICATION_KEYS.has(key))
        await db.execute(sql`
          insert into notifications (id, type, message, recipient_id, is_read) overriding system value
          values (${id}, 'Message', ${text}, 1, false)`);
      else
        await db.execute(sql`
          insert into activities (id, account_id, action, description, occurred_at, status) overriding system value
          values (${id}, 1, 'Sign-in', ${text}, now(), 'Success')`);
      expected.set(id, { key, values });
    }
    // Text that is no sentence of the server's, and a sentence typed by staff (an activity with an author).
    await db.execute(sql`
      insert into notifications (id, type, message, recipient_id, is_read) overriding system value
      values (1001, 'Server Error', 'Server is down for maintenance', 1, false)`);
    await db.execute(sql`
      insert into activities (id, account_id, action, description, occurred_at, status, created_by) overriding system value
      values (1002, 1, 'Sign-in', 'Signed out.', now(), 'Success', 1),
             (1003, 1, 'Ride booked', 'Booked a ride', now(), 'Pending', null)`);
    expected.set(1001, null).set(1002, null).set(1003, null);

    await scratch.migrate(MIGRATIONS_FOLDER);
    const rows = rowsOf<{ id: number; key: string | null; values: StoredValues | null }>(
      await db.execute(sql`
        select id, description_key as key, description_values as values from activities
        union all select id, message_key, message_values from notifications order by id`),
    );
    expect(rows.map((row) => [row.id, row.key ? { key: row.key, values: row.values } : null])).toEqual([
      ...expected.entries(),
    ]);
  });
});
