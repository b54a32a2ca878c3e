/**
 * Every page of the public website, named once: the server registers each path and renders it (see
 * src/server/routes/web/site.ts). A page is a file of this folder exporting a `PublicPage`.
 */
import type { PublicPage } from '../site.ts';
import { aboutPage } from './about.tsx';
import { articleItem, articleList, BLOG, NEWS } from './articles.tsx';
import { eventList } from './events.tsx';
import { homePage } from './home.tsx';
import { contactPage } from './contact.tsx';
import { donatePage } from './donate.tsx';
import { imageAlbum, imageAlbumList } from './images.tsx';
import { videoAlbum, videoAlbumList } from './videos.tsx';

export const PAGES: readonly PublicPage[] = [
  homePage,
  aboutPage,
  articleList(NEWS),
  articleItem(NEWS),
  articleList(BLOG),
  articleItem(BLOG),
  eventList,
  contactPage,
  donatePage,
  imageAlbumList,
  imageAlbum,
  videoAlbumList,
  videoAlbum,
];

export { notFoundPage } from './not-found.tsx';
