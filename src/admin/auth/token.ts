/**
 * Where the session lives in the browser. The spec's client keeps the bearer token under `authToken`; the
 * signed-in identity is kept beside it for the header. The password is never stored.
 */
export const TOKEN_KEY = 'authToken';
export const IDENTITY_KEY = 'authUser';

export interface StoredIdentity {
  id: number;
  name: string;
  email: string;
  userType: 'Admin' | 'Employee';
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
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

export function storeSession(token: string, identity: StoredIdentity): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(IDENTITY_KEY);
}
