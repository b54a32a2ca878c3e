import { defineResource } from './define.ts';
import { EMAIL, PAN, phone } from './patterns.ts';

const PHONE = phone('Please enter a valid contact number.');

/**
 * Donations (spec sections 2, 3, 4, 8 and 9; issue 11): what a donor gave, how and when, and whether the money has
 * arrived. The donor's email, address and PAN are what a tax receipt and the annual statement need; the donation's
 * type and mode are the income-tax department's words. Staff record donations received at the office here;
 * the public donate form, receipt numbers and receipts come next.
 */
export const donations = defineResource({
  name: 'donations',
  label: { one: 'Donation', many: 'Donations' },
  provider: 'rest',
  permission: { feature: 'Donations', subFeature: 'Donations' },
  fields: {
    donor_name: { kind: 'text', label: 'Donor Name', required: true, maxLength: 200 },
    amount: { kind: 'integer', label: 'Amount (₹)', required: true, min: 1, max: 100_000_000 },
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
      values: ['Received', 'Pending'],
      default: 'Pending',
      required: true,
      badges: { Received: 'success', Pending: 'warning' },
      index: true,
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
  },
  list: {
    pageSize: 5,
    empty: 'No donations found.',
    sort: { field: 'date', order: 'DESC' },
    filters: ['status'],
    searchPlaceholder: 'Search by donor name',
  },
  // The spec's list and view; staff also add and correct donations received at the office.
  routes: { list: '/donation', create: '/donation/add', edit: '/donation/edit', show: '/donation-view' },
  messages: {
    notFound: 'No donation data available.',
    deleteConfirm: 'Are you sure you want to delete this donation?',
  },
});
