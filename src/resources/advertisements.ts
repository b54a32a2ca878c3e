import { defineResource } from './define.ts';

/** Advertisements (spec sections 2, 3): a title, a date and the advertisement's image. */
export const advertisements = defineResource({
  name: 'advertisements',
  label: { one: 'Advertisement', many: 'Advertisements' },
  provider: 'rest',
  permission: { feature: 'Media', subFeature: 'Advertisements' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 200 },
    date: { kind: 'date', label: 'Date', required: true, index: true },
    image: { kind: 'image', label: 'Image', required: 'Please upload the advertisement image.' },
  },
  list: {
    pageSize: 3,
    empty: 'No advertisements found.',
    sort: { field: 'date', order: 'DESC' },
    searchPlaceholder: 'Search by title',
  },
  routes: {
    list: '/media/advertisement',
    create: '/media/advertisement/add',
    edit: '/media/advertisement/edit',
    show: '/advertisement/view',
  },
  messages: { notFound: 'Advertisement not found.' },
  menu: { group: 'media', label: 'Advertisement', icon: 'campaign' },
});
