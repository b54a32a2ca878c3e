/**
 * Every declaration file, named once. Adding a resource is writing its declaration in its own file and one line here:
 * its table, migration, REST routes, OpenAPI, screens, menu entry and place in the permission matrix follow from it.
 * A file may declare several resources (master data); its other exports (the values of an enum) come along. The
 * lines' order means nothing: the resources are taken in the order of their names (index.ts).
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
