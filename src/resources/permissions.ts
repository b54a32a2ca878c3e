/**
 * The permission matrix: feature → sub-feature → scope (Self, Global) → capability (View, Add, Edit, Delete) →
 * boolean, `{"Company": {"Departments": {"Global": {"View": true}, "Self": {"Edit": true}}}}`. The catalogue of
 * features and sub-features is the product's modules; the server decides every call by it and the admin shows
 * only what it allows. Isomorphic: the server, the admin and the validation share it.
 */

import { FEATURES } from './features.ts';
import { resources, type ResourceDeclaration } from './index.ts';

export const SCOPES = ['Self', 'Global'] as const;
export const CAPABILITIES = ['View', 'Add', 'Edit', 'Delete'] as const;

export type Scope = (typeof SCOPES)[number];
export type Capability = (typeof CAPABILITIES)[number];
export type PermissionMatrix = Record<
  string,
  Record<string, Partial<Record<Scope, Partial<Record<Capability, boolean>>>>>
>;

export interface CatalogueEntry {
  feature: string;
  subFeature: string;
  capabilities: readonly Capability[];
}

/** The matrix's features (features.ts, where the registry's check reads them too), with the rest of its words. */
export { FEATURES };

/**
 * The sub-features that are not declared resources (screens of their own, and areas whose resources are not
 * declared yet). A resource placed on one of them takes its capabilities.
 */
const OWN_ENTRIES: readonly CatalogueEntry[] = [
  { feature: 'Dashboard', subFeature: 'Dashboard', capabilities: ['View'] },
  { feature: 'Activity', subFeature: 'Audit Logs', capabilities: CAPABILITIES },
];

/** What a one-record resource offers: it is read and changed, never added or deleted. */
const SINGLETON_CAPABILITIES: readonly Capability[] = ['View', 'Edit'];

export function buildCatalogue(
  declared: readonly { permission?: PermissionKey; singleton?: boolean; ownedBy?: string }[],
): readonly CatalogueEntry[] {
  const result: CatalogueEntry[] = [];
  const has = (key: PermissionKey) => result.some((e) => e.feature === key.feature && e.subFeature === key.subFeature);
  const own = (key: PermissionKey) =>
    OWN_ENTRIES.some((e) => e.feature === key.feature && e.subFeature === key.subFeature);
  for (const feature of FEATURES) {
    // A resource whose records are each an account's own (notifications) is not governed by the matrix.
    for (const { permission, singleton, ownedBy } of declared)
      if (permission?.feature === feature && !ownedBy && !own(permission) && !has(permission))
        result.push({
          feature,
          subFeature: permission.subFeature,
          capabilities: singleton ? SINGLETON_CAPABILITIES : CAPABILITIES,
        });
    result.push(...OWN_ENTRIES.filter((e) => e.feature === feature));
  }
  return result;
}

/**
 * The catalogue: by feature (in FEATURES' order), the declared resources' sub-features in the order of the
 * registry, then the feature's own entries. Built once, when this module loads (after the registry it reads).
 */
const CATALOGUE = buildCatalogue(resources);

export function permissionCatalogue(): readonly CatalogueEntry[] {
  return CATALOGUE;
}

/** Where a resource, a route or a screen sits in the matrix. */
export interface PermissionKey {
  feature: string;
  subFeature: string;
}

/**
 * The declared resource whose row of the catalogue an entry is, if any (the first that places itself there); the
 * others are OWN_ENTRIES. The admin names the row by the resource's words.
 */
export function resourceOfEntry(key: PermissionKey): ResourceDeclaration | undefined {
  return resources.find(
    (r) => !r.ownedBy && r.permission.feature === key.feature && r.permission.subFeature === key.subFeature,
  );
}

export function catalogueEntry(key: PermissionKey): CatalogueEntry | undefined {
  return permissionCatalogue().find((e) => e.feature === key.feature && e.subFeature === key.subFeature);
}

export function isAllowed(matrix: unknown, entry: PermissionKey, scope: Scope, capability: Capability): boolean {
  const m = (matrix ?? {}) as PermissionMatrix;
  return m[entry.feature]?.[entry.subFeature]?.[scope]?.[capability] === true;
}

/**
 * The widest scope in which a matrix allows a capability: Global (every row), Self (the rows the account
 * created), or undefined (not at all).
 */
export function scopeOf(matrix: unknown, key: PermissionKey, capability: Capability): Scope | undefined {
  if (isAllowed(matrix, key, 'Global', capability)) return 'Global';
  if (isAllowed(matrix, key, 'Self', capability)) return 'Self';
  return undefined;
}

/** The matrix with one capability set (a copy; cleared capabilities are left out). */
export function withPermission(
  matrix: PermissionMatrix,
  entry: PermissionKey,
  scope: Scope,
  capability: Capability,
  on: boolean,
): PermissionMatrix {
  const next: PermissionMatrix = structuredClone(matrix);
  const subs = (next[entry.feature] ??= {});
  const scopes = (subs[entry.subFeature] ??= {});
  const caps = (scopes[scope] ??= {});
  if (on) caps[capability] = true;
  else delete caps[capability];
  return next;
}

/** Every permission of the catalogue, in both scopes (Select All, and an Admin's effective matrix). */
export function everyPermission(): PermissionMatrix {
  const matrix: PermissionMatrix = {};
  for (const entry of permissionCatalogue()) {
    const scopes: Partial<Record<Scope, Partial<Record<Capability, boolean>>>> = {};
    for (const scope of SCOPES) scopes[scope] = Object.fromEntries(entry.capabilities.map((c) => [c, true]));
    (matrix[entry.feature] ??= {})[entry.subFeature] = scopes;
  }
  return matrix;
}

/** The union of matrices: a permission any of them grants. Only `true` values are kept. */
export function unionOf(matrices: readonly unknown[]): PermissionMatrix {
  let result: PermissionMatrix = {};
  for (const matrix of matrices) {
    for (const entry of permissionCatalogue())
      for (const scope of SCOPES)
        for (const capability of entry.capabilities)
          if (isAllowed(matrix, entry, scope, capability))
            result = withPermission(result, entry, scope, capability, true);
  }
  return result;
}

/** Each permission that `matrix` grants and `held` does not: `Company › Departments › Global › Edit`. */
export function grantedBeyond(matrix: unknown, held: unknown): string[] {
  const beyond: string[] = [];
  for (const entry of permissionCatalogue())
    for (const scope of SCOPES)
      for (const capability of entry.capabilities)
        if (isAllowed(matrix, entry, scope, capability) && !isAllowed(held, entry, scope, capability))
          beyond.push(`${entry.feature} › ${entry.subFeature} › ${scope} › ${capability}`);
  return beyond;
}

/**
 * What in a submitted matrix is not in the catalogue (an unknown feature, sub-feature or capability, or a
 * capability the sub-feature does not have: Add on the Dashboard). The shape itself is checked by validation.
 */
export function catalogueProblems(matrix: PermissionMatrix): string[] {
  const problems: string[] = [];
  for (const [feature, subs] of Object.entries(matrix)) {
    if (!permissionCatalogue().some((e) => e.feature === feature)) {
      problems.push(`"${feature}" is not a feature.`);
      continue;
    }
    for (const [subFeature, scopes] of Object.entries(subs)) {
      const entry = catalogueEntry({ feature, subFeature });
      if (!entry) {
        problems.push(`"${subFeature}" is not a part of ${feature}.`);
        continue;
      }
      for (const [scope, capabilities] of Object.entries(scopes))
        for (const [capability, on] of Object.entries(capabilities ?? {}))
          if (on && !entry.capabilities.includes(capability as Capability))
            problems.push(`${feature} › ${subFeature} has no ${capability} (${scope}).`);
    }
  }
  return problems;
}
