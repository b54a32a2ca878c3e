/**
 * `npm run account:recover -- <email>`: the way back for an account nobody can sign in to (a single Admin who has
 * lost the password, with no mail server to send a reset link). Run on the server's machine, by whoever may run
 * the server: it clears the account's sign-in waits, sets a new random password that meets the policy and prints
 * it once, ends every session of the account, reactivates it when it was deactivated, and records all of it in
 * the audit trail. On PGlite, stop the server first (its data directory admits one process at a time).
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { passwordProblem } from '../src/resources/password-policy.ts';
import { loadConfig } from '../src/server/config.ts';
import { databaseOptionsOf, openDatabase } from '../src/server/db/client.ts';
import { accounts, sessions } from '../src/server/db/schema.ts';
import { appendAudit } from '../src/server/services/audit.ts';
import { hashPassword } from '../src/server/services/auth.ts';
import { SignInThrottle } from '../src/server/services/sign-in-throttle.ts';

const email = process.argv[2]?.trim().toLowerCase();
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run account:recover -- <email of the account>');
  process.exit(2);
}

/** 16 characters from letters and digits without look-alikes: about 90 bits, and the policy's other rules. */
function newPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const password = Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (!passwordProblem(password)) return password;
  }
}

const config = loadConfig();
const database = await openDatabase(databaseOptionsOf(config)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(2);
});

try {
  const [account] = await database.db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email))
    .limit(1);
  if (!account) {
    console.error(`There is no account with the email ${email}.`);
    process.exitCode = 1;
  } else {
    const password = newPassword();
    const hash = await hashPassword(password);
    const wasActive = account.is_active;
    await database.db.transaction(async (tx) => {
      await tx
        .update(accounts)
        .set({ password_hash: hash, is_active: true, updated_at: new Date() })
        .where(eq(accounts.id, account.id));
      await tx.delete(sessions).where(eq(sessions.account_id, account.id));
      await appendAudit(
        tx,
        { id: account.id, name: 'Command line (npm run account:recover)', userType: account.user_type },
        'Note',
        'accounts',
        account.id,
        {
          note: `Recovered from the server's command line: a new password was set, every session ended, sign-in waits cleared${wasActive ? '' : ', and the deactivated account reactivated'}.`,
        },
      );
    });
    await new SignInThrottle(database).clearAccount(email, account.id);
    console.log(`Account ${account.email} (${account.user_type}) recovered.`);
    if (!wasActive) console.log('It was deactivated, and is active again.');
    console.log('Every session of the account has ended. Its new password, shown only this once:');
    console.log(password);
    console.log('Sign in with it and choose a password of your own (Account › Change password).');
  }
} finally {
  await database.close();
}
