SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The site's own words (issue 35, decision 360): one draft per section and every published version.
CREATE TABLE "website_drafts" (
	"section" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"body" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
-- Preview links (decision 363): drafts shown on the real site to whoever holds the token, for an hour.
CREATE TABLE "website_previews" (
	"token" text PRIMARY KEY NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A publish is a catalogue change for the caches and the site servers (decision 364): the same
-- version bump and notification as a course edit, so every instance hears of it at once.
CREATE TRIGGER "website_versions_bump" AFTER INSERT OR UPDATE OR DELETE ON "website_versions"
	FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
