/**
 * The public website's two forms, posted by visitors without an account (issue 11):
 *
 * - `POST /api/public/contact`: name, email, phone, subject, message → a new (unread) contact message;
 * - `POST /api/public/donations`: name, email, amount in whole rupees, payment_method (`online` or `bank`), message,
 *   pan → a Pending donation from the Website with a short reference (`DN` and ten base-32 characters), answered with
 *   a UPI payment link and its QR code (online) or the trust's bank details (bank).
 *
 * Both take JSON, and a plain HTML form post (application/x-www-form-urlencoded) so that the forms work without
 * JavaScript: a form post is answered 303 to the page it came from (its `redirect` field, a path of this site, or
 * the path of a Referer of this host) with `?sent=1`, `?donation=<reference>` or, when it is refused, an error code
 * (`?error=invalid&fields=email,amount`, `rate_limited`, `no_upi`, `no_bank` or `failed`; FORM_ERROR_CODES) and a
 * `draft` key under which what the visitor typed is kept a few minutes for that page (FormDrafts); without such a page,
 * JSON. The page says each code in its own words: no sentence of the URL is ever shown, so no link can put words on
 * the trust's page. Only a path is ever put in Location, so no post can send a visitor to another site.
 *
 * Each form counts its posts an hour per client address and per email address in the database (services/rate-limit)
 * and answers 429 past PUBLIC_FORM_LIMIT_PER_ADDRESS or PUBLIC_FORM_LIMIT_PER_EMAIL. A hidden field, `website`,
 * that a person leaves empty and a bot fills in, gets the same answer as a person's post and stores nothing.
 * What is stored goes through the one write path (RecordService.createForVisitor): validated by the declarations,
 * audited as "Public website", and announced to the listeners of new records.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { contactMessages, donations, SINGLETON_ID, trustSettings } from '../../../../resources/index.ts';
import type { Services } from '../../../types.ts';
import { validateRecord, type FieldError } from '../../../../resources/validation.ts';
import { AppError, badRequest, notFound, tooManyRequests, validationFailed } from '../../../errors.ts';
import { formDrafts as formDraftRows, tableOf } from '../../../db/schema.ts';
import type { Database } from '../../../db/client.ts';
import { eq, sql } from 'drizzle-orm';
import { redirect, sitePath } from '../../../redirect.ts';
import { RateLimit } from '../../../services/rate-limit.ts';
import { INTERNAL } from '../../../services/records.ts';
import type { WebsiteDonation } from '../../../../resources/website-donation.ts';

/** The field a person leaves empty (the page hides it) and a bot fills in. */
export const HONEYPOT_FIELD = 'website';
const HOUR_MS = 60 * 60 * 1000;
const FORM_BODY_LIMIT = 64 * 1024;

export const PUBLIC_FORM_MESSAGES = {
  contactSent: 'Thank you for your message. We will get back to you soon.',
  donationOnline: 'Thank you. Pay with any UPI app: scan the QR code or open the link. Your reference is {reference}.',
  donationBank:
    'Thank you. Please transfer the amount to the account below and write the reference {reference} in the remarks.',
  tooManyFromAddress: 'Too many forms were sent from your network in the last hour. Please try again later.',
  tooManyFromEmail: 'Too many forms were sent with this email address in the last hour. Please try again later.',
  emailRequired: 'Email is required.',
  paymentMethod: 'Please choose online payment (online) or bank transfer (bank).',
  noUpi:
    'Online payment is not available yet: the trust has not entered its UPI ID. Please choose bank transfer, or contact the trust.',
  noBank:
    'Bank transfer is not available yet: the trust has not entered its bank account. Please choose online payment, or contact the trust.',
  notObject: 'Send the form as JSON or as a form post (application/x-www-form-urlencoded).',
} as const;

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or typed from a receipt is not mistaken. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A donation's reference: `DN` and ten base-32 characters (50 random bits), 12 characters in all. */
export function newDonationReference(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += BASE32[byte & 31];
  return `DN${code}`;
}

/**
 * A value of a UPI link's query: percent-encoded as encodeURIComponent does (spaces as %20, never +), except `@`,
 * which a query may hold as it is (RFC 3986) and which UPI apps expect to read as such in `pa`.
 */
export const upiValue = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/** The UPI deep link (NPCI's `upi://pay`) of a payment of `amount` whole rupees to the trust, under `reference`. */
export function upiLink(
  payee: { upiId: string; name?: string | undefined },
  amount: number,
  reference: string,
): string {
  const params: [string, string][] = [['pa', payee.upiId]];
  if (payee.name) params.push(['pn', payee.name]);
  params.push(['am', `${amount}.00`], ['cu', 'INR'], ['tn', reference], ['tr', reference]);
  return `upi://pay?${params.map(([key, value]) => `${key}=${upiValue(value)}`).join('&')}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Field errors of a declaration, named as the public form names its fields. */
const renamed = (errors: FieldError[], names: Record<string, string>) =>
  errors.map((error) => ({ ...error, field: names[error.field] ?? error.field }));

/**
 * Where a form post goes back to: a path of this site (src/server/redirect.ts), from the form's `redirect` field or
 * the Referer of this host; undefined (a JSON answer) for anything else.
 */
function returnPath(request: FastifyRequest, body: Record<string, unknown>): string | undefined {
  const asked = text(body.redirect);
  if (asked !== undefined) return sitePath(asked);
  const referer = request.headers.referer;
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  if ((from.protocol !== 'http:' && from.protocol !== 'https:') || from.host !== request.host) return undefined;
  return sitePath(from.pathname + from.search);
}

/** `path` with `params` set in its query (earlier answers' `sent`, `donation`, `error`, `fields` and `draft` out). */
function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://site.invalid');
  for (const key of ['sent', 'donation', 'error', 'fields', 'draft']) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.pathname + url.search;
}

/**
 * What a refused form post's page is told, in its query: a code of this list, never a sentence (the page has its own
 * words for each), and for `invalid` the fields at fault.
 */
export const FORM_ERROR_CODES = ['invalid', 'rate_limited', 'no_upi', 'no_bank', 'failed'] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];

/** The fields of the public forms (as the forms name them) that the page may be told are at fault, or keeps. */
const FORM_FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'amount', 'payment_method', 'pan'] as const;

/** The query of a refused form post's page: its error code and, for bad input, the fields at fault. */
export function errorParams(error: AppError): Record<string, string> {
  if (error.code === 'TOO_MANY_REQUESTS') return { error: 'rate_limited' };
  if (error.code === 'SERVICE_UNAVAILABLE' && error.message === PUBLIC_FORM_MESSAGES.noUpi) return { error: 'no_upi' };
  if (error.code === 'SERVICE_UNAVAILABLE' && error.message === PUBLIC_FORM_MESSAGES.noBank)
    return { error: 'no_bank' };
  if (error.code === 'VALIDATION_FAILED') {
    const known: readonly string[] = FORM_FIELDS;
    const fields = [...new Set((error.errors ?? []).map((e) => e.field).filter((field) => known.includes(field)))];
    return fields.length > 0 ? { error: 'invalid', fields: fields.join(',') } : { error: 'invalid' };
  }
  return { error: 'failed' };
}

const DRAFT_MS = 15 * 60 * 1000;
const DRAFTS_KEPT = 500;
const DRAFT_FIELD_LIMIT = 5000;

/**
 * What visitors typed in forms the server refused, kept for the page a form post goes back to (no JavaScript, so the
 * page has nothing else to fill its fields from): in the database (table form_drafts), so that whichever server
 * process answers that page finds it, under a random key put in that page's query, for 15 minutes, and given once
 * (taken by deleting it), so a link with a key shows its text to one visitor at most (a key is 128 random bits).
 * Only the forms' own fields are kept, each cut to 5,000 characters, and at most 500 drafts, the oldest dropped.
 */
export class FormDrafts {
  private readonly database: Database;

  constructor(database: Database) {
    this.database = database;
  }

  async put(body: Record<string, unknown>): Promise<string> {
    const fields: Record<string, string> = {};
    for (const field of FORM_FIELDS) {
      const value = body[field];
      if (typeof value === 'string' && value !== '') fields[field] = value.slice(0, DRAFT_FIELD_LIMIT);
    }
    const key = randomBytes(16).toString('base64url');
    const db = this.database.db;
    await db
      .insert(formDraftRows)
      .values({ key, fields, expires_at: sql`now() + ${`${DRAFT_MS} milliseconds`}::interval` });
    // Those whose time has passed, and past the most kept, the oldest.
    await db.execute(sql`delete from form_drafts where expires_at <= now()
      or key in (select key from form_drafts order by expires_at desc offset ${DRAFTS_KEPT})`);
    return key;
  }

  /** The draft under `key`, once, while it is kept. */
  async take(key: string): Promise<Record<string, string> | undefined> {
    if (key.length > 100) return undefined;
    const [row] = await this.database.db
      .delete(formDraftRows)
      .where(eq(formDraftRows.key, key))
      .returning({ fields: formDraftRows.fields, live: sql<boolean>`${formDraftRows.expires_at} > now()` });
    return row?.live ? (row.fields as Record<string, string>) : undefined;
  }
}

const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

export const contactBody = z.object({
  name: z.string().max(100).describe('Required.'),
  email: z.string().max(200).describe('Required.'),
  phone: z.string().max(20).optional(),
  subject: z.string().max(200).optional(),
  message: z.string().max(5000).describe('Required.'),
  [HONEYPOT_FIELD]: z
    .string()
    .max(200)
    .optional()
    .describe('Leave empty: hidden on the page; a post that fills it is not kept.'),
  redirect: z
    .string()
    .max(500)
    .optional()
    .describe('Form posts: the path of this site to go back to (default: the Referer).'),
});

export const donationBody = z.object({
  name: z.string().max(200).describe('Required.'),
  email: z.string().max(200).describe('Required.'),
  amount: z.union([z.number().int().min(1), z.string().max(20)]).describe('Whole rupees, 1 to 10,00,00,000.'),
  payment_method: z.enum(['online', 'bank']),
  message: z.string().max(2000).optional(),
  pan: z.string().max(10).optional(),
  [HONEYPOT_FIELD]: z
    .string()
    .max(200)
    .optional()
    .describe('Leave empty: hidden on the page; a post that fills it is not kept.'),
  redirect: z
    .string()
    .max(500)
    .optional()
    .describe('Form posts: the path of this site to go back to (default: the Referer).'),
});

export async function publicFormRoutes(app: FastifyInstance): Promise<void> {
  const { records, database, config } = app.services;
  const drafts = new FormDrafts(database);
  const perAddress = new RateLimit(database, { limit: config.PUBLIC_FORM_LIMIT_PER_ADDRESS, windowMs: HOUR_MS });
  const perEmail = new RateLimit(database, { limit: config.PUBLIC_FORM_LIMIT_PER_EMAIL, windowMs: HOUR_MS });

  /** Counts a post of `form` from the client's address and, when it names one, its email address. */
  async function count(form: string, request: FastifyRequest, email: unknown): Promise<void> {
    const fromAddress = await perAddress.hit(`public:${form}:address:${request.ip}`);
    if (fromAddress !== undefined) throw tooManyRequests(PUBLIC_FORM_MESSAGES.tooManyFromAddress, fromAddress);
    if (!filled(email)) return;
    const key = `public:${form}:email:${(email as string).trim().toLowerCase().slice(0, 200)}`;
    const fromEmail = await perEmail.hit(key);
    if (fromEmail !== undefined) throw tooManyRequests(PUBLIC_FORM_MESSAGES.tooManyFromEmail, fromEmail);
  }

  /**
   * Runs a form's work and answers it: JSON (`status` and the answer, or the error handler's answer), or for a
   * form post with a page to go back to, 303 there with `done(answer)`'s query, or the error's code and a draft of
   * what was typed.
   */
  async function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (body: Record<string, unknown>) => Promise<T>,
    done: (answer: T) => Record<string, string>,
  ) {
    const raw = request.body;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(PUBLIC_FORM_MESSAGES.notObject);
    const body = raw as Record<string, unknown>;
    const back = isFormPost(request) ? returnPath(request, body) : undefined;
    if (back === undefined) return reply.status(201).send(await work(body));
    try {
      const result = await work(body);
      return redirect(reply, withParams(back, done(result)), 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const draft = await drafts.put(body);
      return redirect(reply, withParams(back, { ...errorParams(error), draft }), 303);
    }
  }

  const forms = async (scope: FastifyInstance) => {
    // A plain HTML form's body: its fields as strings (the last of a repeated name).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.post(
      '/api/public/contact',
      {
        // Its body limit follows from contactBody's lengths (plugins/app/body-limits.ts).
        config: {
          public: true,
          doc: {
            summary:
              'The public contact form: adds an unread contact message. A form post (no JavaScript) is answered 303 to its page with ?sent=1, or ?error=<code> (invalid with fields=<the fields at fault>, rate_limited, failed) and draft=<key>.',
            tags: ['Public website'],
            body: contactBody,
            alsoAs: ['application/x-www-form-urlencoded'],
            responses: {
              201: '{ success: true, message }',
              303: 'A form post: back to its page (its redirect field or the Referer, a path of this site)',
              429: 'Too many posts an hour from this address or this email address (Retry-After)',
            },
          },
        },
      },
      async (request, reply) =>
        answer(
          request,
          reply,
          async (body) => {
            await count('contact', request, body.email);
            const input = {
              name: body.name,
              email: body.email,
              phone: body.phone,
              subject: body.subject,
              message: body.message,
            };
            const checked = validateRecord(contactMessages, { ...input, is_read: false });
            if (!checked.ok) throw validationFailed(checked.errors);
            if (!filled(body[HONEYPOT_FIELD])) {
              await records.createForVisitor(contactMessages, { ...input, is_read: false });
            }
            return { success: true, message: PUBLIC_FORM_MESSAGES.contactSent };
          },
          () => ({ sent: '1' }),
        ),
    );

    scope.post(
      '/api/public/donations',
      {
        // Its body limit follows from donationBody's lengths (plugins/app/body-limits.ts).
        config: {
          public: true,
          doc: {
            summary:
              'The public donate form: adds a Pending donation from the Website and answers its reference with a UPI payment link and QR code (online) or the bank details (bank). A form post is answered 303 to its page with ?donation=<reference>, or ?error=<code> (invalid with fields=<the fields at fault>, rate_limited, no_upi, no_bank, failed) and draft=<key>.',
            tags: ['Public website'],
            body: donationBody,
            alsoAs: ['application/x-www-form-urlencoded'],
            responses: {
              201: '{ success, message, reference, amount, payment_method, upi: { link, qr_svg, qr_png } } or { …, bank: { account_name, account_number, ifsc, bank_name, branch, remarks } }',
              303: 'A form post: back to its page (its redirect field or the Referer, a path of this site)',
              429: 'Too many posts an hour from this address or this email address (Retry-After)',
              503: 'The trust has not entered its UPI ID (online) or bank account (bank) yet; nothing is stored',
            },
          },
        },
      },
      async (request, reply) =>
        answer(
          request,
          reply,
          async (body) => {
            await count('donation', request, body.email);
            const method = body.payment_method;
            const amount =
              typeof body.amount === 'string' && /^\s*\d{1,12}\s*$/.test(body.amount)
                ? Number(body.amount)
                : body.amount;
            const input: Record<string, unknown> = {
              donor_name: body.name,
              email: body.email,
              amount,
              payment_method: method === 'bank' ? 'Bank Transfer' : 'Online Payment',
              pan: body.pan,
              remarks: body.message,
              mode: 'Electronic',
              status: 'Pending',
            };
            const names = { donor_name: 'name', remarks: 'message' };
            const checked = validateRecord(donations, input);
            const errors = checked.ok ? [] : renamed(checked.errors, names);
            if (!filled(body.email) && !errors.some((e) => e.field === 'email'))
              errors.unshift({ field: 'email', message: PUBLIC_FORM_MESSAGES.emailRequired });
            if (method !== 'online' && method !== 'bank')
              errors.push({ field: 'payment_method', message: PUBLIC_FORM_MESSAGES.paymentMethod });
            if (errors.length > 0) throw validationFailed(errors);

            const settings = await records.get(INTERNAL, trustSettings, SINGLETON_ID);
            const payment = await paymentOf(method as 'online' | 'bank', settings, amount as number);
            const stored = !filled(body[HONEYPOT_FIELD]);
            let reference = newDonationReference();
            for (let attempt = 1; stored; attempt += 1) {
              try {
                await records.createForVisitor(donations, input, { source: 'Website', reference });
                break;
              } catch (error) {
                // Two references alike in 2^50: take another (the unique constraint said so).
                if (!(error instanceof AppError) || error.code !== 'CONFLICT' || attempt >= 3) throw error;
                reference = newDonationReference();
              }
            }
            const answer = await payment(reference);
            return {
              success: true,
              message: (method === 'online'
                ? PUBLIC_FORM_MESSAGES.donationOnline
                : PUBLIC_FORM_MESSAGES.donationBank
              ).replace('{reference}', reference),
              reference,
              amount: amount as number,
              payment_method: method as 'online' | 'bank',
              ...answer,
            };
          },
          (result) => ({ donation: result.reference }),
        ),
    );

    // The donate page after a form post without JavaScript has only the reference (?donation=<reference>): it asks
    // here for what to show. Nothing personal is answered; a reference is 50 random bits, not guessed.
    scope.get(
      '/api/public/donations/:reference',
      {
        config: {
          public: true,
          doc: {
            summary:
              "A donation from the website by its reference: { reference, amount, payment_method, status } and, while it is Pending, how to pay (upi: { link, qr_svg, qr_png } or bank: { … }). No donor's details. 404 for an unknown reference.",
            tags: ['Public website'],
          },
        },
      },
      async (request) => {
        const reference = String((request.params as { reference?: unknown }).reference ?? '');
        const found = await websiteDonation(app.services, reference);
        if (!found) throw notFound('No donation has this reference.');
        return found;
      },
    );
  };
  await app.register(forms);
}

/**
 * A donation from the website by its reference: amount, method, status and, while it is Pending, how to pay it; no
 * donor's details. Undefined for an unknown reference. The route above and the donate page (?donation=) answer it.
 */
export async function websiteDonation(
  { database, records }: Pick<Services, 'database' | 'records'>,
  reference: string,
): Promise<WebsiteDonation | undefined> {
  if (!/^DN[0-9A-HJKMNP-TV-Z]{10}$/.test(reference)) return undefined;
  const table = tableOf(donations);
  const [row] = await database.db
    .select({
      amount: table.amount,
      payment_method: table.payment_method,
      status: table.status,
      source: table.source,
    })
    .from(table)
    .where(eq(table.reference, reference))
    .limit(1);
  if (!row || row.source !== 'Website') return undefined;
  const method = row.payment_method === 'Bank Transfer' ? 'bank' : 'online';
  const amount = Number(row.amount);
  const found: WebsiteDonation = { reference, amount, payment_method: method, status: row.status as string };
  if (row.status !== 'Pending') return found;
  const settings = await records.get(INTERNAL, trustSettings, SINGLETON_ID);
  return { ...found, ...(await (await paymentOf(method, settings, amount))(reference)) };
}

/**
 * What the visitor needs to pay, from the trust's settings: checked before anything is stored (a 503 when the trust
 * has not entered its UPI ID or bank account yet, so no donation is left that nobody can pay), made once the
 * reference is known.
 */
async function paymentOf(
  method: 'online' | 'bank',
  settings: Record<string, unknown>,
  amount: number,
): Promise<(reference: string) => Promise<Pick<WebsiteDonation, 'upi' | 'bank'>>> {
  const value = (field: string) => (filled(settings[field]) ? (settings[field] as string).trim() : undefined);
  if (method === 'online') {
    const upiId = value('upi_id');
    if (!upiId) throw new AppError('SERVICE_UNAVAILABLE', PUBLIC_FORM_MESSAGES.noUpi);
    const name = value('name_en') ?? value('name_hi');
    return async (reference) => {
      const link = upiLink({ upiId, name }, amount, reference);
      const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
      const [svg, png] = await Promise.all([
        QRCode.toString(link, { ...options, type: 'svg' }),
        QRCode.toDataURL(link, { ...options, type: 'image/png', scale: 6 }),
      ]);
      return { upi: { link, qr_svg: svg, qr_png: png } };
    };
  }
  const account = {
    account_name: value('bank_account_name'),
    account_number: value('bank_account_number'),
    ifsc: value('bank_ifsc'),
    bank_name: value('bank_name'),
    branch: value('bank_branch'),
  };
  const { account_name, account_number, ifsc } = account;
  if (!account_name || !account_number || !ifsc) throw new AppError('SERVICE_UNAVAILABLE', PUBLIC_FORM_MESSAGES.noBank);
  return async (reference) => ({ bank: { ...account, account_name, account_number, ifsc, remarks: reference } });
}
