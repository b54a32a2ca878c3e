/**
 * The activity log on the spec's /api/v1 contract. Each activity carries the spec's nested
 * `riderId: { id, userId: { id, userType, mobile } }`: `riderId.id` is the ride reference, `userId` the account.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACTIVITY_STATUSES } from '../../../../resources/activities.ts';
import { activities } from '../../../../resources/index.ts';
import { isCalendarDay } from '../../../../resources/validation.ts';
import { accounts, employees as employeeTable, users as userTable } from '../../../db/schema.ts';
import { badRequest } from '../../../errors.ts';
import { startOfDay, startOfNextDay } from '../../../services/calendar.ts';
import type { RecordRow } from '../../../services/records.ts';
import { may } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';
import { listQuery, pageOf, pagingDoc, parsePaging, textDoc, textParam } from './contract.ts';

const NEWEST_FIRST = { field: 'created_at', order: 'DESC' } as const;

export function v1ActivityRoutes(app: FastifyInstance): void {
  const { records, database, config } = app.services;

  async function activitiesOut(rows: RecordRow[]) {
    const ids = [...new Set(rows.map((row) => row.account_id as number))];
    const owners =
      ids.length === 0
        ? []
        : await database.db
            .select({
              id: accounts.id,
              userType: accounts.user_type,
              mobile: sql<string | null>`coalesce(${employeeTable.mobile}, ${userTable.mobile})`,
            })
            .from(accounts)
            .leftJoin(employeeTable, eq(employeeTable.account_id, accounts.id))
            .leftJoin(userTable, eq(userTable.account_id, accounts.id))
            .where(inArray(accounts.id, ids));
    const byId = new Map(owners.map((owner) => [owner.id, owner]));
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      description: row.description,
      // Beside the English description, the sentence it is when the server wrote it (src/resources/sentences.ts),
      // so that the admin can say it in the reader's language; null for an entry staff typed. Added properties: the
      // contract's own keep their names and values.
      descriptionKey: row.description_key ?? null,
      descriptionValues: row.description_values ?? null,
      status: row.status,
      occurredAt: row.occurred_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      riderId: {
        id: row.ride_id,
        userId: {
          id: row.account_id,
          userType: byId.get(row.account_id as number)?.userType ?? null,
          // The mobile number of the employee or user whose account it is (an Admin account has none).
          mobile: byId.get(row.account_id as number)?.mobile ?? null,
        },
      },
    }));
  }

  function day(query: Record<string, unknown>, name: string): string | undefined {
    const value = textParam(query, name, 10);
    if (value !== undefined && !isCalendarDay(value)) throw badRequest(`${name} must be a date (YYYY-MM-DD).`);
    return value;
  }

  app.get(
    '/api/v1/getAllActivities',
    may(activities, 'View', { doc: { summary: 'List activities, newest first', query: pagingDoc(3) } }),
    async (request) => {
      const paging = parsePaging(request.query as Record<string, unknown>, 3);
      const { rows, total } = await records.list(
        request.account!,
        activities,
        listQuery(paging, { sort: NEWEST_FIRST }),
      );
      return { success: true, data: pageOf('activities', await activitiesOut(rows), total, paging) };
    },
  );

  app.get(
    '/api/v1/filterActivities',
    may(activities, 'View', {
      doc: {
        summary: 'Activities by status and days',
        query: [
          textDoc('status', `One of: ${ACTIVITY_STATUSES.join(', ')}`),
          textDoc(
            'startDate',
            'First day of the activity’s Timestamp (occurredAt), YYYY-MM-DD, in the trust’s time zone',
            10,
          ),
          textDoc('endDate', 'Last day of the activity’s Timestamp (occurredAt), YYYY-MM-DD', 10),
          ...pagingDoc(3),
        ],
      },
    }),
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const paging = parsePaging(query, 3);
      const status = textParam(query, 'status');
      if (status !== undefined && !(ACTIVITY_STATUSES as readonly string[]).includes(status)) {
        throw badRequest(`status must be one of: ${ACTIVITY_STATUSES.join(', ')}.`);
      }
      const startDate = day(query, 'startDate');
      const endDate = day(query, 'endDate');
      if (startDate && endDate && startDate > endDate) throw badRequest('startDate must not be after endDate.');
      const zone = config.TRUST_TIMEZONE;
      // The days are those of the activity's Timestamp (occurred_at: what the list shows and the Add form takes),
      // not of when it was entered: an activity added today for last week is found in last week.
      const occurred = {
        ...(startDate ? { from: startOfDay(startDate, zone) } : {}),
        ...(endDate ? { to: startOfNextDay(endDate, zone) } : {}),
      };
      const base = listQuery(paging, { sort: NEWEST_FIRST, where: status ? { status } : {} });
      const { rows, total } = await records.list(request.account!, activities, {
        ...base,
        ranges: { occurred_at: occurred },
      });
      return { success: true, data: pageOf('activities', await activitiesOut(rows), total, paging) };
    },
  );

  for (const path of ['/api/v1/searchActivityById/:id', '/api/v1/getActivityById/:id']) {
    app.get(
      path,
      may(activities, 'View', { doc: { summary: 'One activity (both spellings are the spec’s)' } }),
      async (request) => {
        const [activity] = await activitiesOut([await records.get(request.account!, activities, idParam(request))]);
        return { success: true, data: activity };
      },
    );
  }
}
