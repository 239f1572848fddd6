CREATE SEQUENCE "public"."data_versions_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "data_versions" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_versions_pending" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Versioned answers (docs/decisions/009). Every write to a row such an answer reads raises its client's version
-- (row 0 for shared data) when its transaction commits:
--   1. statement triggers collect the clients a statement touched (from its transition tables) into the
--      transaction-local setting portal.data_versions, and the transaction's first such statement adds a row to
--      data_versions_pending;
--   2. that row's deferred trigger raises the collected clients' versions in one statement, in client order, at
--      commit.
-- A version row is therefore locked only while a transaction commits: a writer never holds one while it waits for
-- a row lock, so two writers cannot deadlock over them. A rolled-back savepoint takes back its part of both.
CREATE FUNCTION "data_versions_mark"(ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR ids = '' THEN
    RETURN;
  END IF;
  PERFORM set_config('portal.data_versions', concat_ws(',', nullif(current_setting('portal.data_versions', true), ''), ids), true);
  IF coalesce(current_setting('portal.data_versions_pending', true), '') <> 'on' THEN
    INSERT INTO data_versions_pending (tx) VALUES (txid_current());
    PERFORM set_config('portal.data_versions_pending', 'on', true);
  END IF;
END $$;
--> statement-breakpoint
-- A statement on a client's table: `tg_argv[0]` names the column that holds the client's id.
CREATE FUNCTION "data_versions_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  ids text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %1$I AS c FROM new_rows', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT %1$I AS c FROM old_rows', TG_ARGV[0])
    ELSE format('SELECT %1$I AS c FROM new_rows UNION SELECT %1$I FROM old_rows', TG_ARGV[0])
  END;
  EXECUTE format('SELECT string_agg(DISTINCT c::text, '','') FROM (%s) s WHERE c IS NOT NULL', changed) INTO ids;
  PERFORM data_versions_mark(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Shared data (an educator's or a contact's name): row 0. TRUNCATE fires no row triggers: every client and row 0.
CREATE FUNCTION "data_versions_raise_shared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM data_versions_mark((SELECT string_agg(client_id::text, ',') FROM data_versions));
  END IF;
  PERFORM data_versions_mark('0');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "data_versions_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions (client_id, version)
    SELECT c, nextval('data_versions_seq')
    FROM (SELECT DISTINCT c::int AS c FROM unnest(string_to_array(current_setting('portal.data_versions', true), ',')) AS u(c) ORDER BY 1) d
  ON CONFLICT (client_id) DO UPDATE SET version = excluded.version;
  DELETE FROM data_versions_pending WHERE tx = NEW.tx;
  -- Raised: a later statement of the same transaction (after SET CONSTRAINTS … IMMEDIATE) starts over.
  PERFORM set_config('portal.data_versions', '', true);
  PERFORM set_config('portal.data_versions_pending', '', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "data_versions_at_commit" AFTER INSERT ON "data_versions_pending" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION data_versions_commit();
--> statement-breakpoint
-- Every trigger here fires under session_replication_role = replica too (the seed's bulk load, the bench's tidy).
ALTER TABLE "data_versions_pending" ENABLE ALWAYS TRIGGER "data_versions_at_commit";
--> statement-breakpoint
-- The client's tables: inserted, updated (old and new client when a row moves) and deleted rows, and TRUNCATE.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('bookings', 'client_id'), ('booking_requests', 'client_id'), ('clients', 'id'), ('locations', 'client_id'),
    ('classifications', 'client_id'), ('timesheets', 'client_id'), ('invoices', 'client_id'),
    ('client_candidates', 'client_id')
  ) AS v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise(%L)', t.tbl || '_versions_insert', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise(%L)', t.tbl || '_versions_update', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise(%L)', t.tbl || '_versions_delete', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared()', t.tbl || '_versions_truncate', t.tbl);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I, ENABLE ALWAYS TRIGGER %I, ENABLE ALWAYS TRIGGER %I, ENABLE ALWAYS TRIGGER %I',
      t.tbl, t.tbl || '_versions_insert', t.tbl || '_versions_update', t.tbl || '_versions_delete', t.tbl || '_versions_truncate');
  END LOOP;
END $$;
--> statement-breakpoint
-- Shared data: the names (and an educator's headline) a versioned answer shows, when a statement sets one of these
-- columns, and TRUNCATE.
CREATE TRIGGER "candidates_versions_names" AFTER UPDATE OF "first_name", "last_name", "preferred_name", "headline" ON "candidates" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();--> statement-breakpoint
CREATE TRIGGER "candidates_versions_truncate" AFTER TRUNCATE ON "candidates" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();--> statement-breakpoint
CREATE TRIGGER "contacts_versions_names" AFTER UPDATE OF "first_name", "last_name" ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();--> statement-breakpoint
CREATE TRIGGER "contacts_versions_truncate" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();--> statement-breakpoint
ALTER TABLE "candidates" ENABLE ALWAYS TRIGGER "candidates_versions_names", ENABLE ALWAYS TRIGGER "candidates_versions_truncate";--> statement-breakpoint
ALTER TABLE "contacts" ENABLE ALWAYS TRIGGER "contacts_versions_names", ENABLE ALWAYS TRIGGER "contacts_versions_truncate";
