import { defineResource } from './define.ts';

/** News of the school (spec sections 2, 3, 4): public once Active and its publish date has come. */
export const news = defineResource({
  name: 'news',
  label: { one: 'News', many: 'News' },
  provider: 'rest',
  permission: { feature: 'Media', subFeature: 'News' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 200 },
    content: { kind: 'richText', label: 'Content', required: true, inList: false },
    author: { kind: 'text', label: 'Author', readOnly: true, author: true, searchable: false },
    publish_date: { kind: 'date', label: 'Publish Date', required: true, index: true },
    status: {
      kind: 'enum',
      label: 'Status',
      values: ['Active', 'Inactive'],
      default: 'Active',
      required: true,
      index: true,
    },
    image: { kind: 'image', label: 'Image' },
  },
  list: {
    pageSize: 5,
    empty: 'No news found.',
    sort: { field: 'publish_date', order: 'DESC' },
    filters: ['status'],
    searchPlaceholder: 'Search by title',
  },
  routes: { list: '/media/news', create: '/media/news/add', edit: '/media/news/edit', show: '/media/news/view' },
  messages: { notFound: 'No News Data Found', deleteConfirm: 'Are you sure you want to delete this news item?' },
  menu: { group: 'media', label: 'News', icon: 'newspaper' },
  publicRead: {
    where: { status: 'Active' },
    notAfterNow: 'publish_date',
    fields: ['title', 'content', 'author', 'publish_date', 'image'],
  },
});
