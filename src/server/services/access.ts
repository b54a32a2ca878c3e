/**
 * Who may do what. An Admin account may do everything, and so may an employee whose role is `admin`. Anyone
 * else holds the union of: the employee's own matrix; the matrices of the active roles of the employee's
 * department and designation; the matrix of the role of the account's user record (`users.role_id`).
 *
 * The effective access of an account is computed in one statement and remembered for a few seconds; every write
 * of this process to employees, users, roles or role permissions forgets all of it at once, so a change of
 * permissions applies to the next request. So does a write of another process sharing the PostgreSQL database,
 * heard through its change notices before the next request (db/changes.ts, wired in app.ts), as with sessions.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  everyPermission,
  scopeOf,
  unionOf,
  type Capability,
  type PermissionKey,
  type PermissionMatrix,
  type Scope,
} from '../../resources/permissions.ts';
import { referrersOf, resources } from '../../resources/index.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { forbidden } from '../errors.ts';
import type { AccountType } from './audit.ts';
import type { SessionAccount } from './auth.ts';

export interface Access {
  /** An Admin account, or an employee whose role is admin: everything, in Global scope. */
  admin: boolean;
  /** The effective matrix (every permission for an admin). */
  matrix: PermissionMatrix;
}

/** A signed-in account, with its effective access: what routes and the record service act for. */
export type Caller = SessionAccount & { access: Access };

/** Resources whose writes change someone's access. */
export const ACCESS_RESOURCES = new Set(['employees', 'users', 'roles', 'role_permissions']);

export const ACCESS_CACHE_MS = 5_000;
const ACCESS_CACHE_MAX = 10_000;

const ADMIN_ACCESS: Access = Object.freeze({ admin: true, matrix: everyPermission() });

/** The widest scope in which `access` allows `capability` on `key`, or undefined. */
export function scopeFor(access: Access, key: PermissionKey, capability: Capability): Scope | undefined {
  return access.admin ? 'Global' : scopeOf(access.matrix, key, capability);
}

/** The sentence of a 403: what was refused, in the words of the matrix. */
export function forbiddenFor(key: PermissionKey, capability: Capability): Error {
  const verb = { View: 'view', Add: 'add', Edit: 'edit', Delete: 'delete' }[capability];
  return forbidden(
    `You do not have permission to ${verb} ${key.subFeature} (${key.feature} › ${key.subFeature} › ${capability}). Ask an administrator for access.`,
  );
}

/**
 * Whether the account may look up the records of `key` to fill in a form it may submit: it may Add or Edit a
 * resource that refers to them (choosing an employee's department needs the departments, even without View on
 * Departments). Such a lookup reads in Global scope; it opens no screen of the looked-up area.
 */
export function mayLookUp(access: Access, key: PermissionKey): boolean {
  const referrers = REFERRING_KEYS.get(`${key.feature} › ${key.subFeature}`) ?? [];
  return referrers.some((referrer) => scopeFor(access, referrer, 'Add') || scopeFor(access, referrer, 'Edit'));
}

/** For each place in the matrix, the places of the resources that refer to its records (found once, at load). */
const REFERRING_KEYS = new Map<string, PermissionKey[]>();
for (const resource of resources) {
  const place = `${resource.permission.feature} › ${resource.permission.subFeature}`;
  const keys = REFERRING_KEYS.get(place) ?? [];
  for (const { resource: referrer } of referrersOf(resource.name)) keys.push(referrer.permission);
  REFERRING_KEYS.set(place, keys);
}

/** The scope in which the records of `key` may be read: by View, or Global for a form's lookup (mayLookUp). */
export function viewScope(access: Access, key: PermissionKey): Scope | undefined {
  return scopeFor(access, key, 'View') ?? (mayLookUp(access, key) ? 'Global' : undefined);
}

/** The scope in which `capability` is allowed, or a 403. */
export function requireScope(access: Access, key: PermissionKey, capability: Capability): Scope {
  const scope = capability === 'View' ? viewScope(access, key) : scopeFor(access, key, capability);
  if (!scope) throw forbiddenFor(key, capability);
  return scope;
}

export class AccessService {
  private readonly database: Database;
  private readonly cache = new Map<number, { access: Access; until: number; generation: number }>();
  private generation = 0;

  constructor(database: Database) {
    this.database = database;
  }

  /** Forgets every remembered access (after a write that may change someone's). */
  forget(): void {
    this.generation += 1;
    this.cache.clear();
  }

  async of(account: { id: number; userType: AccountType }): Promise<Access> {
    if (account.userType === 'Admin') return ADMIN_ACCESS;
    // Nothing is remembered while another process's changes are not heard (db/changes.ts).
    const live = this.database.changes.live;
    const remembered = live ? this.cache.get(account.id) : undefined;
    if (remembered && remembered.until > Date.now() && remembered.generation === this.generation) {
      return remembered.access;
    }
    const generation = this.generation;
    const access = await this.compute(account.id);
    if (live && generation === this.generation && this.database.changes.live) {
      if (this.cache.size >= ACCESS_CACHE_MAX) this.cache.clear();
      this.cache.set(account.id, { access, until: Date.now() + ACCESS_CACHE_MS, generation });
    }
    return access;
  }

  private async compute(accountId: number): Promise<Access> {
    return (await effectiveAccessOf(this.database.db, [accountId])).get(accountId) ?? NO_ACCESS;
  }
}

const NO_ACCESS: Access = Object.freeze({ admin: false, matrix: {} });

/**
 * The roles whose matrices apply to account `a` (its employee `e`, role `r`): active, and of the employee's
 * department and designation or the role of the account's user record. One text for both statements below.
 */
const ROLE_APPLIES = sql.raw(`r.is_active
               and ((e.department_id = r.department_id and e.designation_id = r.designation_id)
                    or r.id in (select u.role_id from users u where u.account_id = a.id))`);

/**
 * The ids of the active accounts that hold `capability` on `key` in Global scope, as a subquery: effectiveAccessOf's
 * rule (admins; else the employee's own matrix or an applying role's) asked of every account in one statement,
 * where asking effectiveAccessOf would read every account's matrices. Without `key`, the admins alone.
 * tests/server/notifications.test.ts holds the two to the same answer.
 */
export function accountsHolding(key: PermissionKey | undefined, capability: Capability): SQL {
  const path = key ? sql`array[${key.feature}, ${key.subFeature}, 'Global', ${capability}]::text[]` : undefined;
  return sql`select a.id from accounts a
    left join employees e on e.account_id = a.id
    where a.is_active and (a.user_type = 'Admin' or e.role = 'admin'${
      path
        ? sql` or e.permissions #>> ${path} = 'true'
      or exists (select 1 from role_permissions rp join roles r on r.id = rp.role_id
                 where ${ROLE_APPLIES} and rp.permissions #>> ${path} = 'true')`
        : sql``
    })`;
}

/** Where a statement can run: the database, or a write's transaction (which sees its own changes). */
type Executor = Pick<Database['db'], 'execute'>;

/**
 * The effective access of accounts, in one statement: the one definition of who may do what (AccessService and
 * the rule that no write gives anyone more than its author holds, services/grants.ts, both read it). An Admin
 * account, or an employee whose role is `admin`, is admin; anyone else holds the union of the employee's own
 * matrix, the matrices of the active roles of the employee's department and designation, and the matrix of the
 * role of the account's user record. Accounts that do not exist are left out of the answer.
 */
export async function effectiveAccessOf(executor: Executor, accountIds: number[]): Promise<Map<number, Access>> {
  const ids = [...new Set(accountIds)];
  const found = new Map<number, Access>();
  if (ids.length === 0) return found;
  const result = await executor.execute(sql`
    select a.id as account_id, a.user_type,
           e.role as employee_role,
           e.permissions as personal,
           coalesce((
             select json_agg(rp.permissions)
             from role_permissions rp
             join roles r on r.id = rp.role_id
             where ${ROLE_APPLIES}
           ), '[]'::json) as role_matrices
    from accounts a
    left join employees e on e.account_id = a.id
    where a.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  for (const row of rowsOf<{
    account_id: number;
    user_type: string;
    employee_role: string | null;
    personal: unknown;
    role_matrices: unknown;
  }>(result)) {
    if (row.user_type === 'Admin' || row.employee_role === 'admin') {
      found.set(Number(row.account_id), ADMIN_ACCESS);
      continue;
    }
    const roleMatrices = typeof row.role_matrices === 'string' ? JSON.parse(row.role_matrices) : row.role_matrices;
    found.set(Number(row.account_id), {
      admin: false,
      matrix: unionOf([row.personal ?? {}, ...((roleMatrices as unknown[]) ?? [])]),
    });
  }
  return found;
}
