-- Keeps category_part_counts equal to SELECT category_id, status, count(*) FROM parts GROUP BY 1, 2.
-- Statement triggers with transition tables: a bulk insert of thousands of parts costs one grouped
-- upsert, not one per row. Rows that fall to 0 stay, at 0.
CREATE FUNCTION category_part_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO category_part_counts AS c (category_id, status, count)
      SELECT category_id, status, -count(*) FROM old_parts GROUP BY category_id, status
      ON CONFLICT (category_id, status) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO category_part_counts AS c (category_id, status, count)
      SELECT category_id, status, count(*) FROM new_parts GROUP BY category_id, status
      ON CONFLICT (category_id, status) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION category_part_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM category_part_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_counts_insert AFTER INSERT ON parts REFERENCING NEW TABLE AS new_parts
  FOR EACH STATEMENT EXECUTE FUNCTION category_part_counts_apply();
--> statement-breakpoint
CREATE TRIGGER parts_counts_update AFTER UPDATE ON parts REFERENCING OLD TABLE AS old_parts NEW TABLE AS new_parts
  FOR EACH STATEMENT EXECUTE FUNCTION category_part_counts_apply();
--> statement-breakpoint
CREATE TRIGGER parts_counts_delete AFTER DELETE ON parts REFERENCING OLD TABLE AS old_parts
  FOR EACH STATEMENT EXECUTE FUNCTION category_part_counts_apply();
--> statement-breakpoint
CREATE TRIGGER parts_counts_truncate AFTER TRUNCATE ON parts
  FOR EACH STATEMENT EXECUTE FUNCTION category_part_counts_clear();
--> statement-breakpoint
INSERT INTO category_part_counts (category_id, status, count)
  SELECT category_id, status, count(*) FROM parts GROUP BY category_id, status;
