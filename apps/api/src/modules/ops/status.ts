/**
 * The status page (decision 296): each reading judged green, amber or red, with a sentence the
 * owner understands and what to do. The thresholds are the alerts' (alerts.ts reads the same
 * verdicts), so the page and the bell never disagree.
 */
import type { StatusItem, StatusPart, SystemStatus } from "@app/contract";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { BuildInfo } from "./version";
import { judgeHold, whileHeld } from "./hold";
import { readDatabase, readAll } from "./readings";
import { bytes, item, judgeBackup, judgeDisk, judgeMail, judgePayments, judgeQueue, judgeWebhooks } from "./judgements";

export * from "./judgements";

export type StatusDeps = { db: Db; env: Env; now: Date; build: BuildInfo; startedAt: Date; paymentProvider: string };

export async function systemStatus(deps: StatusDeps): Promise<SystemStatus> {
  const { db, env, now } = deps;
  const database = await readDatabase(db);
  const api: StatusPart = {
    name: "API",
    version: deps.build.version,
    commit: deps.build.commit,
    started_at: deps.startedAt.toISOString(),
    uptime_seconds: Math.max(0, Math.round((Date.now() - deps.startedAt.getTime()) / 1000)),
  };
  const dbItem: StatusItem = database.reachable
    ? item(
        "database",
        "Database",
        "green",
        `Reachable (answered in ${database.latencyMs} ms), ${bytes(database.sizeBytes ?? 0)}`,
        "The database is working.",
        null,
      )
    : item(
        "database",
        "Database",
        "red",
        "Not reachable",
        "The database does not answer: nothing can be booked.",
        "Restart the database server; tell whoever looks after the server.",
      );
  if (!database.reachable) return { checked_at: now.toISOString(), parts: [api], items: [dbItem] };
  const { queue, outbox, backups, payments, webhooks, disk } = await readAll(db, now, env.DISK_CHECK_PATH);
  const hold = await judgeHold(db);
  const held = (i: StatusItem) => (hold ? whileHeld(i) : i);
  return {
    checked_at: now.toISOString(),
    parts: [api],
    items: [
      ...(hold ? [hold] : []),
      dbItem,
      held(judgeQueue(queue, now, env.WORKERS_ENABLED)),
      held(judgeMail(outbox, now)),
      judgeBackup(backups, now, env.BACKUP_MAX_AGE_HOURS),
      judgePayments(payments, now),
      judgeWebhooks(webhooks, now, deps.paymentProvider),
      judgeDisk(disk, env.DISK_ALERT_PERCENT),
    ],
  };
}
