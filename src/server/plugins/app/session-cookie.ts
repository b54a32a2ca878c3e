/**
 * The admin app's session: an HttpOnly, SameSite=Strict cookie that no script can read (an injected script cannot
 * carry the session away), and the `XSRF-TOKEN` double-submit check that the spec's HTTP client names: a
 * cookie-authenticated request that changes something must repeat, in the `X-XSRF-TOKEN` header, the value of the
 * `XSRF-TOKEN` cookie, which only a page of this origin can read. That value is derived from the session token
 * (a hash), so it needs no storage, changes with every sign-in and cannot be set or guessed by another site.
 * Bearer tokens (the /api/v1 contract's clients) are unchanged: a page of another site cannot set that header, so
 * they need no XSRF check.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../errors.ts';

/** The cookie's name: with the `__Host-` prefix when it is Secure (the browser then refuses it from elsewhere). */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-session' : 'session');
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export const SESSION_COOKIE_MESSAGES = {
  xsrf: "The request did not carry the page's XSRF token; reload the page and try again.",
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the admin is reached over HTTPS (PUBLIC_URL): cookies are then Secure. */
export const isSecure = (publicUrl: string) => publicUrl.startsWith('https://');

export const xsrfTokenOf = (sessionToken: string) =>
  createHash('sha256').update(`xsrf:${sessionToken}`).digest('base64url');

export async function registerSessionCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
}

/** The session token of the request's cookie, if it has one. */
export function sessionCookieOf(request: FastifyRequest, secure: boolean): string | undefined {
  const value = request.cookies[sessionCookieName(secure)];
  return value === undefined || value === '' ? undefined : value;
}

/** Refuses a cookie-authenticated request that changes something without the page's XSRF token. */
export function requireXsrf(request: FastifyRequest, sessionToken: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const sent = request.headers[XSRF_HEADER];
  const expected = Buffer.from(xsrfTokenOf(sessionToken));
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden(SESSION_COOKIE_MESSAGES.xsrf);
  }
}

/** Sets the session cookie and its XSRF token after a sign-in. */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  options: { secure: boolean; maxAgeSeconds: number },
): void {
  const common = { path: '/', sameSite: 'strict' as const, secure: options.secure, maxAge: options.maxAgeSeconds };
  reply.setCookie(sessionCookieName(options.secure), token, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, xsrfTokenOf(token), { ...common, httpOnly: false });
}

/** Clears both cookies (sign-out, a password change). */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const common = { path: '/', sameSite: 'strict' as const, secure };
  reply.clearCookie(sessionCookieName(secure), { ...common, httpOnly: true });
  reply.clearCookie(XSRF_COOKIE, { ...common, httpOnly: false });
}
