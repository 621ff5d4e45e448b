SET LOCAL lock_timeout = '2s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- Course settings instead of guesses from the title (decision 369): the SIA licence a course leads
-- to or renews (null: not licence-linked), whether it is a renewal course, whether learners must
-- show first aid, whether learners fill in the learner form, and the course page's side-box lines
-- and assessment text (null: the site-wide wording).
ALTER TABLE "courses" ADD COLUMN "licence" text;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "licence_renewal" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "first_aid_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "learner_form" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "side_box_benefits" jsonb;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "assessment_text" text;
--> statement-breakpoint
-- Today's courses as the title rules read them, plus close protection (an SIA licence the rules missed).
UPDATE "courses" SET
	"licence" = CASE
		WHEN lower("title") ~ 'close protection' THEN 'close_protection'
		ELSE learner_licence_kind("title")
	END,
	"licence_renewal" = lower("title") ~ '(refresher|top[ -]?ups?\M)';
--> statement-breakpoint
UPDATE "courses" SET
	"learner_form" = "licence" IS NOT NULL,
	-- coalesce: a course without a licence (first aid, the personal licence) gives NULL here.
	"first_aid_required" = coalesce("licence" IN ('door_supervisor', 'security_guard', 'close_protection'), false);
--> statement-breakpoint
-- Courses that lead to no SIA licence get their own assessment text and side box (first aid, the
-- personal licence): the site-wide wording speaks of search techniques and SIA applications.
UPDATE "courses" SET
	"assessment_text" = 'You will be assessed throughout the course by your trainer through practical demonstrations of first aid skills (including CPR on a manikin) and a short multiple-choice paper.',
	"side_box_benefits" = '["Practical training with manikins and first aid kits", "Certificate valid for 3 years", "Results on the day", "Certificate within 4 working days"]'::jsonb
WHERE "licence" IS NULL AND lower("title") ~ 'first aid';
--> statement-breakpoint
UPDATE "courses" SET
	"assessment_text" = 'You will be assessed by a 40-question multiple-choice exam at the end of the day, set by the awarding body.',
	"side_box_benefits" = '["Course book sent before the day", "Exam on the day", "Results and certificate within 4 working days", "Help applying for your personal licence to the local council"]'::jsonb
WHERE "licence" IS NULL AND lower("title") ~ 'personal licence';
--> statement-breakpoint
-- Learner records follow the course's settings: a licence-linked course with the learner form gets
-- records for its attendees, first aid is asked where the course requires it, and the licence is the course's own.
-- Items whose course was deleted fall back to the title rule they were booked under.
CREATE OR REPLACE FUNCTION ensure_learner_records(p_order_id integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT coalesce((SELECT o.status = 'paid' FROM orders o WHERE o.id = p_order_id), false) THEN
    RETURN;
  END IF;
  INSERT INTO order_attendees (order_id, order_item_id, position, first_name, last_name, email)
  SELECT oi.order_id, oi.id, gs.n, o.first_name, o.last_name, o.guest_email
  FROM order_items oi
  JOIN orders o ON o.id = oi.order_id
  LEFT JOIN courses c ON c.id = oi.course_id
  CROSS JOIN LATERAL generate_series(1, GREATEST(oi.seats, 1)) AS gs(n)
  WHERE oi.order_id = p_order_id
    AND CASE WHEN c.id IS NULL THEN learner_licence_kind(oi.title) IS NOT NULL ELSE c.learner_form AND c.licence IS NOT NULL END
    AND NOT EXISTS (SELECT 1 FROM order_attendees a WHERE a.order_item_id = oi.id)
  ON CONFLICT DO NOTHING;
  INSERT INTO learner_records (attendee_id, token, licence_kind, first_aid_required)
  SELECT a.id,
         replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
         k.kind,
         k.first_aid
  FROM order_attendees a
  JOIN order_items oi ON oi.id = a.order_item_id
  LEFT JOIN courses c ON c.id = oi.course_id
  CROSS JOIN LATERAL (
    SELECT
      CASE WHEN c.id IS NULL THEN learner_licence_kind(oi.title) WHEN c.learner_form THEN c.licence END AS kind,
      CASE WHEN c.id IS NULL THEN learner_licence_kind(oi.title) IN ('door_supervisor', 'security_guard') ELSE c.first_aid_required END AS first_aid
  ) k
  WHERE a.order_id = p_order_id
    AND k.kind IS NOT NULL
    AND (oi.course_date_id IS NOT NULL OR oi.start_date IS NOT NULL)
  ON CONFLICT (attendee_id) DO NOTHING;
END
$$;
