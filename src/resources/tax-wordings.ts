import { defineResource, type TextField } from './define.ts';

const FINANCIAL_YEAR = {
  source: '^[0-9]{4}-[0-9]{2}$',
  message: 'Please enter a financial year such as 2026-27.',
};

const text = (label: string, maxLength: number, extra: Partial<TextField> = {}): TextField => ({
  kind: 'text',
  label,
  maxLength,
  searchable: false,
  inList: false,
  ...extra,
});

/**
 * The tax law's words on receipts and statements, by financial year (docs/decisions.md, "The tax law's words are data,
 * by financial year"). From 1 April 2026 the Income-tax Act, 2025 renumbered the sections of the Income-tax Act, 1961
 * (80G, 12A/12AB) and its forms; the trust fills in the wording for each year it issues receipts in. A receipt uses the
 * entry whose years cover its own; a year that none covers makes a receipt say the wording is missing rather than print
 * an old Act's section under a new one. The migration enters the 1961 Act's wording for the years up to 2025-26.
 */
export const taxWordings = defineResource({
  name: 'tax_wordings',
  path: 'tax-wordings',
  label: { one: 'Tax Wording', many: 'Tax Wording' },
  provider: 'rest',
  permission: { feature: 'Settings', subFeature: 'Tax Wording' },
  fields: {
    from_year: text('From Financial Year', 7, {
      pattern: FINANCIAL_YEAR,
      inList: true,
      searchable: true,
      emptyText: 'The earliest',
    }),
    until_year: text('Until Financial Year', 7, { pattern: FINANCIAL_YEAR, inList: true, emptyText: 'Open-ended' }),
    act_name: text('Act', 200, { required: true, inList: true }),
    registration_section: text('Registration Section', 60, { required: true }),
    deduction_section: text('Deduction Section', 60, { required: true }),
    statement_form: text('Statement of Donations Form', 60, { required: true }),
    certificate_form: text('Donor Certificate Form', 60, { required: true }),
    receipt_note: text('Receipt Note (Hindi)', 2000, { required: true, multiline: true }),
  },
  rules: [{ field: 'until_year', notBefore: 'from_year', message: 'The last year cannot come before the first.' }],
  list: {
    pageSize: 5,
    empty: 'No tax wording entered.',
    sort: { field: 'from_year', order: 'DESC' },
    searchPlaceholder: 'Search by year',
  },
  routes: { list: '/tax-wording', create: '/tax-wording/add', edit: '/tax-wording/edit', show: '/tax-wording/view' },
  menu: { label: 'Tax Wording', icon: 'description' },
  messages: {
    notFound: 'Tax wording not found.',
    deleteConfirm: 'Are you sure you want to delete this tax wording?',
  },
});
