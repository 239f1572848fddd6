CREATE SEQUENCE "public"."data_versions_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "data_versions" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Versioned answers (docs/decisions/008): every write to a row such an answer reads raises its client's version in
-- the same transaction. Statement triggers read the changed rows from their transition tables; `tg_argv[0]` names
-- the column that holds the client's id. Rows are inserted in client order, so two writers lock them in one order.
CREATE FUNCTION "data_versions_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %1$I AS c FROM new_rows', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT %1$I AS c FROM old_rows', TG_ARGV[0])
    ELSE format('SELECT %1$I AS c FROM new_rows UNION SELECT %1$I FROM old_rows', TG_ARGV[0])
  END;
  EXECUTE format(
    'INSERT INTO data_versions (client_id, version)
       SELECT c, nextval(''data_versions_seq'') FROM (SELECT DISTINCT c FROM (%s) s WHERE c IS NOT NULL ORDER BY c) d
     ON CONFLICT (client_id) DO UPDATE SET version = excluded.version', changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Row 0: a change to shared data (an educator's or a contact's name), or a table emptied by TRUNCATE (no row
-- triggers fire), which raises every client's row as well.
CREATE FUNCTION "data_versions_raise_shared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE data_versions SET version = nextval('data_versions_seq')
      WHERE client_id IN (SELECT client_id FROM data_versions WHERE client_id <> 0 ORDER BY client_id FOR UPDATE);
  END IF;
  INSERT INTO data_versions (client_id, version) VALUES (0, nextval('data_versions_seq'))
    ON CONFLICT (client_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The client's tables: inserted, updated (old and new client when a row moves) and deleted rows, and TRUNCATE.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('bookings', 'client_id'), ('booking_requests', 'client_id'), ('clients', 'id'), ('locations', 'client_id'),
    ('classifications', 'client_id'), ('timesheets', 'client_id'), ('invoices', 'client_id')
  ) AS v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise(%L)', t.tbl || '_versions_insert', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise(%L)', t.tbl || '_versions_update', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise(%L)', t.tbl || '_versions_delete', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared()', t.tbl || '_versions_truncate', t.tbl);
  END LOOP;
END $$;
--> statement-breakpoint
-- Shared data: the names a versioned answer shows (a statement that sets one of these columns), and TRUNCATE.
CREATE TRIGGER "candidates_versions_names" AFTER UPDATE OF "first_name", "last_name", "preferred_name" ON "candidates" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();--> statement-breakpoint
CREATE TRIGGER "candidates_versions_truncate" AFTER TRUNCATE ON "candidates" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();--> statement-breakpoint
CREATE TRIGGER "contacts_versions_names" AFTER UPDATE OF "first_name", "last_name" ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();--> statement-breakpoint
CREATE TRIGGER "contacts_versions_truncate" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION data_versions_raise_shared();
