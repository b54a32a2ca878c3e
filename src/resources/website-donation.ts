/**
 * A donation made on the public website as its payer sees it, after the donate form: what the server answers
 * (src/server/routes/api/public/forms.ts) and the donate page shows (public-site/pages/donate.tsx): nothing
 * personal; while Pending, how to pay it. Isomorphic: a type only.
 */
export interface WebsiteDonation {
  reference: string;
  /** Whole rupees. */
  amount: number;
  payment_method: 'online' | 'bank';
  status: string;
  /** Online: the UPI deep link and its QR code (SVG text and a PNG data URL). */
  upi?: { link: string; qr_svg: string; qr_png: string };
  /** Bank transfer: the trust's account, and what to write in the transfer's remarks (the reference). */
  bank?: {
    account_name: string;
    account_number: string;
    ifsc: string;
    bank_name?: string | undefined;
    branch?: string | undefined;
    remarks: string;
  };
}
