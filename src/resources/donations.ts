import { defineResource } from './define.ts';
import { EMAIL, PAN, phone } from './patterns.ts';

const PHONE = phone('Please enter a valid contact number.');

/** Pending until the money arrives; Received with a receipt number; Cancelled keeps its number (an auditor's trail). */
export const DONATION_STATUSES = ['Received', 'Pending', 'Cancelled'] as const;

/** The identifiers Form 10BD takes besides a PAN, in its ID code order (2 to 7). */
export const OTHER_ID_TYPES = [
  'Aadhaar',
  'Tax Identification Number',
  'Passport',
  "Elector's Photo Identity Card",
  'Driving License',
  'Ration Card',
] as const;

/**
 * Donations (spec sections 2, 3, 4, 8 and 9): what a donor gave, how and when, and whether the money has
 * arrived. The donor's email, address and PAN are what a tax receipt and the annual statement need; the donation's
 * type and mode are the income-tax department's words. Staff record donations received at the office here, and
 * the public donate form adds Pending ones from the website. Receipt numbers, and what may change once one is
 * issued, are the server's (src/server/services/receipts.ts).
 */
export const donations = defineResource({
  name: 'donations',
  label: { one: 'Donation', many: 'Donations' },
  provider: 'rest',
  permission: { feature: 'Donations', subFeature: 'Donations' },
  fields: {
    donor_name: { kind: 'text', label: 'Donor Name', required: true, maxLength: 200 },
    amount: { kind: 'integer', label: 'Amount (₹)', required: true, min: 1, max: 100_000_000, rupees: true },
    payment_method: {
      kind: 'enum',
      label: 'Payment Method',
      values: ['Online Payment', 'Bank Transfer'],
      default: 'Online Payment',
      required: true,
    },
    date: { kind: 'datetime', label: 'Date', required: true, defaultNow: true, index: true },
    status: {
      kind: 'enum',
      label: 'Status',
      values: DONATION_STATUSES,
      default: 'Pending',
      required: true,
      badges: { Received: 'success', Pending: 'warning', Cancelled: 'error' },
      serverValues: ['Cancelled'],
      index: true,
    },
    // Issued by the server when the donation becomes Received: the next number of its financial year.
    receipt_no: {
      kind: 'text',
      label: 'Receipt No.',
      maxLength: 16,
      readOnly: true,
      unique: 'This receipt number is already issued.',
      emptyText: 'Not issued yet',
    },
    receipt_issued_at: { kind: 'datetime', label: 'Receipt Issued', readOnly: true, inList: false },
    // The donation's reference for a transfer or a UPI payment (a donation from the website gets one at once).
    reference: {
      kind: 'text',
      label: 'Reference',
      maxLength: 20,
      readOnly: true,
      inList: false,
      unique: 'This reference is already taken.',
    },
    source: {
      kind: 'enum',
      label: 'Source',
      values: ['Office', 'Website'],
      default: 'Office',
      readOnly: true,
      inList: false,
    },
    contact_number: { kind: 'text', label: 'Contact Number', maxLength: 20, pattern: PHONE, inList: false },
    email: { kind: 'text', label: 'Email', maxLength: 200, pattern: EMAIL, inList: false },
    address: { kind: 'text', label: 'Address', maxLength: 500, multiline: true, inList: false, searchable: false },
    pan: {
      kind: 'text',
      label: 'PAN',
      maxLength: 10,
      upperCase: true,
      inList: false,
      pattern: PAN,
    },
    // Form 10BD takes another identifier where a donor has no PAN.
    other_id_type: {
      kind: 'enum',
      label: 'Other ID Type',
      values: OTHER_ID_TYPES,
      inList: false,
      filterable: false,
    },
    other_id_number: {
      kind: 'text',
      label: 'Other ID Number',
      maxLength: 30,
      upperCase: true,
      inList: false,
      searchable: false,
      pattern: { source: '^[A-Za-z0-9/-]{4,30}$', message: 'Other ID Number must be 4 to 30 letters or digits.' },
    },
    category: {
      kind: 'text',
      label: 'Category',
      maxLength: 100,
      default: 'General Fund',
      inList: false,
      searchable: false,
    },
    donation_type: {
      kind: 'enum',
      label: 'Donation Type',
      values: ['Corpus', 'Specific Grant', 'Others'],
      default: 'Others',
      required: true,
      inList: false,
    },
    mode: {
      kind: 'enum',
      label: 'Mode of Receipt',
      values: ['Electronic', 'Cash', 'Kind', 'Others'],
      default: 'Electronic',
      required: true,
      inList: false,
    },
    transaction_id: {
      kind: 'text',
      label: 'Transaction ID',
      maxLength: 100,
      inList: false,
      emptyText: 'Not Available',
    },
    remarks: {
      kind: 'text',
      label: 'Remarks',
      maxLength: 2000,
      multiline: true,
      inList: false,
      searchable: false,
      emptyText: 'None',
    },
    cancel_reason: {
      kind: 'text',
      label: 'Reason for Cancellation',
      maxLength: 500,
      readOnly: true,
      inList: false,
      searchable: false,
    },
    cancelled_at: { kind: 'datetime', label: 'Cancelled', readOnly: true, inList: false },
  },
  list: {
    pageSize: 5,
    empty: 'No donations found.',
    sort: { field: 'date', order: 'DESC' },
    filters: ['status'],
    searchPlaceholder: 'Search by donor, reference or transaction ID',
  },
  // The spec's list and view; staff also add and correct donations received at the office.
  routes: {
    list: '/donation',
    create: '/donation/add',
    edit: '/donation/edit',
    show: '/donation-view',
    // The spec's printable receipt (src/admin/donations/DonationReceipt.tsx).
    screens: { receipt: '/donation-receipt' },
  },
  // What an auditor expects: a receipt once issued stays, cancelled if need be (src/server/services/receipts.ts).
  keepWhenSet: {
    field: 'receipt_no',
    message: 'Receipt {value} is issued: the donation cannot be deleted. Cancel it with a reason instead.',
  },
  messages: {
    notFound: 'No donation data available.',
    deleteConfirm: 'Are you sure you want to delete this donation?',
  },
});
