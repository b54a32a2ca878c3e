/**
 * The donations area's additions to the generated donation screens (src/admin/screens.ts finds them): Cancel
 * Donation on a receipted donation, Form 10BD on the list, Download Receipt on each receipted row, the printable
 * receipt (`/donation-receipt/:id`), and the warning before a receipt is issued under a lapsed registration.
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { DonationReceipt, DownloadReceipt } from './DonationReceipt.tsx';
import { Form10bd } from './Form10bd.tsx';
import { DonationShowActions } from './ReceiptEmail.tsx';
import { IssueWarning } from './registration.tsx';

export const screens: ScreenRegistry = {
  donations: {
    showActions: DonationShowActions,
    listActions: Form10bd,
    rowActions: DownloadReceipt,
    screens: { receipt: DonationReceipt },
    // A receipt under a registration or approval not valid on the donation's day waits for an acknowledgement.
    confirmSave: IssueWarning,
  },
};
