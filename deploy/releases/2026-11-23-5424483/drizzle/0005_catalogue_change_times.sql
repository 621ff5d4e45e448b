ALTER TABLE "catalogue_state" ADD COLUMN "shop_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_dates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "small" "bytea";--> statement-breakpoint
-- Real change times for the sitemap's <lastmod> (docs/decisions/151). Kept by triggers so that
-- no write path (admin form, scripts, psql) can forget them; seat counts (seats_held) never
-- count as a change of the page. images.small (400 px) is made on first request for old images.
UPDATE "course_dates" SET "updated_at" = "created_at";
--> statement-breakpoint
UPDATE "catalogue_state" SET "shop_changed_at" = coalesce((SELECT max("updated_at") FROM "shop_items"), now()) WHERE "id" = 1;
--> statement-breakpoint
CREATE FUNCTION touch_course_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "course_dates_touch_updated_at"
  BEFORE UPDATE OF "course_id", "start_date", "end_date", "capacity", "closed_at" ON "course_dates"
  FOR EACH ROW
  WHEN ((OLD."course_id", OLD."start_date", OLD."end_date", OLD."capacity", OLD."closed_at")
    IS DISTINCT FROM (NEW."course_id", NEW."start_date", NEW."end_date", NEW."capacity", NEW."closed_at"))
  EXECUTE FUNCTION touch_course_date();
--> statement-breakpoint
CREATE FUNCTION touch_shop_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "shop_changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "shop_items_touch_changed_at" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_items"
  FOR EACH STATEMENT EXECUTE FUNCTION touch_shop_changed_at();
