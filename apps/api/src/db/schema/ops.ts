import { bigint, boolean, pgTable, serial, text } from "drizzle-orm/pg-core";
import { tstz } from "./types";

/**
 * Alerts to the office (issue 26, decision 296): one row per episode of one kind, opened when its
 * condition starts and closed (with a recovery notice) when it ends. No secondary index: the
 * table stays tiny and a new index would need a lock the migration linter refuses (decision 299).
 */
export const opsAlerts = pgTable("ops_alerts", {
  id: serial("id").primaryKey(),
  /** payment_page, mail, jobs, backup, webhook_mismatch, disk (see modules/ops/alerts.ts). */
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  /** What is wrong and what to do, in the owner's words, when it opened. */
  message: text("message").notNull(),
  openedAt: tstz("opened_at").notNull(),
  closedAt: tstz("closed_at"),
});

/**
 * Backups as the backup script records them (one row per finished run). The status page and the
 * backup alert read the newest successful one; nothing here takes a backup.
 */
export const backupRuns = pgTable("backup_runs", {
  id: serial("id").primaryKey(),
  /** full, diff, incr (pgBackRest's words) or whatever the script calls its run. */
  kind: text("kind").notNull().default("full"),
  ok: boolean("ok").notNull(),
  startedAt: tstz("started_at"),
  finishedAt: tstz("finished_at").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }),
  /** Where it went (a bucket path, never a credential) or why it failed. */
  detail: text("detail"),
});

/**
 * Mail and jobs held after a restore (decision 302): while a row has no released_at, the outbox
 * sends nothing and the job queue does not start, until a person releases it (portal or CLI).
 */
export const outgoingHolds = pgTable("outgoing_holds", {
  id: serial("id").primaryKey(),
  reason: text("reason").notNull(),
  /** The point in time the database was restored to (null: held for another reason). */
  restoredTo: tstz("restored_to"),
  heldAt: tstz("held_at").notNull(),
  releasedAt: tstz("released_at"),
  /** Who released it: a staff e-mail or "cli:<user>". */
  releasedBy: text("released_by"),
});
