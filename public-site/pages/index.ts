/**
 * Every page of the public website, named once: the server registers each path and renders it (see
 * src/server/plugins/public-site.ts). A page is a file of this folder exporting a `PublicPage`.
 */
import type { PublicPage } from '../site.ts';
import { articleItem, articleList, BLOG, NEWS } from './articles.tsx';
import { eventList } from './events.tsx';

export const PAGES: readonly PublicPage[] = [
  articleList(NEWS),
  articleItem(NEWS),
  articleList(BLOG),
  articleItem(BLOG),
  eventList,
];

export { notFoundPage } from './not-found.tsx';
