/**
 * The login form's "Save Password" box remembers the email address on this device, never the password.
 */
export const REMEMBERED_EMAIL_KEY = 'savedLoginEmail';

export function getRememberedEmail(): string | null {
  return localStorage.getItem(REMEMBERED_EMAIL_KEY);
}

export function rememberEmail(email: string | null): void {
  if (email) localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
}
