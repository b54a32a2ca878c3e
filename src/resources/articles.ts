import { defineResource } from './define.ts';

/** Articles (spec sections 2, 3): written by staff, with an image. */
export const articles = defineResource({
  name: 'articles',
  label: { one: 'Article', many: 'Articles' },
  provider: 'rest',
  permission: { feature: 'Media', subFeature: 'Articles' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 200 },
    description: { kind: 'richText', label: 'Description', required: true, inList: false },
    date: { kind: 'date', label: 'Date', required: true, index: true },
    author: { kind: 'text', label: 'Author', readOnly: true, author: true, searchable: false },
    image: { kind: 'image', label: 'Image' },
  },
  list: {
    pageSize: 3,
    empty: 'No articles found.',
    sort: { field: 'date', order: 'DESC' },
    searchPlaceholder: 'Search by title',
  },
  routes: {
    list: '/media/articles',
    create: '/media/articles/add',
    edit: '/media/articles/edit',
    show: '/articles/view',
  },
  messages: { notFound: 'Article not found.' },
  menu: { group: 'media', label: 'Articles', icon: 'description' },
});
