/**
 * A donation's receipt: `GET /api/v2/donations/:id/receipt` answers what it says (the admin's printable
 * page shows it) and `GET /api/v2/donations/:id/receipt.pdf` the PDF, both from services/receipt-document.ts so
 * that they say the same thing. View on Donations, as the donations themselves; 409 for a donation without a
 * receipt number. The donor also gets the PDF by email when the donation becomes Received (services/receipt-email.ts);
 * `GET /api/v2/donations/:id/emails` says what became of that email (routes/api/v2/outbox.ts).
 */
import type { FastifyInstance } from 'fastify';
import { donations } from '../../../../resources/index.ts';
import { receiptDocument, receiptFileName } from '../../../services/receipt-document.ts';
import { receiptEmailBehaviour } from '../../../services/receipt-email.ts';
import { ReceiptPdf } from '../../../services/receipt-pdf.ts';
import { may } from '../../shared/guard.ts';
import { emailsAboutRoute } from './outbox.ts';
import { idParam } from '../../shared/params.ts';

const ANSWERS = {
  404: 'No such donation, or not one the caller may see',
  409: 'The donation has no receipt yet (it is issued when the donation is marked Received)',
};

export function v2ReceiptRoutes(app: FastifyInstance): void {
  const { records, config, mail, uploads } = app.services;
  const timeZone = config.TRUST_TIMEZONE;
  // The compiler and its fonts are loaded once, on the first receipt, and kept.
  const pdf = new ReceiptPdf(uploads.storage);
  records.extend(donations, receiptEmailBehaviour({ records, mail, pdf, timeZone, log: app.log }));
  emailsAboutRoute(app, donations, "a donation's receipt emailed to its donor");

  app.get(
    '/api/v2/donations/:id/receipt',
    may(donations, 'View', {
      doc: {
        summary: "A donation's receipt as data: what its page and its PDF print",
        tags: ['Donations'],
        responses: ANSWERS,
      },
    }),
    async (request) => receiptDocument(records, request.account!, idParam(request), timeZone),
  );

  app.get(
    '/api/v2/donations/:id/receipt.pdf',
    may(donations, 'View', {
      doc: {
        summary: "A donation's receipt as a PDF (application/pdf), in Hindi",
        tags: ['Donations'],
        responses: ANSWERS,
      },
    }),
    async (request, reply) => {
      const document = await receiptDocument(records, request.account!, idParam(request), timeZone);
      const bytes = await pdf.render(document);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${receiptFileName(document.receiptNo)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );
}
