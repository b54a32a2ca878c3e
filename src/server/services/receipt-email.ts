/**
 * The donor's receipt by email: when a donation gains its receipt number (it became Received, on
 * create or update, whatever API it came through) and has an email address, the donor is sent the receipt with
 * its PDF attached, through the mail service's outbox (sent with SMTP_URL; without it Pending until a mail server is
 * configured; the PDF is stored with the email, so a retry sends the same one). The email is about the donation
 * (`aboutRecord`), so the donation's screen says what became of it (`GET /api/v2/donations/:id/emails`).
 *
 * It runs once the write is committed (a `committed` hook), so a write that rolls back sends nothing, and it never
 * fails the write: the donation is saved; an email that could not be written is logged, and the receipt can
 * still be downloaded.
 */
import type { FastifyBaseLogger } from 'fastify';
import { donations } from '../../resources/index.ts';
import { aboutRecord, type MailService } from './mail.ts';
import { receiptDocument, receiptFileName, type ReceiptDocument } from './receipt-document.ts';
import type { ReceiptPdf } from './receipt-pdf.ts';
import { INTERNAL, type RecordRow, type RecordService, type ResourceBehaviour } from './records.ts';

/** The email's words: Hindi first, as the receipt, then English. */
export function receiptEmail(document: ReceiptDocument): { subject: string; text: string } {
  const trust = document.trust.name ?? document.trust.nameEn;
  const signedBy = [document.trust.signatory, trust].filter(Boolean).join('\n');
  const subject = `दान रसीद ${document.receiptNo}${trust ? ` · ${trust}` : ''} / Donation receipt`;
  const text = [
    `प्रिय ${document.donor.name},`,
    '',
    `आपके ${document.amount.figures} (${document.amount.words}) के दान के लिए हार्दिक धन्यवाद। इसकी रसीद, संख्या ${document.receiptNo}, दिनांक ${document.dateHindi}, इस ईमेल के साथ PDF में संलग्न है।`,
    '',
    `Thank you for your donation of ${document.amount.figures}. Its receipt, number ${document.receiptNo}, is attached as a PDF.`,
    ...(signedBy ? ['', signedBy] : []),
  ].join('\n');
  return { subject, text };
}

export function receiptEmailBehaviour(options: {
  records: RecordService;
  mail: MailService;
  pdf: ReceiptPdf;
  timeZone: string;
  log: FastifyBaseLogger;
}): ResourceBehaviour {
  const { records, mail, pdf, timeZone, log } = options;
  const committed = async (row: RecordRow, before?: RecordRow) => {
    const receiptNo = row.receipt_no;
    const to = typeof row.email === 'string' ? row.email.trim() : '';
    if (typeof receiptNo !== 'string' || receiptNo === '' || receiptNo === before?.receipt_no || to === '') return;
    try {
      const document = await receiptDocument(records, INTERNAL, row.id, timeZone);
      const content = await pdf.render(document);
      await mail.send({
        to,
        ...receiptEmail(document),
        about: aboutRecord(donations.name, row.id),
        attachments: [{ filename: receiptFileName(document.receiptNo), contentType: 'application/pdf', content }],
      });
    } catch (error) {
      log.error(
        { err: error, donationId: row.id },
        `The receipt ${receiptNo} could not be emailed to its donor; the donation is saved and its receipt can be downloaded.`,
      );
    }
  };
  return { create: () => ({ committed }), update: () => ({ committed }) };
}
