/**
 * An activity names an account (the spec's "User ID"): a write that names no account of this server is refused
 * with a sentence, whatever API it came through, instead of leaving an entry whose User ID leads nowhere.
 */
import { eq } from 'drizzle-orm';
import { accounts } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import type { ResourceBehaviour, Tx, WriteHooks } from './records.ts';

export const unknownAccountMessage = (id: unknown) => `User ID ${String(id)} is not an account of this server.`;

async function checkAccount(tx: Tx, value: Record<string, unknown>): Promise<void> {
  const id = value.account_id;
  if (id === null || id === undefined) return;
  const [found] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, id as number))
    .limit(1);
  if (found) return;
  const message = unknownAccountMessage(id);
  throw badRequest(message, [{ field: 'account_id', message }]);
}

export function activityAccountBehaviour(): ResourceBehaviour {
  const hooks: WriteHooks = {
    async prepare(tx, value) {
      await checkAccount(tx, value);
    },
  };
  return { create: () => hooks, update: () => hooks };
}
