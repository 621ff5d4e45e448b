/**
 * Alerts (decision 296): conditions that need a person, judged each minute by the `ops-alerts`
 * job. Each condition opens one episode (a row in ops_alerts) when it starts and closes it when it
 * ends; opening and closing each queue one mail to ALERT_EMAIL and show in the bell, and an open
 * episode is the portal's banner. The bell and banner come from the database, so they reach the
 * office even when mail is what is broken.
 */
import { and, asc, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Notification, OpenAlert } from "@app/contract";
import type { Db, DbOrTx } from "../../db/client";
import { opsAlerts } from "../../db/schema";
import type { Env } from "../../env";
import { escapeHtml } from "../../lib/html";
import { enqueueMail, type MailSettings, layout } from "../mail";
import { certificatesOverdue } from "../portal";
import { readAll } from "./readings";
import {
  backupIsOverdue,
  diskIsFull,
  judgeBackup,
  judgeDisk,
  judgeMail,
  judgePayments,
  judgeQueue,
  judgeWebhooks,
  mailIsFailing,
  paymentsAreFailing,
  QUEUE_STALLED_MINUTES,
} from "./status";

export const ALERT_KINDS = ["payment_page", "mail", "jobs", "backup", "webhook_mismatch", "disk", "certificate"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

type Verdict = {
  active: boolean;
  title: string;
  message: string;
  /**
   * Payment pages (decision 313): when one last opened, and the newest failure. A page that
   * opened after the episode began and after its last failure ends the episode at once: customers
   * can pay again.
   */
  okAt?: Date | null;
  failedAt?: Date | null;
};

/** The recovery notice of each kind (mail and bell). */
const RECOVERED: Record<AlertKind, string> = {
  payment_page: "Payment pages open again: customers can pay.",
  mail: "Mail is being sent again; the mails that waited have gone or are going out.",
  jobs: "Background jobs are running normally again.",
  backup: "A new backup has been recorded: backups are up to date again.",
  webhook_mismatch: "No new payment mismatch for a day. Make sure the earlier one was sorted out.",
  disk: "There is enough disk space again.",
  certificate: "Every certificate due has been sent or collected.",
};

const MIN = 60_000;

/** Every condition, judged from the same readings and thresholds as the status page. */
async function judgeAll(
  db: Db,
  env: Env,
  now: Date,
  paymentProvider: string,
  paymentsAfter: Date | null,
): Promise<Record<AlertKind, Verdict>> {
  const { queue, outbox, backups, payments, webhooks, disk } = await readAll(db, now, env.DISK_CHECK_PATH, paymentsAfter);
  const certificates = await certificatesOverdue(db, now);
  const text = (i: { reading: string; summary: string; action: string | null }) =>
    `${i.summary} ${i.action ?? ""} (${i.reading})`.replace(/\s+/g, " ").trim();
  const jobStalled = queue.oldestWaiting !== null && now.getTime() - queue.oldestWaiting.getTime() >= QUEUE_STALLED_MINUTES * MIN;
  // A job that gave up in the last hour, or one failing and waiting for its retry.
  const jobFailed =
    (queue.lastFailedAt !== null && now.getTime() - queue.lastFailedAt.getTime() < 60 * MIN) || queue.retrying > 0;
  return {
    payment_page: {
      active: paymentsAreFailing(payments),
      title: "Customers cannot pay",
      message: text(judgePayments(payments, now)),
      okAt: payments.lastOpenedAt,
      failedAt: payments.lastFailureAt,
    },
    mail: {
      active: mailIsFailing(outbox, now),
      title: "Mail is not being sent",
      message: text(judgeMail(outbox, now)),
    },
    jobs: {
      active: jobStalled || jobFailed,
      title: jobStalled ? "Background jobs have stalled" : "A background job is failing",
      message: text(judgeQueue(queue, now, env.WORKERS_ENABLED)),
    },
    backup: {
      active: backupIsOverdue(backups, now, env.BACKUP_MAX_AGE_HOURS),
      title: "Backups are overdue",
      message: text(judgeBackup(backups, now, env.BACKUP_MAX_AGE_HOURS)),
    },
    webhook_mismatch: {
      active: webhooks.mismatches > 0,
      title: "A payment did not match its booking",
      message: text(judgeWebhooks(webhooks, now, paymentProvider)),
    },
    disk: {
      active: diskIsFull(disk, env.DISK_ALERT_PERCENT),
      title: "The server's disk is nearly full",
      message: text(judgeDisk(disk, env.DISK_ALERT_PERCENT)),
    },
    // The course pages promise results and certificate within 4 working days (issue 31).
    certificate: {
      active: certificates > 0,
      title: "Certificates are overdue",
      message: `${certificates} certificate${certificates === 1 ? " has" : "s have"} not been sent within 4 working days of the results. See Learners, Certificates and licences.`,
    },
  };
}

function alertMail(kind: "opened" | "recovered", title: string, message: string, settings: MailSettings) {
  const subject = kind === "opened" ? `Alert: ${title}` : `Recovered: ${title}`;
  const link = `${settings.adminUrl}/status`;
  const lines = [message, `The status page: ${link}`];
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 12px">${escapeHtml(message)}</p>
<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">Open the status page</a></p>`,
    settings,
  );
  return { subject, html, text: lines.join("\n\n") };
}

export type EvaluationResult = { opened: AlertKind[]; recovered: AlertKind[] };

/**
 * One run of the evaluator. Under a transaction-scoped advisory lock, so two instances (or a
 * retry overlapping a run) never open the same episode twice.
 */
export async function evaluateAlerts(
  db: Db,
  env: Env,
  settings: MailSettings,
  now: Date,
  paymentProvider: string,
): Promise<EvaluationResult> {
  // Payment pages: failures from before the last episode ended never count again (decision 313);
  // an episode ended by a page that opened would otherwise reopen from the same failures.
  const [ended] = await db
    .select({ at: sql<string | null>`max(${opsAlerts.closedAt})` })
    .from(opsAlerts)
    .where(eq(opsAlerts.kind, "payment_page"));
  const verdicts = await judgeAll(db, env, now, paymentProvider, ended?.at ? new Date(ended.at) : null);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ops-alerts'))`);
    const open = await tx.select().from(opsAlerts).where(isNull(opsAlerts.closedAt));
    const result: EvaluationResult = { opened: [], recovered: [] };
    for (const kind of ALERT_KINDS) {
      const v = verdicts[kind];
      const episode = open.find((a) => a.kind === kind);
      const over =
        episode !== undefined && v.okAt != null && v.okAt > episode.openedAt && (v.failedAt == null || v.okAt >= v.failedAt);
      if (v.active && !episode) {
        await tx.insert(opsAlerts).values({ kind, title: v.title, message: v.message, openedAt: now });
        await enqueueMail(
          tx,
          { to: env.ALERT_EMAIL, kind: "ops_alert", ...alertMail("opened", v.title, v.message, settings) },
          now,
        );
        result.opened.push(kind);
      } else if ((!v.active || over) && episode) {
        await tx.update(opsAlerts).set({ closedAt: now }).where(eq(opsAlerts.id, episode.id));
        await enqueueMail(
          tx,
          { to: env.ALERT_EMAIL, kind: "ops_alert", ...alertMail("recovered", episode.title, RECOVERED[kind], settings) },
          now,
        );
        result.recovered.push(kind);
      }
    }
    return result;
  });
}

/** The banner: alerts still open, oldest first. */
export async function openAlerts(db: DbOrTx): Promise<OpenAlert[]> {
  const rows = await db
    .select()
    .from(opsAlerts)
    .where(isNull(opsAlerts.closedAt))
    .orderBy(asc(opsAlerts.openedAt), asc(opsAlerts.id));
  return rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, message: r.message, opened_at: r.openedAt.toISOString() }));
}

/** Whether an alert of `kind` is open now. */
export async function isAlertOpen(db: DbOrTx, kind: AlertKind): Promise<boolean> {
  const rows = await db
    .select({ id: opsAlerts.id })
    .from(opsAlerts)
    .where(and(eq(opsAlerts.kind, kind), isNull(opsAlerts.closedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Alerts opened and recovered since `since`, as bell items (newest first; `read` decided by the caller). */
export async function alertNotifications(db: DbOrTx, since: Date, limit: number): Promise<Omit<Notification, "read">[]> {
  const rows = await db
    .select()
    .from(opsAlerts)
    .where(or(gte(opsAlerts.openedAt, since), gte(opsAlerts.closedAt, since)))
    .orderBy(desc(opsAlerts.openedAt))
    .limit(limit);
  const items: Omit<Notification, "read">[] = [];
  for (const r of rows) {
    if (r.openedAt >= since)
      items.push({
        id: `alert-${r.id}`,
        kind: "alert",
        title: `Alert: ${r.title}`,
        message: r.message,
        time: r.openedAt.toISOString(),
      });
    if (r.closedAt && r.closedAt >= since)
      items.push({
        id: `alert-${r.id}-recovered`,
        kind: "alert",
        title: `Recovered: ${r.title}`,
        message: RECOVERED[r.kind as AlertKind] ?? "Back to normal.",
        time: r.closedAt.toISOString(),
      });
  }
  return items;
}
