-- Catalogue reads are cached per instance under catalogue_state.version; every write to a
-- catalogue table bumps it in the writing transaction, so the bump is visible exactly when
-- the change is (commit-ordered), on every API instance. Admin edits are rare: no contention.
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER courses_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_dates_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON "course_dates"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_add_ons_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON "course_add_ons"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_units_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON "course_units"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER course_key_points_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON "course_key_points"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER shop_items_bump_catalogue AFTER INSERT OR UPDATE OR DELETE ON "shop_items"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
