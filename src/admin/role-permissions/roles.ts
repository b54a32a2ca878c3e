/**
 * The roles as the role-permission screens read them: a role permission stores only its role, and the role
 * carries its name, department and designation (the roles list rows carry `department_name` and `designation`,
 * on the server's /api/v1 list and in the memory provider alike). One list of every role answers the list's
 * names, its role filter and its search, and the forms' choice of role.
 */
import { useGetList, type Identifier, type RaRecord } from 'react-admin';
import { ALL_ROWS, ID_ORDER } from '../generator/name-filter.tsx';

export interface RoleInfo {
  id: Identifier;
  roleName: string;
  departmentId: Identifier | null;
  departmentName: string;
  designationId: Identifier | null;
  designationName: string;
  isActive: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function roleInfo(row: RaRecord): RoleInfo {
  return {
    id: row.id,
    roleName: text(row.role_name),
    departmentId: (row.department_id as Identifier | null | undefined) ?? null,
    departmentName: text(row.department_name),
    designationId: (row.designation_id as Identifier | null | undefined) ?? null,
    designationName: text(row.designation),
    isActive: row.is_active !== false,
  };
}

/** Every role, in id order, with its department and designation names. */
export function useRoles(): { roles: RoleInfo[]; byId: Map<string, RoleInfo>; isPending: boolean; error: unknown } {
  const { data, isPending, error } = useGetList('roles', { pagination: ALL_ROWS, sort: ID_ORDER });
  const roles = (data ?? []).map(roleInfo);
  return { roles, byId: new Map(roles.map((role) => [String(role.id), role])), isPending, error };
}

/**
 * The ids of the roles a search and a role-name filter leave (undefined when neither narrows): the search
 * matches the role's name, department or designation, case-insensitively; the filter is a role name, which
 * several roles may share (a Manager in two departments).
 */
export function matchingRoleIds(roles: RoleInfo[], search: string, roleName?: string): Identifier[] | undefined {
  const needle = search.trim().toLowerCase();
  if (needle === '' && roleName === undefined) return undefined;
  return roles
    .filter((role) => roleName === undefined || role.roleName === roleName)
    .filter(
      (role) =>
        needle === '' ||
        [role.roleName, role.departmentName, role.designationName].some((name) => name.toLowerCase().includes(needle)),
    )
    .map((role) => role.id);
}
