/**
 * The public website's two forms, posted by visitors without an account:
 *
 * - `POST /api/public/contact`: name, email, phone, subject, message → a new (unread) contact message;
 * - `POST /api/public/donations`: name, email, amount in whole rupees, payment_method (`online` or `bank`), message,
 *   pan → a Pending donation from the Website with a short reference (`DN` and ten base-32 characters), answered with
 *   a UPI payment link and its QR code (online) or the trust's bank details (bank) (services/website-donations.ts);
 * - `GET /api/public/donations/:reference`: what the donate page shows of a donation after a form post.
 *
 * Each post is counted, then checked (form-input.ts), then stored, then answered: as JSON, or for a plain HTML form
 * post without JavaScript, 303 back to its page (form-posts.ts).
 *
 * Each form counts its posts an hour per client address and per email address in the database (services/rate-limit)
 * and answers 429 past PUBLIC_FORM_LIMIT_PER_ADDRESS or PUBLIC_FORM_LIMIT_PER_EMAIL. A hidden field, `website`,
 * that a person leaves empty and a bot fills in, gets the same answer as a person's post and stores nothing.
 * What is stored goes through the one write path (RecordService.createForVisitor): validated by the declarations,
 * audited as "Public website", and announced to the listeners of new records.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contactMessages, SINGLETON_ID, trustSettings } from '../../../../resources/index.ts';
import { notFound, tooManyRequests } from '../../../errors.ts';
import { FormDrafts } from '../../../services/form-drafts.ts';
import { RateLimit } from '../../../services/rate-limit.ts';
import { INTERNAL } from '../../../services/records.ts';
import {
  createWebsiteDonation,
  newDonationReference,
  paymentOf,
  websiteDonation,
} from '../../../services/website-donations.ts';
import { contactBody, contactInput, donationBody, donationInput, filled, sentByBot } from './form-input.ts';
import { acceptFormPosts, answerForm } from './form-posts.ts';
import { PUBLIC_FORM_MESSAGES } from './messages.ts';

const HOUR_MS = 60 * 60 * 1000;

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

  const forms = async (scope: FastifyInstance) => {
    acceptFormPosts(scope);

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
        answerForm(
          drafts,
          request,
          reply,
          async (body) => {
            await count('contact', request, body.email);
            const input = contactInput(body);
            if (!sentByBot(body)) await records.createForVisitor(contactMessages, input);
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
        answerForm(
          drafts,
          request,
          reply,
          async (body) => {
            await count('donation', request, body.email);
            const { input, method, amount } = donationInput(body);
            // How to pay is known before anything is stored: a trust without a UPI ID or bank account refuses (503).
            const settings = await records.get(INTERNAL, trustSettings, SINGLETON_ID);
            const payment = await paymentOf(method, settings, amount);
            const reference = sentByBot(body) ? newDonationReference() : await createWebsiteDonation(records, input);
            return {
              success: true,
              message: (method === 'online'
                ? PUBLIC_FORM_MESSAGES.donationOnline
                : PUBLIC_FORM_MESSAGES.donationBank
              ).replace('{reference}', reference),
              reference,
              amount,
              payment_method: method,
              ...(await payment(reference)),
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
