import path from "node:path";
import type pg from "pg";
import { migrate as drizzleMigrate } from "drizzle-orm/node-postgres/migrator";
import { API_ROOT } from "../env";
import { createDb } from "./client";
import { installJobQueue } from "../workers/queue";
import { applyOnlineIndexes } from "./online-indexes";
import { runBackfills } from "./backfills";

export const MIGRATIONS_FOLDER = path.join(API_ROOT, "drizzle");
/** Indexes built without locking bookings, after the migrations (decision 463). */
export const ONLINE_INDEXES_FOLDER = path.join(MIGRATIONS_FOLDER, "online");

// Arbitrary constant: one migrator at a time when several API instances start together.
const MIGRATION_LOCK = 720_531;
/** Held by the instance that builds the online indexes and runs the backfills the API works without. */
export const ONLINE_INDEX_LOCK = 720_532;

/** Applies the committed SQL migrations and the job queue's schema (idempotent). */
export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      // drizzle's migrator logs NOTICEs through the connection; keep them quiet.
      await client.query("set client_min_messages = warning");
      await drizzleMigrate(createDb(client as unknown as pg.Pool), { migrationsFolder: MIGRATIONS_FOLDER });
      // The job queue's own schema (pg-boss), so templates and production starts have it (decision 220).
      await installJobQueue(pool);
      // Data the API cannot serve without, in small transactions after drizzle's (decision 552):
      // still under the migration lock, so an instance queued on it starts serving only after the
      // first one filled everything (it then finds nothing to do).
      await runBackfills(client, "before serving");
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
    // Outside drizzle's transaction and after the migration lock is released (a build waits for
    // every older transaction, so it must not wait for an instance queued on that lock): one
    // instance builds, the others go on. No statement timeout: a build on years of data takes
    // longer than a request may.
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [ONLINE_INDEX_LOCK]);
    if (rows[0]?.ok) {
      try {
        const { failed } = await applyOnlineIndexes(client, ONLINE_INDEXES_FOLDER);
        for (const f of failed) console.warn(`online index ${f.name} not built (next start retries): ${f.error}`);
        // Then the data the API works without meanwhile, in small transactions (decisions 520, 552).
        await runBackfills(client, "after indexes");
      } finally {
        await client.query("reset statement_timeout");
        await client.query("reset lock_timeout");
        await client.query("select pg_advisory_unlock($1)", [ONLINE_INDEX_LOCK]);
      }
    }
  } finally {
    client.release();
  }
}
