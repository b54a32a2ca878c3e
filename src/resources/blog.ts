import { defineResource } from './define.ts';

/** The blog (spec sections 2, 3, 4): Published or Draft; public once Published and its publish date has come. */
export const blog = defineResource({
  name: 'blog_posts',
  path: 'blog',
  label: { one: 'Blog', many: 'Blogs' },
  provider: 'rest',
  permission: { feature: 'Media', subFeature: 'Blog' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 200 },
    content: { kind: 'richText', label: 'Content', required: true, inList: false },
    author: { kind: 'text', label: 'Author', readOnly: true, author: true, searchable: false },
    publish_date: { kind: 'date', label: 'Publish Date', required: true, index: true },
    status: {
      kind: 'enum',
      label: 'Status',
      values: ['Published', 'Draft'],
      default: 'Draft',
      required: true,
      // The status filter's count reads this index alone.
      index: true,
      badges: { Published: 'success', Draft: 'warning' },
    },
    image: { kind: 'image', label: 'Image' },
  },
  list: {
    pageSize: 5,
    empty: 'No blogs found.',
    sort: { field: 'publish_date', order: 'DESC' },
    filters: ['status'],
    searchPlaceholder: 'Search by title',
  },
  routes: { list: '/media/blog', create: '/media/blog/add', edit: '/media/blog/edit', show: '/media/blog/view' },
  messages: { notFound: 'Blog not found' },
  menu: { group: 'media', label: 'Blog', icon: 'article' },
  publicRead: {
    where: { status: 'Published' },
    notAfterNow: 'publish_date',
    fields: ['title', 'content', 'author', 'publish_date', 'image'],
  },
});
