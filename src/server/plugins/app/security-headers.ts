/**
 * Headers of every answer. The Content-Security-Policy lets the admin page run only the scripts of its own origin
 * (the Vite build has no inline script; its files have hashed names), load nothing else from elsewhere but images
 * over https (a gallery's thumbnail or picture may be given as the https:// address of an image, which the browser
 * shows as given and the server never fetches: docs/decisions.md), and never be framed; styles may be inline
 * because MUI's emotion writes them at run time (scripts are what an injection would need). Answers that say nothing of caching are not stored (`no-store`): API answers carry personal data and
 * permissions; the admin's files, uploads and the API description set their own. Over HTTPS, every answer carries
 * Strict-Transport-Security (HSTS).
 */
import type { FastifyInstance } from 'fastify';
import { isSecure } from './session-cookie.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // An image given by address (resources/gallery.ts, `allowUrl`): https only, as validation.ts accepts it.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Nothing the product does needs the device's sensors, payment handlers or other powerful features. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * Strict-Transport-Security when the site is reached over HTTPS (PUBLIC_URL): a browser that has seen it comes back
 * over HTTPS only for a year, so nobody on the network can strip it to plain http. This host only: a trust's other
 * hosts (an old site, a mail or printer page) may not all speak HTTPS, and includeSubDomains would make browsers
 * refuse them; no preload, which is hard to undo. Never over plain http, where a browser ignores it anyway and an
 * operator moving to HTTPS later starts clean.
 */
export const HSTS = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance): void {
  const strictTransport = isSecure(app.services.config.PUBLIC_URL);
  // A callback rather than an async function: this runs for every answer, and an async hook costs a promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (strictTransport) reply.header('Strict-Transport-Security', HSTS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    // The public pages let the video players they embed play once clicked (routes/web/site.ts).
    if (!reply.hasHeader('Permissions-Policy')) reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
