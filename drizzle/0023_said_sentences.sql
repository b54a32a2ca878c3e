-- The sentences the server writes into the activity log and notifications are kept with their key and values
-- (src/resources/sentences.ts, STORED), so that the admin says them in the reader's language. Rows written before:
-- a description or message that is one of those sentences, word for word, gets its key and values here (an activity
-- only when the server wrote it: no author); any other text stays as it is, shown as stored. Made from the
-- templates by matching each placeholder: an account type, a donation status, a rupee amount, a number, or text.
ALTER TABLE "activities" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "description_values" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signedIn', "description_values" = jsonb_build_object('userType', m.g[1])
FROM (SELECT "id", regexp_match("description", '^Signed in as (Admin|Employee|Vendor|Client)\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signedOut', "description_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("description", '^Signed out\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signInThrottled', "description_values" = jsonb_build_object('seconds', m.g[1]::int)
FROM (SELECT "id", regexp_match("description", '^Sign-in refused without checking the password: slowed down after repeated failures \(([0-9]+) s to wait\)\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signInWrongPassword', "description_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("description", '^Sign-in refused: wrong password\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signInWrongPasswordSlowed', "description_values" = jsonb_build_object('seconds', m.g[1]::int)
FROM (SELECT "id", regexp_match("description", '^Sign-in refused: wrong password\. Further attempts are slowed down: the next in ([0-9]+) s\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signInDeactivated', "description_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("description", '^Sign-in refused: account deactivated\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signInDeactivatedSlowed', "description_values" = jsonb_build_object('seconds', m.g[1]::int)
FROM (SELECT "id", regexp_match("description", '^Sign-in refused: account deactivated\. Further attempts are slowed down: the next in ([0-9]+) s\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signInWrongType', "description_values" = jsonb_build_object('chosen', m.g[1], 'userType', m.g[2])
FROM (SELECT "id", regexp_match("description", '^Sign-in refused: signed in as (Admin|Employee|Vendor|Client), but the account is (Admin|Employee|Vendor|Client)\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'signInWrongTypeSlowed', "description_values" = jsonb_build_object('chosen', m.g[1], 'userType', m.g[2], 'seconds', m.g[3]::int)
FROM (SELECT "id", regexp_match("description", '^Sign-in refused: signed in as (Admin|Employee|Vendor|Client), but the account is (Admin|Employee|Vendor|Client)\. Further attempts are slowed down: the next in ([0-9]+) s\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'passwordChanged', "description_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("description", '^Changed the password; every session was ended\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'resetInactive', "description_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("description", '^A password reset link was requested, but the account is deactivated: no email was sent\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'resetTooOftenFromAddress', "description_values" = jsonb_build_object('times', m.g[1]::int)
FROM (SELECT "id", regexp_match("description", '^A password reset link was requested, but it was asked for more than ([0-9]+) times within the last hour from the same address: no email was sent\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'resetTooManyEmails', "description_values" = jsonb_build_object('count', m.g[1]::int, 'minutes', m.g[2]::int)
FROM (SELECT "id", regexp_match("description", '^A password reset link was requested, but ([0-9]+) were sent within the last hour and the last less than ([0-9]+) minutes ago: no email was sent\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'resetEmailed', "description_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("description", '^A password reset link was requested and emailed\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'resetLinkGiven', "description_values" = jsonb_build_object('by', m.g[1])
FROM (SELECT "id", regexp_match("description", '^(.+?) gave a one-time link to choose a new password by hand\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "activities" AS t SET "description_key" = 'passwordReset', "description_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("description", '^The password was reset with an emailed link; every session was ended\.$') AS g FROM "activities" WHERE "description_key" IS NULL AND "created_by" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" AS t SET "message_key" = 'newContactMessageAbout', "message_values" = jsonb_build_object('name', m.g[1], 'subject', m.g[2])
FROM (SELECT "id", regexp_match("message", '^New contact message from (.+?): (.+?)$') AS g FROM "notifications" WHERE "message_key" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" AS t SET "message_key" = 'newContactMessage', "message_values" = jsonb_build_object('name', m.g[1])
FROM (SELECT "id", regexp_match("message", '^New contact message from (.+?)$') AS g FROM "notifications" WHERE "message_key" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" AS t SET "message_key" = 'newDonation', "message_values" = jsonb_build_object('amount', m.g[1], 'donor', m.g[2], 'status', m.g[3])
FROM (SELECT "id", regexp_match("message", '^New donation of (₹[0-9,]+(?:\.[0-9]+)?) from (.+?) on the website \((Received|Pending|Cancelled)\)$') AS g FROM "notifications" WHERE "message_key" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" AS t SET "message_key" = 'newUser', "message_values" = jsonb_build_object('username', m.g[1], 'userType', m.g[2])
FROM (SELECT "id", regexp_match("message", '^New user: (.+?) \((Admin|Employee|Vendor|Client)\)$') AS g FROM "notifications" WHERE "message_key" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" AS t SET "message_key" = 'emailFailed', "message_values" = jsonb_build_object('id', m.g[1]::int, 'to', m.g[2], 'subject', m.g[3], 'reason', m.g[4])
FROM (SELECT "id", regexp_match("message", '^Email #([0-9]+) to (.+?) \("(.+?)"\) could not be sent: (.+?)$') AS g FROM "notifications" WHERE "message_key" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" AS t SET "message_key" = 'accountRequestedExists', "message_values" = jsonb_build_object('name', m.g[1], 'email', m.g[2], 'by', m.g[3])
FROM (SELECT "id", regexp_match("message", '^Account requested for (.+?) \((.+?)\) by (.+?) \(An account with this email already exists: the person can sign in, or use Forgot Password\.\)$') AS g FROM "notifications" WHERE "message_key" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" AS t SET "message_key" = 'accountRequested', "message_values" = jsonb_build_object('name', m.g[1], 'email', m.g[2], 'by', m.g[3])
FROM (SELECT "id", regexp_match("message", '^Account requested for (.+?) \((.+?)\) by (.+?)$') AS g FROM "notifications" WHERE "message_key" IS NULL) AS m
WHERE t."id" = m."id" AND m.g IS NOT NULL;
