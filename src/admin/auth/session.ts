/**
 * The session of the signed-in account (`GET /api/v2/session`), kept in memory for the life of the app: loaded
 * when the app starts (the auth provider's checkAuth) and after a sign-in, again after the server refused a page
 * (the matrix may have changed), and forgotten on sign-out. No token lives in the browser's storage: the session is the HttpOnly cookie.
 */
import { apiGet, browserFetch, type FetchLike } from './api-fetch.ts';
import { parseSession, type Session } from './session-data.ts';

export const SESSION_PATH = '/api/v2/session';

export interface SessionStore {
  /** The session known now, if any. */
  current(): Session | null;
  /**
   * The session being loaded (a refresh under way is waited for; if it fails, the one known still counts), or
   * the one known, or a new load.
   */
  get(): Promise<Session>;
  /** Loads the session anew (a 401 rejects with an HttpError of status 401). */
  load(): Promise<Session>;
  /** Forgets it (sign-out); a load still under way is ignored. */
  clear(): void;
}

export function createSessionStore(fetchImpl: FetchLike = browserFetch): SessionStore {
  let current: Session | null = null;
  let pending: Promise<Session> | null = null;
  let generation = 0;

  const load = (): Promise<Session> => {
    const mine = ++generation;
    const request = apiGet<unknown>(SESSION_PATH, fetchImpl)
      .then(parseSession)
      .then((session) => {
        if (mine === generation) current = session;
        return session;
      })
      .finally(() => {
        if (pending === request) pending = null;
      });
    pending = request;
    return request;
  };

  return {
    current: () => current,
    get: () => {
      const known = current;
      if (pending) return known ? pending.catch(() => known) : pending;
      return known ? Promise.resolve(known) : load();
    },
    load,
    clear() {
      generation += 1;
      current = null;
      pending = null;
    },
  };
}
