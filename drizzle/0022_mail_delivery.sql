ALTER TABLE "mail_outbox" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_about_idx" ON "mail_outbox" USING btree ("about");--> statement-breakpoint
-- Emails written without SMTP_URL waited with the status Outbox and were never sent, even once a mail server was
-- configured. They are Pending now, due at once: the first server started with SMTP_URL sends them (services/mail.ts).
UPDATE "mail_outbox" SET "status" = 'Pending', "next_attempt_at" = COALESCE("next_attempt_at", "created_at") WHERE "status" = 'Outbox';
