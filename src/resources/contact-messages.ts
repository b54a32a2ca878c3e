import { defineResource } from './define.ts';
import { EMAIL, phone } from './patterns.ts';

/**
 * What visitors write through the public site's contact form (spec sections 2, 3 and 9): a person waiting
 * for an answer. Staff see which are new, mark them read and reply by email from the message; the reply is kept with
 * it. The public form posts to /api/public/contact (src/server/routes/api/public/forms.ts).
 */
export const contactMessages = defineResource({
  name: 'contact_messages',
  path: 'contact-messages',
  label: { one: 'Contact Message', many: 'Contact Messages' },
  provider: 'rest',
  permission: { feature: 'Contact', subFeature: 'Contact Messages' },
  fields: {
    name: { kind: 'text', label: 'Name', required: true, maxLength: 100 },
    email: { kind: 'text', label: 'Email', required: true, maxLength: 200, pattern: EMAIL, searchable: false },
    phone: {
      kind: 'text',
      label: 'Phone',
      maxLength: 20,
      pattern: phone('Please enter a valid phone number.'),
      searchable: false,
      emptyText: 'N/A',
    },
    subject: { kind: 'text', label: 'Subject', maxLength: 200, searchable: false, emptyText: 'N/A' },
    message: {
      kind: 'text',
      label: 'Message',
      required: true,
      maxLength: 5000,
      multiline: true,
      searchable: false,
      inList: false,
    },
    // Shown in the list as its Status (list.seenFlag): New, or Read.
    is_read: { kind: 'boolean', label: 'Read', default: false, required: true, index: true, inList: false },
    read_at: { kind: 'datetime', label: 'Read At', readOnly: true, inList: false },
    reply: {
      kind: 'text',
      label: 'Reply',
      maxLength: 5000,
      multiline: true,
      readOnly: true,
      searchable: false,
      inList: false,
      emptyText: 'N/A',
    },
    replied_at: { kind: 'datetime', label: 'Replied At', readOnly: true, inList: false },
    replied_by: { kind: 'text', label: 'Replied By', maxLength: 200, readOnly: true, searchable: false, inList: false },
  },
  list: {
    pageSize: 5,
    empty: 'No records found.',
    sort: { field: 'created_at', order: 'DESC' },
    filters: ['is_read'],
    searchPlaceholder: 'Search by name',
    dateRange: 'created_at',
    seenFlag: 'is_read',
  },
  routes: { list: '/contact-us', show: '/contact-us/view' },
  messages: {
    notFound: 'Contact message not found.',
    deleteConfirm: 'Are you sure you want to delete this message?',
  },
});
