/**
 * The declared resources, as the server and the admin read them. A new resource is declared in its own file and
 * named once, in registry.ts.
 */
import { isDeclared, type ResourceDeclaration } from './define.ts';
import { FEATURES } from './features.ts';
import * as registry from './registry.ts';

/**
 * The declared resources, in a fixed order: the order of their names (a module's exports come sorted by name). The
 * menu puts the spec's entries in the spec's places and the others by this order; the permission matrix lists each
 * feature's sub-features by it.
 */
export const resources: readonly ResourceDeclaration[] = (Object.values(registry) as unknown[]).filter(isDeclared);

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
        `Resource "${resource.name}" names the feature "${key.feature}", which is not a feature of the permission matrix (FEATURES in src/resources/features.ts).`,
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

export * from './registry.ts';
export * from './define.ts';
