/**
 * Why the access-denied page is shown. A route guard passes the reason in the navigation state; a 403 from the
 * server reaches the page through react-admin's checkError redirect, which carries no state, so the auth
 * provider notes the server's sentence here first. Kept in memory only, and forgotten on sign-out.
 */

export const ACCESS_DENIED_ROUTE = '/access-denied';
export const AUTHENTICATION_ERROR_ROUTE = '/authentication-error';

export interface Denial {
  /** What was refused, in plain words: "Employees", "the Outbox". */
  area?: string;
  /** What doing it needs: "view", "add", "edit", "delete". */
  verb?: string;
  /** The permission it needs: "Company › Employees › View". */
  needed?: string;
  /** Only an administrator may (an admin-only screen). */
  adminOnly?: boolean;
  /** The server's sentence, when the server refused. */
  message?: string;
  /** Where the user was when it was refused. */
  path?: string;
}

let last: Denial | undefined;

export function noteDenial(denial: Denial): void {
  last = denial;
}

export function lastDenial(): Denial | undefined {
  return last;
}

export function forgetDenial(): void {
  last = undefined;
}

/** The denial carried in a navigation state (`{ denial }`), if there is one. */
export function denialFromState(state: unknown): Denial | undefined {
  if (state === null || typeof state !== 'object') return undefined;
  const denial = (state as { denial?: unknown }).denial;
  return denial !== null && typeof denial === 'object' ? (denial as Denial) : undefined;
}
