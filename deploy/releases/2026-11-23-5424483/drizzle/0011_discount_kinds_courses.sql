CREATE TABLE "discount_code_courses" (
	"discount_code_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "discount_code_courses_discount_code_id_course_id_pk" PRIMARY KEY("discount_code_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_percent";--> statement-breakpoint
ALTER TABLE "discount_codes" ALTER COLUMN "percent_off" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "amount_off_pence" integer;--> statement-breakpoint
ALTER TABLE "discount_code_courses" ADD CONSTRAINT "discount_code_courses_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code_courses" ADD CONSTRAINT "discount_code_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_code_courses_course_idx" ON "discount_code_courses" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_amount" CHECK ("discount_codes"."amount_off_pence" is null or "discount_codes"."amount_off_pence" > 0);--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_one_kind" CHECK (("discount_codes"."percent_off" is null) <> ("discount_codes"."amount_off_pence" is null));--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_percent" CHECK ("discount_codes"."percent_off" is null or "discount_codes"."percent_off" between 1 and 100);