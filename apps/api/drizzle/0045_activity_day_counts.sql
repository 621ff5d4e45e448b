SET LOCAL lock_timeout = '1s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The activity log's exact total without counting a million rows (decision 540): the number of
-- entries of each closed UTC day, filled by the log's reader. New small tables, no lock on
-- activity_log.
CREATE TABLE "activity_day_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"entries" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Days whose count changed after it may have been kept: an entry written with a time before the
-- live range adds its day here, in its own transaction (an insert, never an update of a shared
-- row); the reader counts those days again and removes the rows it saw.
CREATE TABLE "activity_count_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
