/**
 * Every redirect of this server, and the only place that sets a Location (tests/server/redirects.test.ts checks the
 * source for any other). A Location is built from a path of this site alone: parsed as WHATWG URL against a fixed
 * base, its dot segments resolved and its repeated slashes merged, and answered only when a browser resolves it to
 * this origin. So no spelling a visitor controls (`/\evil`, `//evil`, `/.//evil`, `/%2e//evil`, a tab or a newline
 * that a browser drops, `https:`, `javascript:`) can send anyone to another site, and no control character reaches a
 * header (Node would refuse it with a 500).
 */
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors.ts';

/** The base paths are resolved against: any fixed origin does, since only the path and query are kept. */
const BASE = 'http://site.invalid';
const MAX_LENGTH = 2048;

/** ASCII control characters, whitespace and the backslash (which browsers read as `/`). */
// eslint-disable-next-line no-control-regex -- control characters are what a Location must never carry
const UNSAFE = /[\u0000-\u001f\u007f\s\\]/;
/** What the decoded path may not hold: an encoded space stays encoded in the Location, harmless. */
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_DECODED = /[\u0000-\u001f\u007f\\]/;

export const REDIRECT_MESSAGES = {
  notSitePath:
    'This is not an address of this site: it has a control character, a backslash or a space, or leads elsewhere. Check the link and try again.',
} as const;

/**
 * `target` as a path of this site (path and query, never a fragment), normalised, or undefined when it is not one:
 * it must start with exactly one `/`, hold no control character, whitespace or backslash, and its percent-decoded
 * path no control character or backslash.
 */
export function sitePath(target: string): string | undefined {
  if (target.length > MAX_LENGTH || !/^\/(?![/\\])/.test(target) || UNSAFE.test(target)) return undefined;
  const hash = target.indexOf('#');
  const withoutHash = hash < 0 ? target : target.slice(0, hash);
  const question = withoutHash.indexOf('?');
  const path = question < 0 ? withoutHash : withoutHash.slice(0, question);
  const query = question < 0 ? '' : withoutHash.slice(question);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (UNSAFE_DECODED.test(decoded)) return undefined;
  // Merged before the dots are resolved, so that `/.//evil` cannot become `//evil`; and again after, to be sure.
  const url = new URL(path.replace(/\/{2,}/g, '/') + query, BASE);
  const location = url.pathname.replace(/\/{2,}/g, '/') + url.search;
  if (!/^\/(?![/\\])/.test(location) || UNSAFE.test(location)) return undefined;
  return new URL(location, BASE).origin === BASE ? location : undefined;
}

/** The query of a request URL (`?…`, or empty), as it came. */
export const queryOf = (url: string): string => {
  const question = url.indexOf('?');
  return question < 0 ? '' : url.slice(question);
};

/**
 * Answers a redirect to `target`, a path of this site (sitePath); a target that is not one is answered 400 with a
 * sentence, never sent on.
 */
export function redirect(reply: FastifyReply, target: string, status: 301 | 302 | 303 | 307 | 308): FastifyReply {
  const location = sitePath(target);
  if (location === undefined) throw badRequest(REDIRECT_MESSAGES.notSitePath);
  return reply.redirect(location, status);
}
