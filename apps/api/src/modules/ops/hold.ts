/**
 * Mail and jobs held after a restore (decision 302). A restored database is the past: its outbox
 * still lists as pending the mails the lost server sent after the restore point, and its jobs
 * would act on the past at once. So the restore procedure holds everything outgoing before the
 * API starts; the outbox sends nothing and the job queue does not start until a person has looked
 * and released it (the status page or `outgoing release`). Every hold and release is logged.
 */
import { readFile } from "node:fs/promises";
import type { StatusItem } from "@app/contract";
import type { Db } from "../../db/client";
import { logActivity, type Actor } from "../activity";
import { activeHold, heldWork, insertHold, releaseHolds, settleSentMail, type HoldRow, type SentEntry } from "./hold-repository";

export type { HoldRow } from "./hold-repository";
export { activeHold } from "./hold-repository";

/** Holds mail and jobs (once: a hold already in force is kept as it is). */
export async function holdOutgoing(
  db: Db,
  opts: { reason: string; restoredTo: Date | null; now: Date; actor: Actor },
): Promise<HoldRow> {
  return db.transaction(async (tx) => {
    const current = await activeHold(tx);
    if (current) return current;
    const row = await insertHold(tx, { reason: opts.reason, restoredTo: opts.restoredTo, heldAt: opts.now });
    await logActivity(tx, {
      type: "other",
      action: "Mail and background jobs held",
      details: opts.reason + (opts.restoredTo ? ` (restored to ${opts.restoredTo.toISOString()})` : ""),
      actor: opts.actor,
      at: opts.now,
    });
    return row;
  });
}

/** Releases the hold; false when none was in force. */
export async function releaseOutgoing(db: Db, opts: { now: Date; actor: Actor }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const released = await releaseHolds(tx, opts.now, opts.actor.name);
    if (released === 0) return false;
    await logActivity(tx, {
      type: "other",
      action: "Mail and background jobs released",
      details: "Held since the restore; sending and jobs start now",
      actor: opts.actor,
      at: opts.now,
    });
    return true;
  });
}

/**
 * The mail sender's sent log (MAIL_SENT_LOG, one JSON line per mail handed to the mail server):
 * read after a restore so the outbox does not send again what the lost server already sent.
 * A torn last line (the server died mid-write) is skipped.
 */
export async function readSentLog(file: string): Promise<SentEntry[]> {
  const text = await readFile(file, "utf8");
  const entries: SentEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as Partial<SentEntry>;
      if (typeof e.id === "number" && typeof e.createdAt === "string" && typeof e.sentAt === "string")
        entries.push({ id: e.id, createdAt: e.createdAt, sentAt: e.sentAt });
    } catch {
      // a torn line: the mail it names was being sent as the server stopped
    }
  }
  return entries;
}

/** Marks the outbox rows in the sent log as sent; returns how many changed. */
export const settleFromSentLog = (db: Db, entries: SentEntry[]) => settleSentMail(db, entries);

/** The status page's line for the hold (only shown while one is in force). */
export async function judgeHold(db: Db): Promise<StatusItem | null> {
  const hold = await activeHold(db);
  if (!hold) return null;
  const { mails } = await heldWork(db);
  const since = hold.restoredTo ? `restored to ${hold.restoredTo.toISOString().slice(0, 16).replace("T", " ")} UTC` : hold.reason;
  return {
    key: "outgoing",
    title: "Mail and jobs on hold",
    level: "red",
    reading: `Held since ${hold.heldAt.toISOString().slice(0, 16).replace("T", " ")} UTC (${since}); ${mails} mail${mails === 1 ? "" : "s"} waiting`,
    summary:
      "The system was restored from a backup, so no mail goes out and no reminders, expiries or alerts run until someone checks it.",
    action:
      "Check that the bookings look right and that the waiting mails were not already sent, then press Release mail and jobs.",
  };
}

/** While held, the queue and the outbox wait on purpose: their cards say so rather than "normal". */
export const whileHeld = (item: StatusItem): StatusItem => ({
  ...item,
  level: "amber",
  summary: "On hold after the restore: nothing runs or goes out until it is released.",
  action: "See Mail and jobs on hold.",
});
