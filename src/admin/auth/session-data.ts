/**
 * The session as `GET /api/v2/session` answers it, read without the declarations: the sign-in screens load this
 * (through the auth provider) and not what decides access (access.ts), which needs every declaration.
 */
import type { PermissionMatrix } from '../../resources/permissions.ts';

/** The signed-in account and what it may do, as `GET /api/v2/session` answers it. */
export interface Session {
  id: number;
  name: string;
  email: string;
  userType: string;
  expiresAt: string;
  /** An Admin account (or an employee whose role is admin): everything is allowed. */
  admin: boolean;
  /** The effective matrix: feature → sub-feature → Self|Global → View|Add|Edit|Delete → true. */
  permissions: PermissionMatrix;
  /** How often the bell asks for new notifications (the server's NOTIFICATION_REFRESH_SECONDS; 30 by default). */
  notificationRefreshSeconds?: number;
  /** The back-office language this person chose, when they have chosen one. */
  locale?: 'en' | 'hi';
  /** The trust's time zone (the server's TRUST_TIMEZONE): every screen shows times in it. */
  timeZone?: string;
  /** The most rows a PDF export holds (the server's EXPORT_PDF_MAX_ROWS). */
  exportPdfMaxRows?: number;
}

/** The trust's time zone until the session says otherwise (the server's default TRUST_TIMEZONE). */
export const TRUST_TIME_ZONE = 'Asia/Kolkata';

export const NOTIFICATION_REFRESH_SECONDS = 30;

/** The most rows a PDF export holds until the session says otherwise (the server's default EXPORT_PDF_MAX_ROWS). */
export const EXPORT_PDF_MAX_ROWS = 2000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The session from the server's answer; throws when the answer is not one. */
export function parseSession(body: unknown): Session {
  if (
    !isRecord(body) ||
    typeof body.id !== 'number' ||
    typeof body.name !== 'string' ||
    typeof body.admin !== 'boolean' ||
    (body.permissions !== undefined && body.permissions !== null && !isRecord(body.permissions))
  ) {
    throw new Error('The server answered the session in a form the admin does not understand.');
  }
  return {
    id: body.id,
    name: body.name,
    email: typeof body.email === 'string' ? body.email : '',
    userType: typeof body.userType === 'string' ? body.userType : '',
    expiresAt: typeof body.expiresAt === 'string' ? body.expiresAt : '',
    admin: body.admin,
    permissions: (isRecord(body.permissions) ? body.permissions : {}) as PermissionMatrix,
    notificationRefreshSeconds:
      typeof body.notificationRefreshSeconds === 'number' && body.notificationRefreshSeconds >= 1
        ? body.notificationRefreshSeconds
        : NOTIFICATION_REFRESH_SECONDS,
    ...(body.locale === 'en' || body.locale === 'hi' ? { locale: body.locale } : {}),
    timeZone: typeof body.timeZone === 'string' && body.timeZone !== '' ? body.timeZone : TRUST_TIME_ZONE,
    exportPdfMaxRows:
      typeof body.exportPdfMaxRows === 'number' && body.exportPdfMaxRows >= 1
        ? body.exportPdfMaxRows
        : EXPORT_PDF_MAX_ROWS,
  };
}
