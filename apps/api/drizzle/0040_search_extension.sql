-- Years of data (decisions 461, 463): trigram matching for the office's searches. The indexes that
-- use it are built without locking bookings by drizzle/online/0040_search_indexes.sql (CREATE INDEX
-- CONCURRENTLY, run by src/db/migrate.ts after this transaction). pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database's owner may create it; Debian's 15 and embedded-postgres 17 ship it.
SET LOCAL lock_timeout = '1s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
