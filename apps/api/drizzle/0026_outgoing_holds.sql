-- Mail and jobs held after a restore until a person releases them (issue 26, decision 302).
CREATE TABLE "outgoing_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"restored_to" timestamp with time zone,
	"held_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text
);
