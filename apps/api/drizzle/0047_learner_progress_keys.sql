SET LOCAL lock_timeout = '1s';
--> statement-breakpoint
SET LOCAL statement_timeout = '5s';
--> statement-breakpoint
-- The progress list's sort key and the certificate alert's filter kept on the learner record
-- (decision 533), so the list reads a page from an index instead of scoring every open learner,
-- and the alert counts from an index instead of grouping every result. Nullable, without a
-- default: adding them rewrites nothing. Records written before this release are filled after the
-- migrations in small batches (src/db/backfills.ts), not in this transaction; `progress_open` null
-- marks a record not filled yet.
ALTER TABLE "learner_records" ADD COLUMN "results_on" date;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "results_all_passed" boolean;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "progress_open" boolean;
--> statement-breakpoint
ALTER TABLE "learner_records" ADD COLUMN "progress_since" date;
--> statement-breakpoint
-- A record made from now on (ensure_learner_records, at payment) has no results: not open, filled.
-- Only new rows take the default; the rows already there stay null for the backfill.
ALTER TABLE "learner_records" ALTER COLUMN "progress_open" SET DEFAULT false;
--> statement-breakpoint
-- The keys as the learner's rows give them: the one formula the writers' refresh, the backfill and
-- the generator share.
--   results_on          the London day the last result was recorded (null: no result)
--   results_all_passed  every result is a pass (null: no result)
--   progress_open       on the progress list: a paid booking, not purged, results recorded, and the
--                       certificate not sent or the licence not granted
--   progress_since      "stuck since" (stuckOf): null once all 6 licence steps are done (the
--                       licence_steps_step check allows only LICENCE_STEPS' 6 names, one row each),
--                       else the UTC day of the last step done, or the results day
-- Aggregates over the learner's few rows, found by their learner_id keys.
CREATE FUNCTION learner_progress_keys(p_learner_id int)
RETURNS TABLE (results_on date, results_all_passed boolean, progress_open boolean, progress_since date)
LANGUAGE sql STABLE AS $$
  SELECT r.results_on, r.all_passed,
    coalesce(o.status = 'paid' AND lr.purged_at IS NULL AND r.results_on IS NOT NULL
      AND (lr.certificate_sent_on IS NULL OR NOT s.granted), false),
    CASE WHEN s.steps >= 6 THEN NULL ELSE coalesce((s.last_done AT TIME ZONE 'UTC')::date, r.results_on) END
  FROM learner_records lr
  JOIN order_attendees a ON a.id = lr.attendee_id
  JOIN orders o ON o.id = a.order_id
  CROSS JOIN LATERAL (
    SELECT max(x.recorded_at AT TIME ZONE 'Europe/London')::date AS results_on, bool_and(x.result = 'pass') AS all_passed
    FROM learner_results x WHERE x.learner_id = lr.id) r
  CROSS JOIN LATERAL (
    SELECT count(*) AS steps, max(y.done_at) AS last_done, coalesce(bool_or(y.step = 'granted'), false) AS granted
    FROM licence_steps y WHERE y.learner_id = lr.id) s
  WHERE lr.id = p_learner_id
$$;
--> statement-breakpoint
-- Sets the keys of these learners from their rows (whoever writes results, licence steps,
-- certificate progress, the purge or the booking's status calls it in the same transaction; the
-- backfill with the records still unfilled). Only records whose keys change are written (and so
-- locked). The ids are joined by key, not tested with `id = ANY(array)` against every record.
CREATE FUNCTION refresh_learner_progress_keys(p_learner_ids int[])
RETURNS integer
LANGUAGE sql AS $$
  WITH k AS (
    SELECT lr.id, x.results_on, x.results_all_passed, x.progress_open, x.progress_since
    FROM (SELECT DISTINCT unnest(p_learner_ids) AS id) u
    JOIN learner_records lr ON lr.id = u.id
    CROSS JOIN LATERAL learner_progress_keys(lr.id) x
  ), w AS (
    UPDATE learner_records lr
    SET results_on = k.results_on, results_all_passed = k.results_all_passed,
      progress_open = k.progress_open, progress_since = k.progress_since
    FROM k
    WHERE lr.id = k.id
      AND (lr.results_on, lr.results_all_passed, lr.progress_open, lr.progress_since)
        IS DISTINCT FROM (k.results_on, k.results_all_passed, k.progress_open, k.progress_since)
    RETURNING 1
  )
  SELECT count(*)::int FROM w
$$;
