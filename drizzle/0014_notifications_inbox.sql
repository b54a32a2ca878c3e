-- The bell asks for one account's unread notifications, newest first, every 30 seconds: one index answers both its
-- count and its latest four. A notification goes with its account.
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("recipient_id", "is_read", "created_at" DESC, "id" DESC);--> statement-breakpoint
DELETE FROM "notifications" WHERE "recipient_id" IS NOT NULL AND "recipient_id" NOT IN (SELECT "id" FROM "accounts");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_accounts_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
