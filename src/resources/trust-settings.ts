import { defineResource, type TextField } from './define.ts';
import { EMAIL, PAN, phone } from './patterns.ts';

const text = (label: string, maxLength = 200, extra: Partial<TextField> = {}): TextField => ({
  kind: 'text',
  label,
  maxLength,
  searchable: false,
  ...extra,
});

const PHONE = phone('Please enter a valid phone number.');

/**
 * The trust's own details (docs/decisions.md, "The trust's settings are a declared resource of one record"): one record
 * an Admin edits and the audit trail follows. Receipts, emails, the public site's footer and donate page read them;
 * nothing of it is written into a screen. Every field may be empty until the trust fills it in: a receipt says what is
 * missing rather than print a sample number.
 */
export const trustSettings = defineResource({
  name: 'trust_settings',
  path: 'trust-settings',
  label: { one: 'Trust Settings', many: 'Trust Settings' },
  provider: 'rest',
  permission: { feature: 'Settings', subFeature: 'Trust Settings' },
  singleton: true,
  fields: {
    name_hi: text('Trust Name (Hindi)'),
    name_en: text('Trust Name (English)'),
    address: text('Address', 500, { multiline: true }),
    phone: text('Phone', 20, { pattern: PHONE }),
    email: text('Email', 200, { pattern: EMAIL }),
    office_hours: text('Office Hours', 100, { default: '9:00 AM - 6:00 PM, Mon - Sat' }),
    pan: text('PAN', 10, {
      upperCase: true,
      pattern: PAN,
    }),
    registration_number: text('Registration Number (12A/12AB)', 60),
    registration_date: { kind: 'date', label: 'Registration Date' },
    registration_valid_until: { kind: 'date', label: 'Registration Valid Until' },
    approval_number: text('Approval Number (80G)', 60),
    approval_date: { kind: 'date', label: 'Approval Date' },
    approval_valid_until: { kind: 'date', label: 'Approval Valid Until' },
    bank_account_name: text('Bank Account Name'),
    bank_account_number: text('Bank Account Number', 20, {
      pattern: { source: '^[0-9]{9,18}$', message: 'Bank Account Number must be 9 to 18 digits.' },
    }),
    bank_ifsc: text('IFSC', 11, {
      upperCase: true,
      pattern: {
        source: '^[A-Za-z]{4}0[A-Za-z0-9]{6}$',
        message: 'IFSC must be 4 letters, a zero and 6 letters or digits, such as SBIN0001234.',
      },
    }),
    bank_name: text('Bank Name'),
    bank_branch: text('Bank Branch'),
    upi_id: text('UPI ID', 100, {
      pattern: {
        source: '^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$',
        message: 'Please enter a UPI ID such as trust@sbi.',
      },
    }),
    signatory: text('Receipt Signatory'),
    logo: { kind: 'image', label: 'Logo' },
    seal: { kind: 'image', label: 'Seal' },
  },
  rules: [
    {
      field: 'registration_valid_until',
      notBefore: 'registration_date',
      message: 'The registration cannot end before its date.',
    },
    { field: 'approval_valid_until', notBefore: 'approval_date', message: 'The approval cannot end before its date.' },
  ],
  list: { pageSize: 1, empty: 'The trust settings are missing.', sort: { field: 'id', order: 'ASC' } },
  routes: { list: '/settings' },
  menu: { label: 'Trust Settings', icon: 'settings' },
  form: {
    sections: [
      { title: 'The Trust', fields: ['name_hi', 'name_en', 'logo', 'seal'] },
      { title: 'Contact', fields: ['address', 'phone', 'email', 'office_hours'] },
      {
        title: 'Tax Registration',
        fields: [
          'pan',
          'registration_number',
          'registration_date',
          'registration_valid_until',
          'approval_number',
          'approval_date',
          'approval_valid_until',
        ],
      },
      {
        title: 'Bank Account and UPI',
        fields: ['bank_account_name', 'bank_account_number', 'bank_ifsc', 'bank_name', 'bank_branch', 'upi_id'],
      },
      { title: 'Receipts', fields: ['signatory'] },
    ],
  },
  // What the public site's footer and donate page show.
  publicRead: {
    fields: [
      'name_hi',
      'name_en',
      'address',
      'phone',
      'email',
      'office_hours',
      'bank_account_name',
      'bank_account_number',
      'bank_ifsc',
      'bank_name',
      'bank_branch',
      'upi_id',
      'logo',
    ],
  },
});
