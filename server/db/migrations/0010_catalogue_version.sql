-- The stock version: one number, raised by every statement that changes rows of the parts table
-- (a part sold, reserved, returned, added, edited or removed), so the catalogue's cached answers
-- and ETags can tell a change of stock with one primary-key read instead of comparing the parts.
-- Statement triggers with transition tables: a bulk insert of thousands of parts raises it once,
-- and a statement that changed no row (a periodic release of expired holds finding none) not at all.
CREATE TABLE catalogue_version (
  id smallint PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION catalogue_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A truncate trigger has no transition table to look at: it only ever raises.
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed_parts) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO catalogue_version AS v (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_version_insert AFTER INSERT ON parts REFERENCING NEW TABLE AS changed_parts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_raise();
--> statement-breakpoint
CREATE TRIGGER parts_version_update AFTER UPDATE ON parts REFERENCING NEW TABLE AS changed_parts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_raise();
--> statement-breakpoint
CREATE TRIGGER parts_version_delete AFTER DELETE ON parts REFERENCING OLD TABLE AS changed_parts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_raise();
--> statement-breakpoint
CREATE TRIGGER parts_version_truncate AFTER TRUNCATE ON parts
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_raise();
--> statement-breakpoint
INSERT INTO catalogue_version (id, version) VALUES (1, 1);
