import { defineResource } from './define.ts';

/** Online coverage of the school (spec sections 2, 3): what a publisher wrote, with its address. */
export const onlineCoverages = defineResource({
  name: 'online_coverages',
  path: 'online-coverages',
  label: { one: 'Online Coverage', many: 'Online Coverages' },
  provider: 'rest',
  permission: { feature: 'Media', subFeature: 'Online Coverages' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 200 },
    description: {
      kind: 'text',
      label: 'Description',
      required: true,
      multiline: true,
      maxLength: 5000,
      inList: false,
    },
    date: { kind: 'date', label: 'Date', required: true, index: true },
    publisher: { kind: 'text', label: 'Publisher', required: true, maxLength: 200 },
    link: { kind: 'url', label: 'Link' },
    image: { kind: 'image', label: 'Image' },
  },
  list: {
    pageSize: 3,
    empty: 'No coverages found.',
    sort: { field: 'date', order: 'DESC' },
    searchPlaceholder: 'Search by title',
  },
  routes: {
    list: '/media/online-coverages',
    create: '/media/online-coverages/add',
    edit: '/media/online-coverages/edit',
    show: '/media/coverages/view',
  },
  messages: { notFound: 'Coverage not found.' },
  menu: { group: 'media', label: 'Online Coverages', icon: 'language' },
});
