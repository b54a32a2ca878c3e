/**
 * Notifications: what the header's bell shows. Each is one account's (`recipient_id`, the declaration's `ownedBy`):
 * the server writes one row for every active account whose permissions cover the notification's place in the
 * matrix, in one statement; each account then reads, marks and deletes its own through the generic /api/v2 routes
 * (services/records.ts narrows them to the caller's), and marks all of its own read here.
 *
 * What makes one (`watch`): a new contact message, a new donation from the website, a new user, and an email that
 * finally failed (for Admins, as the outbox is theirs). They follow committed creations (RecordService.onCreate)
 * and the mail worker (MailService.onFailed), after the write that caused them: a notification that cannot be
 * written is logged and never fails or slows that write.
 */
import { sql } from 'drizzle-orm';
import { contactMessages, donations, notifications, users } from '../../resources/index.ts';
import { formatRupees } from '../../resources/indian-numbers.ts';
import type { NOTIFICATION_TYPES } from '../../resources/notifications.ts';
import { stored, type SaidText } from '../../resources/sentences.ts';
import type { PermissionKey } from '../../resources/permissions.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { tableOf } from '../db/schema.ts';
import type { Caller } from './access.ts';
import { accountsHolding } from './access.ts';
import { appendAudit } from './audit.ts';
import type { MailService } from './mail.ts';
import type { RecordService, Tx } from './records.ts';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface Notice {
  type: NotificationType;
  /** What it says, as a sentence of STORED: the notification keeps its English text, key and values. */
  said: SaidText;
  /** The admin route it leads to (`/contact-us/view/12`). */
  link?: string | null;
  /**
   * Whose it is: every active account that may View this place in Global scope (it can open what the link shows),
   * Admins always; 'admins' for Admins alone (the mail outbox is theirs).
   */
  permission: PermissionKey | 'admins';
  /** An account left out (the one whose own act it reports). */
  except?: number | null;
}

const MESSAGE_MAX = notifications.fields.message.maxLength;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export class NotificationService {
  private readonly database: Database;
  private readonly records: RecordService;

  constructor(database: Database, records: RecordService) {
    this.database = database;
    this.records = records;
  }

  /**
   * Writes the notice to each account it is for, in one statement (in `tx` when given: the caller then calls
   * `forget()` once it has committed); answers how many accounts got it.
   */
  async notify(notice: Notice, tx?: Tx): Promise<number> {
    const table = tableOf(notifications);
    const key = notice.permission === 'admins' ? undefined : notice.permission;
    const except = typeof notice.except === 'number' ? sql` and a.id <> ${notice.except}` : sql``;
    const values = JSON.stringify(notice.said.values);
    const result = await (tx ?? this.database.db).execute(sql`
      insert into ${table} (type, message, message_key, message_values, link, recipient_id, is_read)
      select ${notice.type}, ${clip(notice.said.text, MESSAGE_MAX)}, ${notice.said.key}, ${values}::jsonb,
        ${notice.link ?? null}, a.id, false
      from (${accountsHolding(key, 'View')}) a
      where true${except}
      returning id`);
    if (!tx) this.forget();
    return rowsOf(result).length;
  }

  /** Forgets the remembered list totals of notifications (after a write that did not go through RecordService). */
  forget(): void {
    this.records.lists.forget(notifications);
  }

  /** Marks every unread notification of the caller read, in one statement and one audit entry; answers how many. */
  async markAllRead(caller: Caller): Promise<number> {
    const table = tableOf(notifications);
    const count = await this.database.db.transaction(async (tx: Tx) => {
      const marked = rowsOf<{ id: number }>(
        await tx.execute(sql`
          update ${table} set is_read = true, updated_at = now()
          where recipient_id = ${caller.id} and not is_read
          returning id`),
      );
      if (marked.length > 0) {
        await appendAudit(tx, caller, 'Update', notifications.name, null, {
          changes: { is_read: { before: false, after: true } },
          note: `Marked all ${marked.length} unread notification(s) as read (ids ${marked
            .slice(0, 20)
            .map((row) => row.id)
            .join(', ')}${marked.length > 20 ? ', …' : ''}).`,
        });
      }
      return marked.length;
    });
    if (count > 0) this.forget();
    return count;
  }

  /** What makes notifications: committed creations of the watched resources, and emails that finally failed. */
  watch(records: RecordService, mail: MailService): void {
    records.onCreate(contactMessages, async (row) => {
      const subject = typeof row.subject === 'string' ? row.subject.trim() : '';
      const name = String(row.name);
      await this.notify({
        type: 'Message',
        said: subject ? stored('newContactMessageAbout', { name, subject }) : stored('newContactMessage', { name }),
        link: `${contactMessages.routes.show}/${row.id}`,
        permission: contactMessages.permission,
        except: row.created_by as number | null,
      });
    });
    records.onCreate(donations, async (row) => {
      if (row.source !== 'Website') return;
      await this.notify({
        type: 'Donation',
        said: stored('newDonation', {
          amount: formatRupees(Number(row.amount)),
          donor: String(row.donor_name),
          status: String(row.status),
        }),
        link: `${donations.routes.show}/${row.id}`,
        permission: donations.permission,
        except: row.created_by as number | null,
      });
    });
    records.onCreate(users, async (row) => {
      await this.notify({
        type: 'User Registered',
        said: stored('newUser', { username: String(row.username), userType: String(row.user_type) }),
        link: `${users.routes.show}/${row.id}`,
        permission: users.permission,
        except: row.created_by as number | null,
      });
    });
    mail.onFailed(async (email) => {
      await this.notify({
        type: 'Email',
        said: stored('emailFailed', {
          id: email.id,
          to: email.to_address,
          subject: email.subject,
          reason: email.last_error ?? 'no reason given',
        }),
        link: `/outbox/${email.id}`,
        permission: 'admins',
      });
    });
  }
}
