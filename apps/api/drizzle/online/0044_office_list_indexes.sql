-- Online indexes (decision 463) of the office's lists at size (decision 500).
SET lock_timeout = '1s';
--> statement-breakpoint
SET statement_timeout = 0;
--> statement-breakpoint
-- Scheduled mail → Sent: the sent mails newest first, read from the index a page at a time.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "mail_outbox_sent_idx" ON "mail_outbox" ("sent_at" DESC NULLS LAST, "id" DESC) WHERE "status" = 'sent';
