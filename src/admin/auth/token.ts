/**
 * What the browser keeps of a sign-in. The session itself is the server's HttpOnly cookie, which no script can
 * read, so an injected script cannot carry it away (docs/security.md). Kept here: the signed-in identity (name,
 * email, user type; no token, no password) for the header, and the reading of the `XSRF-TOKEN` cookie that every
 * request that changes something repeats in its `X-XSRF-TOKEN` header.
 */
export const IDENTITY_KEY = 'authUser';
/** Where an earlier version kept the bearer token: removed on sight. */
const LEGACY_TOKEN_KEY = 'authToken';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface StoredIdentity {
  id: number;
  name: string;
  email: string;
  userType: 'Admin' | 'Employee';
}

export function getStoredIdentity(): StoredIdentity | null {
  const raw = localStorage.getItem(IDENTITY_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredIdentity;
  } catch {
    return null;
  }
}

/** Whether this browser believes it is signed in (the server decides: a 401 signs out). */
export function hasSession(): boolean {
  return getStoredIdentity() !== null;
}

export function storeIdentity(identity: StoredIdentity): void {
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
}

export function clearSession(): void {
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  localStorage.removeItem(IDENTITY_KEY);
}

/** The `XSRF-TOKEN` cookie's value, if the server has set one. */
export function xsrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === XSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Whether the server has given this browser a session: the `XSRF-TOKEN` cookie, which the server sets beside the
 * HttpOnly session cookie at sign-in, with the same lifetime, and clears with it (sign-out, a password change, a
 * session it no longer knows). No cookie: there is nothing to ask the server about, and asking would only earn a
 * 401. The cookie's value is no secret of its own (a hash of the session that another site can neither read nor set).
 */
export function hasServerSession(): boolean {
  return xsrfToken() !== undefined;
}

/** Whether a request of this method changes something, and so must carry the XSRF token. */
export const isUnsafe = (method: string | undefined) =>
  !['GET', 'HEAD', 'OPTIONS'].includes((method ?? 'GET').toUpperCase());
