import path from "node:path";
import type pg from "pg";
import { migrate as drizzleMigrate } from "drizzle-orm/node-postgres/migrator";
import { API_ROOT } from "../env";
import { createDb } from "./client";
import { installJobQueue } from "../workers/queue";

export const MIGRATIONS_FOLDER = path.join(API_ROOT, "drizzle");

// Arbitrary constant: one migrator at a time when several API instances start together.
const MIGRATION_LOCK = 720_531;

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
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
