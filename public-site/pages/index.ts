/**
 * Every page of the public website, named once: the server registers each path and renders it (see
 * src/server/plugins/public-site.ts). A page is a file of this folder exporting a `PublicPage`.
 */
import type { PublicPage } from '../site.ts';
import { newsItem, newsList } from './news.tsx';

export const PAGES: readonly PublicPage[] = [newsList, newsItem];

export { notFoundPage } from './not-found.tsx';
