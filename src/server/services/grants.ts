/**
 * The rules of granting permissions, added to the writes of the records that carry them (employees, role
 * permissions, users), whatever API the write came through:
 *
 * - Nobody changes their own permissions: not their personal matrix, role, department or designation as an
 *   employee, not the matrix of a role that applies to them, not their user record's role.
 * - Changing another employee's matrix needs Edit on Employees in Global scope.
 * - Only an Admin grants a permission they do not hold themselves (what a change adds must be in the caller's
 *   own effective matrix), and only an Admin gives or takes the employee role `admin` (which counts as Admin).
 */
import { eq, sql } from 'drizzle-orm';
import { employees, rolePermissions, roles, users } from '../../resources/index.ts';
import { grantedBeyond, isAllowed, unionOf, type PermissionKey } from '../../resources/permissions.ts';
import { rowsOf } from '../db/client.ts';
import { tableOf } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import type { Caller } from './access.ts';
import { effectiveAccessOf, type Access } from './access.ts';
import type { RecordRow, ResourceBehaviour, Tx, WriteHooks } from './records.ts';

/**
 * Writes that can change who may do what take turns (tests/server/access-races.test.ts): each checks what the others
 * have committed. Two writes that each pass alone (a strong role moved onto an empty place; an account moved into that
 * place) would otherwise both pass at once and together give the account the role. Every write of the access-changing
 * resources takes this transaction-level lock first (WriteHooks.begin), before it reads anything its checks depend on;
 * under READ COMMITTED each later statement then sees what the writes before it committed. The lock is one key for the
 * whole access graph: such writes are rare and short, so a finer one would buy nothing.
 */
const ACCESS_GRAPH_LOCK = 0x7472_7573; // any constant of this product's own; 'trus'
export async function lockAccessGraph(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCESS_GRAPH_LOCK})`);
}

const NO_ACCESS: Access = Object.freeze({ admin: false, matrix: {} });

/** The author's effective access as the write's transaction sees it (not the few seconds old copy of the request). */
export async function accessInWrite(tx: Tx, caller: Caller): Promise<Access> {
  return (await effectiveAccessOf(tx, [caller.id])).get(caller.id) ?? NO_ACCESS;
}

/** What `target` may do that `author` may not (empty when the author's access covers it); an admin is everything. */
export function beyondCover(author: Access, target: Access): string[] {
  if (author.admin) return [];
  if (target.admin) return ['everything (the admin role)'];
  return grantedBeyond(target.matrix, author.matrix);
}

const OWN = 'Nobody changes their own permissions: ask another administrator.';
const EMPLOYEES: PermissionKey = employees.permission;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** Refuses a matrix that grants what the caller does not hold (unless an Admin); `before` was already granted. */
function checkGrant(caller: Caller, matrix: unknown, before: unknown): void {
  if (caller.access.admin) return;
  const beyond = grantedBeyond(matrix, unionOf([before ?? {}, caller.access.matrix]));
  if (beyond.length > 0) {
    throw forbidden(
      `Only an administrator grants a permission they do not hold themselves: ${beyond.slice(0, 3).join(', ')}${beyond.length > 3 ? ` and ${beyond.length - 3} more` : ''}.`,
    );
  }
}

/** The matrix of a role, if it has one. */
async function roleMatrix(tx: Tx, roleId: unknown): Promise<unknown> {
  if (typeof roleId !== 'number') return {};
  const table = tableOf(rolePermissions);
  const [row] = await tx.select({ permissions: table.permissions }).from(table).where(eq(table.role_id, roleId));
  return row?.permissions ?? {};
}

/** Whether a role's matrix applies to the caller: by their employee's department and designation, or user role. */
async function roleAppliesTo(tx: Tx, roleId: number, caller: Caller): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from roles r
    where r.id = ${roleId}
      and (exists (select 1 from employees e where e.account_id = ${caller.id}
                   and e.department_id = r.department_id and e.designation_id = r.designation_id)
           or exists (select 1 from users u where u.account_id = ${caller.id} and u.role_id = r.id))`);
  return rowsOf(result).length > 0;
}

function employeeHooks(caller: Caller): WriteHooks {
  return {
    async prepare(_tx, value, before) {
      const changed = (field: string) => !before || !same(value[field], before[field]);
      if (before && before.account_id === caller.id) {
        if (['permissions', 'role', 'department_id', 'designation_id'].some(changed)) throw forbidden(OWN);
      }
      const adminBefore = before?.role === 'admin';
      if ((value.role === 'admin') !== adminBefore && !caller.access.admin) {
        throw forbidden('Only an administrator gives or takes the admin role.');
      }
      if (before && changed('permissions') && !caller.access.admin) {
        if (!isAllowed(caller.access.matrix, EMPLOYEES, 'Global', 'Edit')) {
          throw forbidden("Changing another employee's permissions needs Edit on Employees in Global scope.");
        }
      }
      if (changed('permissions')) checkGrant(caller, value.permissions, before?.permissions);
    },
  };
}

function rolePermissionHooks(caller: Caller): WriteHooks {
  return {
    async prepare(tx, value, before) {
      if (caller.access.admin) return;
      for (const roleId of new Set([value.role_id, before?.role_id])) {
        if (typeof roleId === 'number' && (await roleAppliesTo(tx, roleId, caller))) throw forbidden(OWN);
      }
      checkGrant(caller, value.permissions, before?.role_id === value.role_id ? before?.permissions : undefined);
    },
    async after(tx, row: RecordRow, before) {
      // A deletion: the matrix is taken away, which is a change of the permissions of those it applied to.
      if (caller.access.admin || before !== row) return;
      if (await roleAppliesTo(tx, row.role_id as number, caller)) throw forbidden(OWN);
    },
  };
}

function userHooks(caller: Caller): WriteHooks {
  return {
    async prepare(tx, value, before) {
      if (caller.access.admin || (before && same(value.role_id, before.role_id))) return;
      if (before?.account_id === caller.id) throw forbidden(OWN);
      checkGrant(caller, await roleMatrix(tx, value.role_id), undefined);
    },
  };
}

export const employeeGrants: ResourceBehaviour = {
  create: (_secrets, caller) => employeeHooks(caller),
  update: (_secrets, caller) => employeeHooks(caller),
};

export const rolePermissionGrants: ResourceBehaviour = {
  create: (_secrets, caller) => rolePermissionHooks(caller),
  update: (_secrets, caller) => rolePermissionHooks(caller),
  delete: (caller) => rolePermissionHooks(caller),
};

export const userGrants: ResourceBehaviour = {
  create: (_secrets, caller) => userHooks(caller),
  update: (_secrets, caller) => userHooks(caller),
};

export const grantRules = [
  [employees, employeeGrants],
  [rolePermissions, rolePermissionGrants],
  [users, userGrants],
] as const;

/**
 * The rule behind every grant (docs/decisions.md, "Access control: every route says who may call it";
 * tests/server/escalation.test.ts): a write that can change anyone's effective permissions (a role's placement, active
 * flag or matrix; an employee's department, designation, role or matrix; a user's role) is allowed only if no account
 * ends up with a capability its author does not hold, unless the author is an Admin. The accounts the write can reach
 * are found before it and again after it (a new employee's account included), their effective access is computed in the
 * write's transaction on both sides (the one definition in access.ts), and what any of them gained must lie within the
 * author's own matrix; becoming admin is gaining everything. This holds whatever route or field made the change, so the
 * rules above are refinements, not the safety net.
 */
type Placement = { department_id: unknown; designation_id: unknown };

/** Accounts whose access depends on a role: employees in its placement, users holding it. */
async function accountsOfRoles(tx: Tx, roles: { id?: unknown; placement?: Placement }[]): Promise<number[]> {
  const conditions = roles.flatMap(({ id, placement }) => [
    ...(placement && typeof placement.department_id === 'number' && typeof placement.designation_id === 'number'
      ? [
          sql`id in (select account_id from employees where department_id = ${placement.department_id} and designation_id = ${placement.designation_id})`,
        ]
      : []),
    ...(typeof id === 'number' ? [sql`id in (select account_id from users where role_id = ${id})`] : []),
  ]);
  if (conditions.length === 0) return [];
  const result = await tx.execute(
    sql`select id as account_id from accounts where ${sql.join(
      conditions.map((c) => sql`(${c})`),
      sql` or `,
    )}`,
  );
  return rowsOf<{ account_id: number }>(result).map((row) => Number(row.account_id));
}

/** The accounts a write of `resource` can reach, from the record's values before and after it. */
async function reachedAccounts(tx: Tx, resource: string, rows: (Record<string, unknown> | undefined)[]) {
  const present = rows.filter((row): row is Record<string, unknown> => row !== undefined);
  switch (resource) {
    case 'employees':
    case 'users':
      return present.map((row) => row.account_id).filter((id): id is number => typeof id === 'number');
    case 'roles':
      return accountsOfRoles(
        tx,
        present.map((row) => ({ id: row.id, placement: row as Placement })),
      );
    case 'role_permissions': {
      const roleIds = [...new Set(present.map((row) => row.role_id).filter((id) => typeof id === 'number'))];
      if (roleIds.length === 0) return [];
      const table = tableOf('roles');
      const roles = await tx
        .select({ id: table.id, department_id: table.department_id, designation_id: table.designation_id })
        .from(table)
        .where(
          sql`${table.id} in (${sql.join(
            roleIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      return accountsOfRoles(
        tx,
        roles.map((role) => ({ id: role.id, placement: role as Placement })),
      );
    }
    default:
      return [];
  }
}

function noGainBeyondAuthor(resource: string, caller: Caller): WriteHooks {
  let before = new Map<number, Access>();
  let reachedBefore: number[] = [];
  let author: Access = NO_ACCESS;
  return {
    begin: lockAccessGraph,
    async prepare(tx, value, stored) {
      author = await accessInWrite(tx, caller);
      if (author.admin) return;
      reachedBefore = await reachedAccounts(tx, resource, [stored, stored ? { ...stored, ...value } : value]);
      before = await effectiveAccessOf(tx, reachedBefore);
    },
    async after(tx, row, stored) {
      if (author.admin) return;
      const reached = [...reachedBefore, ...(await reachedAccounts(tx, resource, [stored, row]))];
      const after = await effectiveAccessOf(tx, reached);
      for (const [accountId, now] of after) {
        const was = before.get(accountId) ?? { admin: false, matrix: {} };
        const gained =
          now.admin && !was.admin
            ? ['everything (the admin role)']
            : grantedBeyond(now.matrix, unionOf([was.matrix, author.matrix]));
        if (gained.length === 0) continue;
        const [account] = rowsOf<{ name: string }>(
          await tx.execute(sql`select name from accounts where id = ${accountId}`),
        );
        const who = accountId === caller.id ? 'you' : (account?.name ?? `account ${accountId}`);
        throw forbidden(
          `This change would give ${who} permissions you do not hold yourself: ${gained.slice(0, 3).join(', ')}${gained.length > 3 ? ` and ${gained.length - 3} more` : ''}. Ask an administrator.`,
        );
      }
    },
  };
}

/** The rule above as a behaviour of a resource, added after the others (it must see the accounts they create). */
export const noGainBeyondAuthorOf = (resource: string): ResourceBehaviour => ({
  create: (_secrets, caller) => noGainBeyondAuthor(resource, caller),
  update: (_secrets, caller) => noGainBeyondAuthor(resource, caller),
  // A deletion takes access away only, but it too waits its turn, so that no check reads a graph it is changing.
  delete: () => ({ begin: lockAccessGraph }),
});

/** The resources whose writes can change someone's effective permissions. */
export const ACCESS_CHANGING = [employees, users, roles, rolePermissions] as const;
