// engines: pglite, postgres — receipt numbers under concurrent requests
/**
 * Receipt numbers and the rules of a receipted donation (docs/decisions.md, "Receipt numbers are counted in the
 * transaction that issues them"), on the real server and database: numbers by financial year with no gap and no
 * duplicate under concurrent requests, what may not change once a receipt is issued, cancelling, the tax wording's
 * years, and Form 10BD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const donation = (extra: Record<string, unknown> = {}) => ({
  donor_name: 'Savitri Devi',
  amount: 1500,
  date: '2026-11-20T10:00:00+05:30',
  ...extra,
});

async function create(extra: Record<string, unknown> = {}) {
  const res = await t.api('POST', '/api/v2/donations', { body: donation(extra) });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, unknown> & { id: number };
}

const numberOf = (receipt: unknown) => Number(String(receipt).split('/')[1]);

describe('receipt numbers', () => {
  it('are issued when a donation becomes Received, by the financial year of its date on the trust’s calendar', async () => {
    const pending = await create();
    expect(pending.receipt_no).toBeNull();
    const received = await t.api('PUT', `/api/v2/donations/${pending.id}`, {
      body: { status: 'Received', transaction_id: 'UTR123' },
    });
    expect(received.status, received.text).toBe(200);
    expect(received.body.receipt_no).toMatch(/^2026-27\/\d{6}$/);
    expect(received.body.receipt_no.length).toBeLessThanOrEqual(16);
    expect(received.body.receipt_issued_at).toBeTruthy();

    // 31 March 2026 at 23:30 in India is the last day of 2025-26.
    const march = await create({ status: 'Received', date: '2026-03-31T23:30:00+05:30' });
    expect(march.receipt_no).toMatch(/^2025-26\//);
    // 1 April 2026 at 00:30 in India is 31 March in UTC: the trust's calendar decides.
    const april = await create({ status: 'Received', date: '2026-03-31T19:00:00Z' });
    expect(april.receipt_no).toMatch(/^2026-27\//);

    // A later save of a receipted donation keeps its number.
    const again = await t.api('PUT', `/api/v2/donations/${pending.id}`, { body: { remarks: 'Thank you note sent' } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.receipt_no).toBe(received.body.receipt_no);
  });

  it('has no gap and no duplicate under 50 concurrent “mark Received” requests', async () => {
    const rows = [];
    for (let i = 0; i < 50; i++) rows.push(await create({ donor_name: `Donor ${i}`, date: '2027-01-10T09:00:00Z' }));
    const before = await t.api('GET', `/api/v2/donations?filter=${encodeURIComponent('{"q":"2026-27/"}')}`);
    const issuedBefore = Number(before.headers.get('content-range')!.split('/')[1]);
    const answers = await Promise.all(
      rows.map((row) => t.api('PUT', `/api/v2/donations/${row.id}`, { body: { status: 'Received' } })),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const numbers = answers.map((a) => numberOf(a.body.receipt_no)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    // Consecutive, following on from those issued before in the year.
    expect(numbers[49]! - numbers[0]!).toBe(49);
    expect(numbers[0]).toBe(issuedBefore + 1);
    // And concurrent creations as Received share the counter with them.
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api('POST', '/api/v2/donations', {
          body: donation({ donor_name: `Walk-in ${i}`, status: 'Received', date: '2027-02-01T09:00:00Z' }),
        }),
      ),
    );
    const next = more.map((a) => numberOf(a.body.receipt_no)).sort((a, b) => a - b);
    expect(next).toEqual(Array.from({ length: 10 }, (_, i) => numbers[49]! + 1 + i));
  });

  it('takes no number for a write that is refused', async () => {
    const row = await create({ date: '2027-03-01T09:00:00Z' });
    const last = await create({ status: 'Received', date: '2027-03-01T09:00:00Z' });
    // An invalid amount fails validation before a number is taken; a PAN that breaks the pattern too.
    const refused = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: { status: 'Received', pan: 'bad' } });
    expect(refused.status).toBe(400);
    const ok = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: { status: 'Received' } });
    expect(numberOf(ok.body.receipt_no)).toBe(numberOf(last.receipt_no) + 1);
  });
});

describe('what a receipt prints', () => {
  it('is refused, naming the characters, when its fonts cannot draw them, before a number is issued', async () => {
    const row = await create({ donor_name: 'Ravi 😀 ரவி', date: '2027-03-05T09:00:00Z' });
    const res = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: { status: 'Received' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('donor_name');
    expect(res.body.errors[0].message).toContain('“😀” “ர” “வ” “ி”');
    const stored = await t.api('GET', `/api/v2/donations/${row.id}`);
    expect(stored.body.receipt_no).toBeNull();
    // Written in Hindi letters, it is issued.
    const fixed = await t.api('PUT', `/api/v2/donations/${row.id}`, {
      body: { status: 'Received', donor_name: 'रवि' },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.receipt_no).toMatch(/^2026-27\//);
    const address = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: { address: 'चेन्नई 🏠' } });
    expect(address.status).toBe(400);
    expect(address.body.errors[0].field).toBe('address');
  });
});

describe('a receipted donation', () => {
  it('keeps its donor, PAN, amount and date, and stays Received', async () => {
    const row = await create({ status: 'Received', pan: 'ABCDE1234F' });
    for (const change of [
      { amount: 2000 },
      { donor_name: 'Someone Else' },
      { pan: 'ZZZZZ9999Z' },
      { date: '2026-11-21T10:00:00+05:30' },
    ]) {
      const res = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.message).toContain(`Receipt ${String(row.receipt_no)} is issued`);
    }
    const pending = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: { status: 'Pending' } });
    expect(pending.status).toBe(400);
    expect(pending.body.errors[0]).toMatchObject({ field: 'status' });
    // The same date written another way is no change.
    const same = await t.api('PUT', `/api/v2/donations/${row.id}`, {
      body: { date: '2026-11-20T04:30:00.000Z', address: 'Varanasi' },
    });
    expect(same.status, same.text).toBe(200);
    const stored = await t.api('GET', `/api/v2/donations/${row.id}`);
    expect(stored.body).toMatchObject({
      amount: 1500,
      donor_name: 'Savitri Devi',
      pan: 'ABCDE1234F',
      address: 'Varanasi',
    });
  });

  it('is not deleted, but cancelled with a reason, keeping its number', async () => {
    const row = await create({ status: 'Received' });
    const remove = await t.api('DELETE', `/api/v2/donations/${row.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toContain('cannot be deleted');
    expect((await t.api('GET', `/api/v2/donations/${row.id}`)).status).toBe(200);

    const noReason = await t.api('POST', `/api/v2/donations/${row.id}/cancel`, { body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0]).toMatchObject({ field: 'reason' });
    const viaPut = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: { status: 'Cancelled' } });
    expect(viaPut.status).toBe(400);

    const cancelled = await t.api('POST', `/api/v2/donations/${row.id}/cancel`, {
      body: { reason: 'Cheque returned by the bank' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'Cancelled',
      receipt_no: row.receipt_no,
      cancel_reason: 'Cheque returned by the bank',
    });
    expect(cancelled.body.cancelled_at).toBeTruthy();
    const again = await t.api('POST', `/api/v2/donations/${row.id}/cancel`, { body: { reason: 'Twice' } });
    expect(again.status).toBe(409);
    const edit = await t.api('PUT', `/api/v2/donations/${row.id}`, { body: { remarks: 'x' } });
    expect(edit.status).toBe(409);
    expect((await t.api('DELETE', `/api/v2/donations/${row.id}`)).status).toBe(409);

    const audit = await t.api(
      'GET',
      `/api/v2/audit-logs?filter=${encodeURIComponent(JSON.stringify({ module: 'donations' }))}&range=[0,99]`,
    );
    expect(audit.status, audit.text).toBe(200);
    const entry = (audit.body as { record_id?: number; details?: unknown; action_type: string }[]).find((e) =>
      JSON.stringify(e).includes('Cheque returned by the bank'),
    );
    expect(entry?.action_type).toBe('Update');
  });

  it('a Pending donation cannot be cancelled, and may be deleted', async () => {
    const row = await create();
    const cancel = await t.api('POST', `/api/v2/donations/${row.id}/cancel`, { body: { reason: 'Never paid' } });
    expect(cancel.status).toBe(409);
    expect((await t.api('DELETE', `/api/v2/donations/${row.id}`)).status).toBe(200);
    const created = await t.api('POST', '/api/v2/donations', { body: donation({ status: 'Cancelled' }) });
    expect(created.status).toBe(400);
  });

  it('cancelling needs Edit on donations', async () => {
    const row = await create({ status: 'Received' });
    const viewer = await t.employee({
      permissions: { Donations: { Donations: { Global: { View: true } } } },
    });
    const res = await t.api('POST', `/api/v2/donations/${row.id}/cancel`, {
      token: viewer.token,
      body: { reason: 'Not mine to cancel' },
    });
    expect(res.status).toBe(403);
  });
});

describe('tax wording', () => {
  it('holds the 1961 Act’s wording up to 2025-26 and refuses overlapping or malformed years', async () => {
    const list = await t.api('GET', '/api/v2/tax-wordings');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ from_year: null, until_year: '2025-26', deduction_section: '80G' });

    const wording = {
      act_name: 'आयकर अधिनियम, 2025',
      registration_section: 'धारा 332',
      deduction_section: 'धारा 133',
      statement_form: 'फ़ॉर्म 10BD',
      certificate_form: 'फ़ॉर्म 10BE',
      receipt_note: 'यह दान कर-कटौती के योग्य है।',
    };
    const overlap = await t.api('POST', '/api/v2/tax-wordings', { body: { ...wording, from_year: '2025-26' } });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toContain('overlap');
    const malformed = await t.api('POST', '/api/v2/tax-wordings', { body: { ...wording, from_year: '2026-28' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ field: 'from_year' });
    const backwards = await t.api('POST', '/api/v2/tax-wordings', {
      body: { ...wording, from_year: '2027-28', until_year: '2026-27' },
    });
    expect(backwards.status).toBe(400);
    const ok = await t.api('POST', '/api/v2/tax-wordings', { body: { ...wording, from_year: '2026-27' } });
    expect(ok.status, ok.text).toBe(201);
    const second = await t.api('POST', '/api/v2/tax-wordings', { body: { ...wording, from_year: '2030-31' } });
    expect(second.status).toBe(409);
    // Its own years may be changed without overlapping itself.
    const edit = await t.api('PUT', `/api/v2/tax-wordings/${ok.body.id}`, { body: { until_year: '2030-31' } });
    expect(edit.status, edit.text).toBe(200);
  });
});

describe('Form 10BD', () => {
  it('lists the year’s received donations with a donor identifier, in the department’s columns', async () => {
    await t.api('PUT', '/api/v2/trust-settings/1', {
      body: { approval_number: 'AAATT1234FF20214', approval_date: '2021-09-24' },
    });
    const year = '2031-32';
    const at = '2031-06-01T10:00:00+05:30';
    await create({
      donor_name: 'Ram, "Lal"',
      pan: 'ABCDE1234F',
      status: 'Received',
      date: at,
      address: 'Kashi',
    });
    await create({
      donor_name: 'Aadhaar Donor',
      other_id_type: 'Aadhaar',
      other_id_number: '123412341234',
      status: 'Received',
      date: at,
      mode: 'Cash',
      amount: 2000,
    });
    await create({ donor_name: 'No Id', status: 'Received', date: at });
    await create({
      donor_name: 'Big Cash',
      pan: 'ABCDE1234G',
      status: 'Received',
      date: at,
      mode: 'Cash',
      amount: 2001,
    });
    await create({ donor_name: '=HYPERLINK("x")', pan: 'ABCDE1234H', status: 'Received', date: at });
    const cancelled = await create({ donor_name: 'Cancelled One', pan: 'ABCDE1234J', status: 'Received', date: at });
    await t.api('POST', `/api/v2/donations/${cancelled.id}/cancel`, { body: { reason: 'Entered twice' } });
    await create({ donor_name: 'Pending One', pan: 'ABCDE1234K', date: at });

    // The form names the deduction's section: without the year's tax wording it cannot be made.
    const unworded = await t.api('GET', `/api/v2/donations/form-10bd?year=${year}`);
    expect(unworded.status).toBe(409);
    expect(unworded.body.message).toContain(`tax wording for ${year}`);
    const wording = await t.api('POST', '/api/v2/tax-wordings', {
      body: {
        from_year: year,
        act_name: 'Income-tax Act',
        registration_section: '12AB',
        deduction_section: '80G',
        statement_form: '10BD',
        certificate_form: '10BE',
        receipt_note: 'कर-कटौती के योग्य।',
      },
    });
    expect(wording.status, wording.text).toBe(201);

    const res = await t.api('GET', `/api/v2/donations/form-10bd?year=${year}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(`form-10bd-${year}.csv`);
    expect(res.headers.get('x-donations-without-identifier')).toBe('1');
    expect(res.headers.get('x-cash-above-limit')).toBe('1');
    const lines = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Sr. No.,Pre Acknowledgement Number,ID Code,Unique Identification Number,Section Code,Unique Registration Number (URN),Date of Issuance of Unique Registration Number,Name of donor,Address of donor,Donation Type,Mode of receipt,Amount of donation (Indian rupees)',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `1,,Permanent Account Number,ABCDE1234F,Section 80G,AAATT1234FF20214,24/09/2021,"Ram, ""Lal""",Kashi,Others,Electronic modes including account payee cheque/draft,1500`,
    );
    // Cash of 2,000 rupees is within the limit; another identifier stands in for a PAN.
    expect(lines[2]).toBe(
      `2,,Aadhaar Number,123412341234,Section 80G,AAATT1234FF20214,24/09/2021,Aadhaar Donor,,Others,Cash,2000`,
    );
    // A cell a spreadsheet would run as a formula is written as text.
    expect(lines[3]).toBe(
      `3,,Permanent Account Number,ABCDE1234H,Section 80G,AAATT1234FF20214,24/09/2021,"'=HYPERLINK(""x"")",,Others,Electronic modes including account payee cheque/draft,1500`,
    );
  });

  it('is for an Admin, and names a bad year plainly', async () => {
    const bad = await t.api('GET', '/api/v2/donations/form-10bd?year=2028');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('2026-27');
    const employee = await t.employee({
      permissions: { Donations: { Donations: { Global: { View: true, Add: true, Edit: true, Delete: true } } } },
    });
    const refused = await t.api('GET', '/api/v2/donations/form-10bd?year=2031-32', { token: employee.token });
    expect(refused.status).toBe(403);
  });
});
