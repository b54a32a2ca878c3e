import { defineResource, type FieldDeclaration } from './define.ts';

/** What every album has, with the spec's one sentence for any of them missing. */
const FILL_ALL = 'Please fill all required fields.';
const ALBUM_FIELDS = {
  title: { kind: 'text', label: 'Title', required: FILL_ALL, maxLength: 200 },
  description: { kind: 'text', label: 'Description', required: FILL_ALL, multiline: true, maxLength: 5000 },
  date: { kind: 'date', label: 'Date', required: FILL_ALL, index: true },
} as const satisfies Record<string, FieldDeclaration>;

/**
 * The image gallery (spec sections 2, 3, 5): albums with a thumbnail (an upload or an address) and items, each
 * with a description and several images or an address. The sentences are the spec's, in its order.
 */
export const imageAlbums = defineResource({
  name: 'image_albums',
  path: 'gallery-images',
  label: { one: 'Image', many: 'Images' },
  provider: 'rest',
  permission: { feature: 'Gallery', subFeature: 'Images' },
  fields: {
    ...ALBUM_FIELDS,
    thumbnail: {
      kind: 'image',
      label: 'Thumbnail',
      allowUrl: true,
      required: 'Please provide a thumbnail image file or URL.',
    },
    images: {
      kind: 'items',
      label: 'Images',
      itemLabel: 'Image',
      fields: {
        description: { kind: 'text', label: 'Description', required: 'Please enter description for image #{n}.' },
        files: { kind: 'image', label: 'Files', multiple: true },
        url: { kind: 'url', label: 'URL', image: true },
      },
      oneOf: { fields: ['files', 'url'], message: 'Please upload files or enter URL for image #{n}.' },
    },
  },
  list: {
    pageSize: 3,
    empty: 'No images found.',
    sort: { field: 'date', order: 'DESC' },
    searchPlaceholder: 'Search by title',
  },
  routes: {
    list: '/gallery/images',
    create: '/gallery/images/add',
    edit: '/gallery/images/edit',
    show: '/gallery/images/view',
  },
  messages: { notFound: 'No Image Selected' },
  menu: { group: 'gallery', label: 'Images', icon: 'image' },
  publicRead: {
    fields: ['title', 'description', 'date', 'thumbnail', 'images'],
    sort: { field: 'date', order: 'DESC' },
  },
});

/** The video gallery: a thumbnail and a video (an upload, or a YouTube, Vimeo or other address), and more items. */
export const videoAlbums = defineResource({
  name: 'video_albums',
  path: 'gallery-videos',
  label: { one: 'Video', many: 'Videos' },
  provider: 'rest',
  permission: { feature: 'Gallery', subFeature: 'Videos' },
  fields: {
    ...ALBUM_FIELDS,
    thumbnail: {
      kind: 'image',
      label: 'Thumbnail',
      allowUrl: true,
      required: 'Please upload a thumbnail or provide a thumbnail URL.',
    },
    video: {
      kind: 'file',
      label: 'Video',
      accept: ['mp4', 'webm'],
      allowUrl: true,
      required: 'Please upload a video or provide a video URL.',
      inList: false,
    },
    videos: {
      kind: 'items',
      label: 'Videos',
      itemLabel: 'Video',
      fields: {
        description: { kind: 'text', label: 'Description', required: 'Please enter description for video #{n}.' },
        file: { kind: 'file', label: 'File', accept: ['mp4', 'webm'] },
        url: { kind: 'url', label: 'URL', video: true },
      },
      oneOf: { fields: ['file', 'url'], message: 'Please upload file(s) or enter URL for video #{n}.' },
      // The spec's video view: an "All Videos" grid whose thumbnails open their videos in a new tab, the album's own
      // first (under its thumbnail and title), then its further videos.
      lead: { media: 'video', picture: 'thumbnail', caption: 'title' },
    },
  },
  list: {
    pageSize: 3,
    empty: 'No videos found.',
    sort: { field: 'date', order: 'DESC' },
    searchPlaceholder: 'Search by title',
  },
  routes: {
    list: '/gallery/videos',
    create: '/gallery/videos/add',
    edit: '/gallery/videos/edit',
    show: '/gallery/videos/view',
  },
  messages: { notFound: 'No Video Selected' },
  menu: { group: 'gallery', label: 'Videos', icon: 'video' },
  publicRead: {
    fields: ['title', 'description', 'date', 'thumbnail', 'video', 'videos'],
    sort: { field: 'date', order: 'DESC' },
  },
});
