CREATE TABLE "form_drafts" (
	"key" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_drafts_expires_at_idx" ON "form_drafts" USING btree ("expires_at");--> statement-breakpoint
-- Change notices for the other server processes sharing this database (src/server/db/changes.ts): at commit, a
-- statement that wrote a watched table says NOTIFY trust_changes, '<table>' (once per table and transaction:
-- PostgreSQL folds identical notices). A new session is no change to anything remembered, so it says nothing.
CREATE FUNCTION public.notify_change() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' AND TG_OP = 'INSERT' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('trust_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Puts the trigger on every table of the schema that lacks it, except `unwatched`: run by the server after the
-- migrations at every start on PostgreSQL (as the owner), so tables that later migrations add are covered too.
-- PGlite's one process forgets on its write path and has no such triggers.
CREATE FUNCTION public.ensure_change_notices(unwatched text[]) RETURNS void
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND NOT (c.relname = ANY (unwatched))
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'change_notice')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION public.notify_change()', t);
  END LOOP;
END $$;
