-- Why an import failed as a whole is kept with its sentence's key and values (src/resources/sentences.ts), as the
-- activity log's and notifications' sentences are (0023), so that the admin says it in the reader's language.
ALTER TABLE "import_jobs" ADD COLUMN "problem_key" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "problem_values" jsonb;