import { defineResource } from './define.ts';

/** Events of the school (spec sections 2, 3, 4): a required thumbnail and extra images, each with a title. */
export const events = defineResource({
  name: 'events',
  label: { one: 'Event', many: 'Events' },
  provider: 'rest',
  permission: { feature: 'Media', subFeature: 'Events' },
  fields: {
    event_name: { kind: 'text', label: 'Event Name', required: true, maxLength: 200 },
    description: {
      kind: 'text',
      label: 'Description',
      required: true,
      multiline: true,
      maxLength: 5000,
      inList: false,
    },
    date_time: { kind: 'datetime', label: 'Date and Time', required: true, index: true },
    venue: { kind: 'text', label: 'Venue', required: true, maxLength: 200 },
    organizer: { kind: 'text', label: 'Organizer', required: true, maxLength: 200 },
    status: {
      kind: 'enum',
      label: 'Status',
      values: ['Scheduled', 'Completed'],
      default: 'Scheduled',
      required: true,
      // The status filter's count reads this index alone.
      index: true,
      badges: { Scheduled: 'warning', Completed: 'success' },
    },
    image: { kind: 'image', label: 'Thumbnail', required: 'Please upload a thumbnail image.' },
    images: {
      kind: 'items',
      label: 'Images',
      itemLabel: 'Image',
      inList: false,
      fields: {
        title: { kind: 'text', label: 'Title', required: 'Please enter a title for image #{n}.', maxLength: 200 },
        files: { kind: 'image', label: 'Files', multiple: true, required: 'Please upload files for image #{n}.' },
      },
    },
  },
  list: {
    pageSize: 3,
    empty: 'No events found.',
    sort: { field: 'date_time', order: 'DESC' },
    filters: ['status'],
    searchPlaceholder: 'Search by event name',
  },
  routes: {
    list: '/media/events',
    create: '/media/events/add',
    edit: '/media/events/edit',
    show: '/media/events/view',
  },
  messages: { notFound: 'No Event Data Found' },
  menu: { group: 'media', label: 'Events', icon: 'event' },
  // Upcoming events first on the public site (the site asks for those not yet past).
  publicRead: {
    fields: ['event_name', 'description', 'date_time', 'venue', 'organizer', 'status', 'image', 'images'],
    sort: { field: 'date_time', order: 'ASC' },
  },
});
