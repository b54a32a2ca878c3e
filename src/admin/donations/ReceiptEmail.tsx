/**
 * A donation's page, beside Back and Edit: Cancel Donation (CancelDonation.tsx) and, for a donation with a receipt,
 * what became of the receipt emailed to the donor (sent; waiting in the Outbox for a mail server; not yet or not
 * sent, with the reason), for whoever may view the donation. Nothing when no receipt email was written.
 */
import { donations } from '../../resources/index.ts';
import type { RecordActionProps } from '../generator/record-actions.ts';
import { useWords } from '../i18n/words.ts';
import { RecordEmailStatus } from '../outbox/EmailStatus.tsx';
import { CancelDonation } from './CancelDonation.tsx';
import { DONATION_ACTIONS } from './messages.ts';

export function DonationShowActions({ record }: RecordActionProps) {
  const T = useWords(DONATION_ACTIONS);
  return (
    <>
      <CancelDonation record={record} />
      {record.receipt_no ? (
        <RecordEmailStatus resource={donations} id={record.id} label={T.receiptEmail} watch={record.updated_at} />
      ) : null}
    </>
  );
}
