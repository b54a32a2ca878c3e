/**
 * Every area of hand-written words, with its Hindi: one line per area. i18n.ts puts each under `app.<area>` in the
 * two catalogues; catalogues.test.ts checks that the Hindi has every key, the same placeholders, and Devanagari.
 */
import {
  ACCESS,
  ACCESS_HI,
  AUTH,
  AUTH_HI,
  DASHBOARD,
  DASHBOARD_HI,
  HEADER,
  HEADER_HI,
  NOTIFICATIONS,
  NOTIFICATIONS_HI,
  PAGES,
  PAGES_HI,
  SHELL,
  SHELL_HI,
} from '../messages.ts';
import { AUDIT, AUDIT_HI } from '../audit/messages.ts';
import { CONTACT_ACTIONS, CONTACT_ACTIONS_HI } from '../contact/messages.ts';
import {
  DONATION_ACTIONS,
  DONATION_ACTIONS_HI,
  RECEIPT,
  RECEIPT_HI,
  REGISTRATION,
  REGISTRATION_HI,
} from '../donations/messages.ts';
import { COMPANY, COMPANY_HI } from '../company/messages.ts';
import { ROLE_PERMISSION, ROLE_PERMISSION_HI } from '../role-permissions/messages.ts';
import { MENU_WORDS, MENU_WORDS_HI } from '../layout/menuWords.ts';
import { ACCOUNT, ACCOUNT_HI, PASSWORD_WORDS, PASSWORD_WORDS_HI } from '../account/messages.ts';
import { USER, USER_HI } from '../users/messages.ts';
import { ACTIVITY, ACTIVITY_HI } from '../activity/messages.ts';
import { OUTBOX, OUTBOX_HI } from '../outbox/messages.ts';
import { REGISTER, REGISTER_HI } from '../register/messages.ts';
import { EMPLOYEE, EMPLOYEE_HI, PERMISSION_TABLE, PERMISSION_TABLE_HI } from '../employees/messages.ts';
import { BACKUP_CARD, BACKUP_CARD_HI } from '../dashboard/backupWords.ts';
import { FORMAT, FORMAT_HI } from './format.ts';
import { SAID, SAID_HI } from './said.ts';
import { areaOf, type Templates } from './words.ts';

export const AREAS: readonly (readonly [Templates, Templates])[] = [
  [SHELL, SHELL_HI],
  [AUTH, AUTH_HI],
  [HEADER, HEADER_HI],
  [NOTIFICATIONS, NOTIFICATIONS_HI],
  [DASHBOARD, DASHBOARD_HI],
  [BACKUP_CARD, BACKUP_CARD_HI],
  [PAGES, PAGES_HI],
  [ACCESS, ACCESS_HI],
  [MENU_WORDS, MENU_WORDS_HI],
  [FORMAT, FORMAT_HI],
  [SAID, SAID_HI],
  [ROLE_PERMISSION, ROLE_PERMISSION_HI],
  [COMPANY, COMPANY_HI],
  [DONATION_ACTIONS, DONATION_ACTIONS_HI],
  [RECEIPT, RECEIPT_HI],
  [REGISTRATION, REGISTRATION_HI],
  [CONTACT_ACTIONS, CONTACT_ACTIONS_HI],
  [AUDIT, AUDIT_HI],
  [REGISTER, REGISTER_HI],
  [ACCOUNT, ACCOUNT_HI],
  [PASSWORD_WORDS, PASSWORD_WORDS_HI],
  [USER, USER_HI],
  [ACTIVITY, ACTIVITY_HI],
  [OUTBOX, OUTBOX_HI],
  [EMPLOYEE, EMPLOYEE_HI],
  [PERMISSION_TABLE, PERMISSION_TABLE_HI],
];

export function englishAreas(): Record<string, Templates> {
  return Object.fromEntries(AREAS.map(([english]) => [areaOf(english), english]));
}

export function hindiAreas(): Record<string, Templates> {
  return Object.fromEntries(AREAS.map(([english, hindi]) => [areaOf(english), hindi]));
}
