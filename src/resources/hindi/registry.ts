/**
 * Every Hindi file, named once: the Hindi words of the resources of each declaration file named in
 * src/resources/registry.ts, in the file of the same name here (src/resources/news.ts → ./news.ts, exporting
 * `newsHindi`). src/admin/i18n/hi/resources.test.ts fails, naming the file and the key, when a word is missing.
 */
export * from './company.ts';
export * from './employees.ts';
export * from './roles.ts';
export * from './role-permissions.ts';
export * from './activities.ts';
export * from './users.ts';
export * from './notifications.ts';
export * from './master-data.ts';
export * from './news.ts';
export * from './events.ts';
export * from './blog.ts';
export * from './press-coverage.ts';
export * from './articles.ts';
export * from './advertisements.ts';
export * from './online-coverages.ts';
export * from './gallery.ts';
export * from './website.ts';
export * from './trust-settings.ts';
export * from './tax-wordings.ts';
export * from './donations.ts';
export * from './contact-messages.ts';
