import { defineResource } from './define.ts';

/** Press coverage (spec sections 2, 3, 4): Draft by default, or Published. */
export const pressCoverage = defineResource({
  name: 'press_coverage',
  path: 'press-coverage',
  label: { one: 'Press Release', many: 'Press Coverage' },
  provider: 'rest',
  permission: { feature: 'Media', subFeature: 'Press Coverage' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 200 },
    content: { kind: 'richText', label: 'Content', required: true, inList: false },
    publish_date: { kind: 'date', label: 'Publish Date', required: true, index: true },
    author: { kind: 'text', label: 'Author', readOnly: true, author: true, searchable: false },
    status: {
      kind: 'enum',
      label: 'Status',
      values: ['Draft', 'Published'],
      default: 'Draft',
      required: true,
      // The status filter's count reads this index alone.
      index: true,
      badges: { Published: 'success', Draft: 'default' },
    },
    image: { kind: 'image', label: 'Image' },
  },
  list: {
    pageSize: 3,
    empty: 'No press releases found.',
    sort: { field: 'publish_date', order: 'DESC' },
    filters: ['status'],
    searchPlaceholder: 'Search by title',
  },
  routes: {
    list: '/media/press-coverage',
    create: '/media/press-coverage/add',
    edit: '/media/press-coverage/edit',
    show: '/media/press-releases/view',
  },
  messages: { notFound: 'Press release not found.' },
  menu: { group: 'media', label: 'Press Coverage', icon: 'campaign' },
});
