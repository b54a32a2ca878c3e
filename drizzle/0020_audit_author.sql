-- Who wrote an audit entry, and when, is the database's to say (hand-written; docs/security.md, The
-- audit trail). Whoever inserts into audit_logs, the owner included:
--
-- 1. The author must be the one declared for the transaction. The server declares it just before each entry
--    (src/server/services/audit.ts, declareAuthor) in two transaction-local settings:
--      select set_config('app.audit_author_id', '<account id, or empty for none>', true),
--             set_config('app.audit_author_name', '<name>', true)
--    An entry inserted without them, or naming another account or another name, is refused with SQLSTATE TA001.
--    A declaration ends with its transaction, so it never carries over to another request on the same connection.
--    This keeps every path of the server honest about its author; it does not stop whoever can run SQL as the
--    server's role, who can declare any author (see docs/security.md).
CREATE FUNCTION public.audit_logs_author() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  declared_name text := current_setting('app.audit_author_name', true);
  declared_id text := current_setting('app.audit_author_id', true);
BEGIN
  IF declared_name IS NULL OR declared_name = '' OR declared_id IS NULL THEN
    RAISE EXCEPTION 'an audit entry needs its author declared in its own transaction'
      USING ERRCODE = 'TA001', HINT = 'set app.audit_author_id and app.audit_author_name with set_config(..., true)';
  END IF;
  IF coalesce(NEW.performed_by_id::text, '') <> declared_id OR NEW.performed_by_name <> declared_name THEN
    RAISE EXCEPTION 'this audit entry names another author than the one declared for its transaction'
      USING ERRCODE = 'TA001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- 2. The database dates the entry, whatever the insert says, with the clock at the moment the entry takes its turn
--    in the chain: the head row is locked here first (the chaining trigger, which fires next, already holds it), so
--    an entry's time is at or after that of the entry before it in the chain. now() would be the start of the
--    writer's transaction: an entry could then be dated before the one chained ahead of it, and a writer holding a
--    transaction open could date its entry as far back as it began.
-- 3. Its id comes from the sequence: an id chosen ahead of the sequence would make a later entry, and the write it
--    belongs to, fail when the sequence reaches it. An id at or below the sequence's last value is either taken
--    (the primary key refuses it) or one that a rolled-back entry left unused and never comes again.
-- SECURITY DEFINER (runs as the owner of this migration): the server's role has no right on audit_chain.
CREATE FUNCTION public.audit_logs_stamp() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  issued bigint;
BEGIN
  PERFORM 1 FROM public.audit_chain WHERE id = 1 FOR UPDATE;
  SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO issued FROM public.audit_logs_id_seq;
  IF NEW.id > issued THEN
    RAISE EXCEPTION 'an audit entry takes its id from the sequence: id % is ahead of it', NEW.id
      USING ERRCODE = 'TA001';
  END IF;
  NEW.date_time := clock_timestamp();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- BEFORE INSERT triggers fire in order of name: the author is checked first (a refused entry waits for nothing),
-- then the entry is dated, then zz_audit_logs_chain (drizzle/0006) chains and hashes it as stored.
CREATE TRIGGER "audit_logs_author" BEFORE INSERT ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION public.audit_logs_author();
--> statement-breakpoint
CREATE TRIGGER "audit_logs_stamp" BEFORE INSERT ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION public.audit_logs_stamp();
