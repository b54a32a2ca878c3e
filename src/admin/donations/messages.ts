/**
 * The words of the donations area's own buttons (cancelling a receipted donation, Form 10BD). The generated list
 * and show screens speak the declaration's words (src/resources/donations.ts).
 */
export const DONATION_ACTIONS = {
  cancel: 'Cancel Donation',
  cancelTitle: 'Cancel this donation?',
  cancelExplain: (receipt: string) =>
    `Receipt ${receipt} stays issued and is marked cancelled; the donation no longer counts as received. This cannot be undone.`,
  reason: 'Reason for Cancellation',
  reasonHelp: 'What happened, for the audit trail (3 to 500 characters).',
  reasonRequired: 'Please give the reason for cancelling, 3 to 500 characters.',
  keep: 'Keep Donation',
  confirmCancel: 'Cancel Donation',
  cancelled: (receipt: string) => `Donation cancelled; receipt ${receipt} is marked cancelled.`,
  form10bd: 'Form 10BD',
  form10bdTitle: 'Statement of Donations (Form 10BD)',
  form10bdExplain:
    "The financial year's received donations whose donor gave a PAN or another ID, in the income-tax department's columns (Part B), as CSV.",
  year: 'Financial Year',
  download: 'Download CSV',
  close: 'Close',
  downloaded: (year: string, withoutId: number, cash: number) =>
    `Form 10BD for ${year} downloaded.` +
    (withoutId > 0 ? ` ${withoutId} donation(s) without a PAN or other ID are not in it.` : '') +
    (cash > 0 ? ` ${cash} cash donation(s) above ₹2,000 are not deductible and are not in it.` : ''),
} as const;

/** The receipt page's own words (the receipt itself is in Hindi, as the server's PDF). */
export const RECEIPT = {
  title: 'Donation Receipt',
  back: 'Back to Donations',
  print: 'Print / Save as PDF',
  downloadPdf: 'Download PDF',
  downloadReceipt: 'Download Receipt',
  chooseDonation: 'Choose a donation with a receipt number in the Donations list and press its Download Receipt.',
  incomplete: (what: string[]) =>
    `The receipt is incomplete until the trust fills in ${what.join(', ')} (Trust Settings and Tax Wording).`,
  /** What the receipt prints where a setting is empty (Hindi, as on the PDF). */
  missingValue: (what: string) => `${what} दर्ज नहीं है।`,
} as const;
