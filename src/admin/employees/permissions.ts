/**
 * The permission matrix and its catalogue, shared with the server (src/resources/permissions.ts): the add and
 * edit forms and the views of employees and role permissions draw the same checkboxes from it.
 */
export {
  CAPABILITIES,
  permissionCatalogue,
  SCOPES,
  everyPermission,
  isAllowed,
  resourceOfEntry,
  withPermission,
  type Capability,
  type CatalogueEntry,
  type PermissionKey,
  type PermissionMatrix,
  type Scope,
} from '../../resources/permissions.ts';
