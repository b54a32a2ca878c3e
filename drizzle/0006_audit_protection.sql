-- The audit trail cannot be emptied, and a change made to it shows (hand-written; docs/operations.md, The audit trail).
--
-- 1. TRUNCATE is refused like UPDATE and DELETE (0004's trigger is per row; TRUNCATE fires only statement triggers).
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();
--> statement-breakpoint
-- 2. A hash chain. Each entry holds its place (chain_seq, 1, 2, … without gaps), the hash of the entry before it
-- (prev_hash; 64 zeros before the first) and its own hash: sha256, in hex, of the UTF-8 text of a JSON array of every
-- column but the hash itself, in this order. jsonb's text is canonical (keys sorted, fixed spacing) and the instant
-- is written in UTC with microseconds, so the text depends on no session setting. `npm run audit:verify`
-- recomputes it outside the database (src/server/db/audit-chain.ts): change one and change the other.
CREATE FUNCTION public.audit_entry_hash(e public.audit_logs) RETURNS text
  LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp
AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.id, e.action_type, e.module, e.record_id, e.performed_by_id, e.performed_by_name,
    to_char(e.date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.details, e.refers_to_id, e.chain_seq, e.prev_hash
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Every inserted entry is chained here, whoever inserts it and whatever it says of its own chain columns. The head
-- row (audit_chain, id 1) is locked and re-read at its latest version (READ COMMITTED), so concurrent appenders
-- take turns: chain_seq follows commit order, and a rolled-back entry gives its place back. SECURITY DEFINER (runs
-- as the owner of this migration) so that the server's role needs no right on audit_chain at all.
CREATE FUNCTION public.audit_logs_chain() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  head public.audit_chain%ROWTYPE;
BEGIN
  SELECT * INTO head FROM public.audit_chain WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the audit chain has no head row' USING ERRCODE = 'P0001';
  END IF;
  NEW.chain_seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := public.audit_entry_hash(NEW);
  UPDATE public.audit_chain SET seq = NEW.chain_seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The head row moves only one step at a time and only from the trigger above (a trigger nested in a trigger); it is
-- never inserted again, deleted or truncated.
CREATE FUNCTION public.audit_chain_guard() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND NEW.id = OLD.id AND NEW.seq = OLD.seq + 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the head of the audit chain moves only when an entry is appended' USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
-- 3. Entries written before this migration are chained in id order (as the owner, with the append-only trigger
-- off for this one statement, inside the migration's transaction), then the head is set at the last of them.
ALTER TABLE "audit_logs" DISABLE TRIGGER "audit_logs_no_update";
--> statement-breakpoint
DO $$
DECLARE
  e public.audit_logs;
  n bigint := 0;
  previous text := repeat('0', 64);
BEGIN
  FOR e IN SELECT * FROM public.audit_logs ORDER BY id LOOP
    n := n + 1;
    e.chain_seq := n;
    e.prev_hash := previous;
    e.hash := public.audit_entry_hash(e);
    UPDATE public.audit_logs SET chain_seq = e.chain_seq, prev_hash = e.prev_hash, hash = e.hash WHERE id = e.id;
    previous := e.hash;
  END LOOP;
  INSERT INTO public.audit_chain (id, seq, hash) VALUES (1, n, previous);
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_logs" ENABLE TRIGGER "audit_logs_no_update";
--> statement-breakpoint
-- Named to fire after any other BEFORE INSERT trigger (they fire in order of name), so that it hashes the row as stored.
CREATE TRIGGER "zz_audit_logs_chain" BEFORE INSERT ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION public.audit_logs_chain();
--> statement-breakpoint
CREATE TRIGGER "audit_chain_guard" BEFORE INSERT OR UPDATE OR DELETE ON "audit_chain"
  FOR EACH ROW EXECUTE FUNCTION public.audit_chain_guard();
--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION public.audit_chain_guard();
