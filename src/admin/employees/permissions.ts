/**
 * The permission matrix of an employee: feature → sub-feature → scope (Self, Global) → capability (View, Add,
 * Edit, Delete) → boolean, the shape src/resources/validation.ts checks. The catalogue of features and
 * sub-features is the product's modules, in one place for the add and edit forms and the view.
 */
import { CAPABILITIES, SCOPES } from '../../resources/validation.ts';

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

const ALL = CAPABILITIES;
const entries = (feature: string, subFeatures: string[], capabilities: readonly Capability[] = ALL) =>
  subFeatures.map((subFeature) => ({ feature, subFeature, capabilities }));

export const PERMISSION_CATALOGUE: readonly CatalogueEntry[] = [
  ...entries('Dashboard', ['Dashboard'], ['View']),
  ...entries('Company', ['Departments', 'Designations', 'Employees', 'Roles', 'Role Permissions']),
  ...entries('Activity', ['Activity Logs', 'Audit Logs']),
  ...entries('User', ['User List']),
  ...entries('Master Data', ['Countries', 'States', 'Cities']),
  ...entries('Media', ['News', 'Events', 'Blog', 'Press Coverage', 'Articles', 'Advertisements', 'Online Coverages']),
  ...entries('Gallery', ['Images', 'Videos']),
  ...entries('Donations', ['Donations']),
  ...entries('Contact', ['Contact Messages']),
];

export { CAPABILITIES, SCOPES };

export function isAllowed(matrix: unknown, entry: CatalogueEntry, scope: Scope, capability: Capability): boolean {
  const m = (matrix ?? {}) as PermissionMatrix;
  return m[entry.feature]?.[entry.subFeature]?.[scope]?.[capability] === true;
}

/** The matrix with one capability set (a copy; cleared capabilities are left out). */
export function withPermission(
  matrix: PermissionMatrix,
  entry: CatalogueEntry,
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

/** Every permission of the catalogue, in both scopes (Select All). */
export function everyPermission(): PermissionMatrix {
  let matrix: PermissionMatrix = {};
  for (const entry of PERMISSION_CATALOGUE) {
    for (const scope of SCOPES)
      for (const capability of entry.capabilities) {
        matrix = withPermission(matrix, entry, scope, capability, true);
      }
  }
  return matrix;
}
