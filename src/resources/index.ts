/**
 * The registry of declared resources. A new resource is declared in its own file and listed here; the server
 * and the admin both read this list.
 */
import type { ResourceDeclaration } from './define.ts';
import { FEATURES } from './permissions.ts';
import { activities } from './activities.ts';
import { departments, designations } from './company.ts';
import { employees } from './employees.ts';
import { cities, countries, states } from './master-data.ts';
import { news } from './news.ts';
import { events } from './events.ts';
import { blog } from './blog.ts';
import { pressCoverage } from './press-coverage.ts';
import { articles } from './articles.ts';
import { advertisements } from './advertisements.ts';
import { onlineCoverages } from './online-coverages.ts';
import { imageAlbums, videoAlbums } from './gallery.ts';
import { trustSettings } from './trust-settings.ts';
import { donations } from './donations.ts';
import { taxWordings } from './tax-wordings.ts';
import { contactMessages } from './contact-messages.ts';
import { notifications } from './notifications.ts';
import { rolePermissions } from './role-permissions.ts';
import { roles } from './roles.ts';
import { users } from './users.ts';

export const resources: readonly ResourceDeclaration[] = [
  departments,
  designations,
  employees,
  roles,
  activities,
  countries,
  states,
  cities,
  notifications,
  users,
  rolePermissions,
  news,
  events,
  blog,
  pressCoverage,
  articles,
  advertisements,
  onlineCoverages,
  imageAlbums,
  videoAlbums,
  trustSettings,
  taxWordings,
  donations,
  contactMessages,
];

const byName = new Map<string, ResourceDeclaration>(resources.map((r) => [r.name, r]));

/**
 * Checks what the types cannot: every resource names its place in the permission matrix, under one of its
 * features (its sub-feature joins the catalogue). The server refuses to start otherwise, since a resource outside
 * the matrix could be reached by nobody or by everyone.
 */
export function checkDeclarations(list: readonly ResourceDeclaration[] = resources): void {
  const named = new Set<string>();
  for (const resource of list) {
    if (named.has(resource.name)) throw new Error(`Resource "${resource.name}" is listed twice.`);
    named.add(resource.name);
    const key = (resource as Partial<ResourceDeclaration>).permission;
    if (!key?.feature || !key.subFeature) {
      throw new Error(
        `Resource "${resource.name}" names no place in the permission matrix: declare permission: { feature, subFeature }.`,
      );
    }
    for (const blocker of resource.deleteBlockedBy ?? []) {
      const referrer = list.find((r) => r.name === blocker.resource);
      const decl = referrer?.fields[blocker.field];
      if (decl?.kind !== 'reference' || decl.reference !== resource.name) {
        throw new Error(
          `Resource "${resource.name}": deleteBlockedBy names ${blocker.resource}.${blocker.field}, which is not a reference to it.`,
        );
      }
    }
    for (const [name, decl] of Object.entries(resource.fields)) {
      if (decl.kind === 'text' && decl.author && !decl.readOnly)
        throw new Error(
          `Resource "${resource.name}": the author field ${name} is set by the server; declare it readOnly.`,
        );
    }
    if (!(FEATURES as readonly string[]).includes(key.feature)) {
      throw new Error(
        `Resource "${resource.name}" names the feature "${key.feature}", which is not a feature of the permission matrix (FEATURES in src/resources/permissions.ts).`,
      );
    }
  }
}

export function findResource(name: string): ResourceDeclaration | undefined {
  return byName.get(name);
}

export function getResource(name: string): ResourceDeclaration {
  const resource = byName.get(name);
  if (!resource) throw new Error(`Unknown resource "${name}".`);
  return resource;
}

/** Resources whose records refer to `name`, with the referring field. */
export function referrersOf(name: string): { resource: ResourceDeclaration; field: string }[] {
  const result: { resource: ResourceDeclaration; field: string }[] = [];
  for (const resource of resources) {
    for (const [field, decl] of Object.entries(resource.fields)) {
      if (decl.kind === 'reference' && decl.reference === name) result.push({ resource, field });
    }
  }
  return result;
}

export {
  departments,
  designations,
  employees,
  roles,
  activities,
  countries,
  states,
  cities,
  notifications,
  users,
  rolePermissions,
  news,
  events,
  blog,
  pressCoverage,
  articles,
  advertisements,
  onlineCoverages,
  imageAlbums,
  videoAlbums,
  trustSettings,
  taxWordings,
  donations,
  contactMessages,
};
export * from './define.ts';
