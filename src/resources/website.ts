import { defineResource, type FieldDeclaration } from './define.ts';

/**
 * What the public website's home and about pages say (spec sections 2 and 9): the hero slides, the pages'
 * texts, the leaders, the daily routine and the notices. Staff edit them in the back-office under Website; the pages
 * (public-site/pages/home.tsx, about.tsx) show what the public may read of them and write none of it themselves. A
 * new installation starts with the spec's Hindi text (its migration's INSERTs).
 */

/** The pages of the site a slide may link to, by the name staff choose, with their addresses. */
export const SLIDE_LINK_PAGES = {
  'About Us': '/web/about-us',
  News: '/web/news',
  Events: '/web/events',
  Blog: '/web/blog',
  Images: '/web/images',
  Videos: '/web/videos',
  'Contact Us': '/web/connect-us',
  'Donate Now': '/web/donate-now',
} as const;

export type SlideLinkPage = keyof typeof SLIDE_LINK_PAGES;

/** Where a page text shows: the home page's who-we-are, the about page, and above the about page's routine table. */
export const PAGE_TEXT_SECTIONS = ['Home: Who We Are', 'About Us', 'About Us: Daily Routine'] as const;

export type PageTextSection = (typeof PAGE_TEXT_SECTIONS)[number];

const ACTIVE = {
  kind: 'enum',
  label: 'Status',
  values: ['Active', 'Inactive'],
  default: 'Active',
  required: true,
  index: true,
} as const satisfies FieldDeclaration;

/** The order things show in on the site, smallest first (10, 20, 30… leaves room for one in between). */
const POSITION = {
  kind: 'integer',
  label: 'Position',
  required: true,
  min: 0,
  max: 100_000,
} as const satisfies FieldDeclaration;

const ROUTES = (base: string) => ({
  list: base,
  create: `${base}/add`,
  edit: `${base}/edit`,
  show: `${base}/view`,
});

/** The home page's hero slider: Active slides, by position. A slide may have no image (it shows on a colour). */
export const heroSlides = defineResource({
  name: 'hero_slides',
  path: 'hero-slides',
  label: { one: 'Hero Slide', many: 'Hero Slides' },
  provider: 'rest',
  permission: { feature: 'Website', subFeature: 'Hero Slides' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 120 },
    subtitle: { kind: 'text', label: 'Subtitle', maxLength: 300, multiline: true, inList: false, searchable: false },
    image: { kind: 'image', label: 'Image' },
    link_page: {
      kind: 'enum',
      label: 'Link To Page',
      values: Object.keys(SLIDE_LINK_PAGES) as SlideLinkPage[],
      filterable: false,
      inList: false,
    },
    link_url: { kind: 'url', label: 'Or Link To Address', inList: false },
    link_text: { kind: 'text', label: 'Link Text', maxLength: 40, inList: false, searchable: false },
    position: POSITION,
    status: ACTIVE,
  },
  list: {
    pageSize: 5,
    empty: 'No slides found.',
    sort: { field: 'position', order: 'ASC' },
    filters: ['status'],
    searchPlaceholder: 'Search by title',
  },
  routes: ROUTES('/website/slides'),
  messages: { deleteConfirm: 'Are you sure you want to delete this slide?' },
  menu: { group: 'website', label: 'Hero Slides', icon: 'slideshow' },
  publicRead: {
    where: { status: 'Active' },
    fields: ['title', 'subtitle', 'image', 'link_page', 'link_url', 'link_text', 'position'],
    sort: { field: 'position', order: 'ASC' },
  },
});

/** The pages' paragraphs, each with its heading, in the section of the site it belongs to, by position. */
export const pageTexts = defineResource({
  name: 'page_texts',
  path: 'page-texts',
  label: { one: 'Page Text', many: 'Page Texts' },
  provider: 'rest',
  permission: { feature: 'Website', subFeature: 'Page Texts' },
  fields: {
    section: {
      kind: 'enum',
      label: 'Shown In',
      values: PAGE_TEXT_SECTIONS,
      default: 'About Us',
      required: true,
    },
    title: { kind: 'text', label: 'Heading', required: true, maxLength: 120 },
    body: { kind: 'richText', label: 'Text', required: true, maxLength: 20_000, inList: false },
    position: POSITION,
  },
  list: {
    pageSize: 5,
    empty: 'No page texts found.',
    sort: { field: 'position', order: 'ASC' },
    filters: ['section'],
    searchPlaceholder: 'Search by heading',
  },
  routes: ROUTES('/website/texts'),
  menu: { group: 'website', label: 'Page Texts', icon: 'description' },
  publicRead: {
    fields: ['section', 'title', 'body', 'position'],
    sort: { field: 'position', order: 'ASC' },
  },
});

/** The trust's and the school's leaders on the home page, by position; the section shows only when there are some. */
export const leaders = defineResource({
  name: 'leaders',
  label: { one: 'Leader', many: 'Leaders' },
  provider: 'rest',
  permission: { feature: 'Website', subFeature: 'Leaders' },
  fields: {
    name: { kind: 'text', label: 'Name', required: true, maxLength: 120 },
    role: { kind: 'text', label: 'Role', required: true, maxLength: 120, searchable: false },
    photo: { kind: 'image', label: 'Photo' },
    message: { kind: 'text', label: 'Message', maxLength: 600, multiline: true, inList: false, searchable: false },
    position: POSITION,
  },
  list: {
    pageSize: 5,
    empty: 'No leaders found.',
    sort: { field: 'position', order: 'ASC' },
    searchPlaceholder: 'Search by name',
  },
  routes: ROUTES('/website/leaders'),
  menu: { group: 'website', label: 'Leaders', icon: 'groups' },
  publicRead: {
    fields: ['name', 'role', 'photo', 'message', 'position'],
    sort: { field: 'position', order: 'ASC' },
  },
});

/** The school's day, as the about page's table shows it: a time of day as written ("सुबह 5:00"), by position. */
export const dailyRoutine = defineResource({
  name: 'daily_routine',
  path: 'daily-routine',
  label: { one: 'Routine Entry', many: 'Daily Routine' },
  provider: 'rest',
  permission: { feature: 'Website', subFeature: 'Daily Routine' },
  fields: {
    time_of_day: { kind: 'text', label: 'Time', required: true, maxLength: 40, searchable: false },
    activity: { kind: 'text', label: 'Activity', required: true, maxLength: 200 },
    position: POSITION,
  },
  list: {
    pageSize: 20,
    empty: 'No routine entries found.',
    sort: { field: 'position', order: 'ASC' },
    searchPlaceholder: 'Search by activity',
  },
  routes: ROUTES('/website/routine'),
  menu: { group: 'website', label: 'Daily Routine', icon: 'schedule' },
  publicRead: {
    fields: ['time_of_day', 'activity', 'position'],
    sort: { field: 'position', order: 'ASC' },
  },
});

/** Notices on the home page (the scholarship): public once Active and its publish date has come, newest first. */
export const notices = defineResource({
  name: 'notices',
  label: { one: 'Notice', many: 'Notices' },
  provider: 'rest',
  permission: { feature: 'Website', subFeature: 'Notices' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, maxLength: 200 },
    content: { kind: 'richText', label: 'Text', required: true, maxLength: 20_000, inList: false },
    publish_date: { kind: 'date', label: 'Publish Date', required: true, index: true },
    status: ACTIVE,
  },
  list: {
    pageSize: 5,
    empty: 'No notices found.',
    sort: { field: 'publish_date', order: 'DESC' },
    filters: ['status'],
    searchPlaceholder: 'Search by title',
  },
  routes: ROUTES('/website/notices'),
  messages: { deleteConfirm: 'Are you sure you want to delete this notice?' },
  menu: { group: 'website', label: 'Notices', icon: 'campaign' },
  publicRead: {
    where: { status: 'Active' },
    notAfterNow: 'publish_date',
    fields: ['title', 'content', 'publish_date'],
  },
});
