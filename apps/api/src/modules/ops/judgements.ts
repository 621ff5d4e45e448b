/**
 * The verdicts of the status page and the alerts (decision 296): each reading judged green, amber
 * or red with a sentence the owner understands and what to do, and the thresholds both use.
 */
import type { StatusItem, StatusLevel } from "@app/contract";
import {
  MISMATCH_WINDOW_HOURS,
  PAYMENT_WINDOW_MINUTES,
  type BackupReading,
  type DiskReading,
  type OutboxReading,
  type PaymentPageReading,
  type QueueReading,
  type WebhookReading,
} from "./readings";

export const MIN = 60_000;
/** Mail still failing after this long is an alert (issue 26: "mail failing for 15 minutes"). */
export const MAIL_FAILING_MINUTES = 15;
/** A due job not picked up for this long means the queue has stalled (every job runs at least each 5 minutes). */
export const QUEUE_STALLED_MINUTES = 10;
/** Payment page: this many failures one after another, or more than this share of attempts in the window. */
export const PAYMENT_FAILURES_IN_A_ROW = 3;
export const PAYMENT_FAILURE_SHARE = 0.2;
/** The share rule needs a few attempts, so one unlucky customer out of two is not an alarm. */
export const PAYMENT_SHARE_MIN_ATTEMPTS = 5;

export function ago(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - from.getTime()) / MIN));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export function bytes(n: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(1)} ${units[u]}`;
}

export const item = (
  key: StatusItem["key"],
  title: string,
  level: StatusLevel,
  reading: string,
  summary: string,
  action: string | null,
) => ({
  key,
  title,
  level,
  reading,
  summary,
  action,
});

export function judgeQueue(q: QueueReading, now: Date, workersEnabled: boolean): StatusItem {
  const reading = `${q.waiting} waiting, ${q.retrying} retrying, ${q.failed} failed in 24 hours${q.oldestWaiting ? `, oldest waiting since ${ago(q.oldestWaiting, now)}` : ""}`;
  const stalled = q.oldestWaiting !== null && now.getTime() - q.oldestWaiting.getTime() >= QUEUE_STALLED_MINUTES * MIN;
  if (stalled)
    return item(
      "jobs",
      "Background jobs",
      "red",
      reading,
      "Background work (expiring unpaid bookings, sending mail, reminders) has stopped moving.",
      "Restart the API; if it stays red, tell whoever looks after the server.",
    );
  if (q.failed > 0 || q.retrying > 0)
    return item(
      "jobs",
      "Background jobs",
      "amber",
      reading,
      "A background job failed and is being retried or has given up.",
      "If this stays for more than an hour, tell whoever looks after the server (the API's log says which job).",
    );
  if (!workersEnabled)
    return item(
      "jobs",
      "Background jobs",
      "amber",
      reading,
      "Background jobs are switched off on this server (WORKERS_ENABLED).",
      "Nothing, if another server runs them; otherwise switch them on.",
    );
  return item("jobs", "Background jobs", "green", reading, "Background work is running on time.", null);
}

export function mailIsFailing(o: OutboxReading, now: Date): boolean {
  return o.oldestFailing !== null && now.getTime() - o.oldestFailing.getTime() >= MAIL_FAILING_MINUTES * MIN;
}

export function judgeMail(o: OutboxReading, now: Date): StatusItem {
  const reading = `${o.pending} waiting to send, ${o.failed} gave up in 7 days${o.oldestPending ? `, oldest waiting since ${ago(o.oldestPending, now)}` : ""}${o.lastSentAt ? `; last sent ${ago(o.lastSentAt, now)}` : ""}`;
  if (mailIsFailing(o, now))
    return item(
      "mail",
      "Outgoing mail",
      "red",
      `${reading}${o.lastError ? `; the mail server said: ${o.lastError}` : ""}`,
      "Mail cannot be sent: customers are not getting confirmations and reminders. They are kept and retried.",
      "Check the mail account (SMTP_URL): password, quota, or the provider's status page.",
    );
  if (o.failed > 0)
    return item(
      "mail",
      "Outgoing mail",
      "amber",
      reading,
      "Some mails could not be delivered after a day of trying.",
      "Open Scheduled mail to see them and press Retry once the cause is fixed.",
    );
  if (o.oldestFailing)
    return item(
      "mail",
      "Outgoing mail",
      "amber",
      reading,
      "A mail failed to send and will be tried again shortly.",
      "Nothing yet; it turns red if it keeps failing for 15 minutes.",
    );
  return item("mail", "Outgoing mail", "green", reading, "Mail is going out normally.", null);
}

export function backupIsOverdue(b: BackupReading, now: Date, maxAgeHours: number | undefined): boolean {
  if (maxAgeHours === undefined) return false;
  return !b.lastOk || now.getTime() - b.lastOk.finishedAt.getTime() > maxAgeHours * 60 * MIN;
}

export function judgeBackup(b: BackupReading, now: Date, maxAgeHours: number | undefined): StatusItem {
  if (!b.lastOk) {
    const expected = maxAgeHours !== undefined;
    return item(
      "backup",
      "Backups",
      expected ? "red" : "amber",
      b.lastFailedAt ? `No successful backup recorded; one failed ${ago(b.lastFailedAt, now)}` : "No backup recorded",
      "No backup recorded. If this computer's disk failed today, the bookings could not be recovered.",
      "Set up the backups (README, Operations) and check that the backup script records its runs.",
    );
  }
  const reading = `Last good backup ${ago(b.lastOk.finishedAt, now)} (${b.lastOk.kind}${b.lastOk.sizeBytes !== null ? `, ${bytes(b.lastOk.sizeBytes)}` : ""})${b.lastFailedAt && b.lastFailedAt > b.lastOk.finishedAt ? `; a later one failed ${ago(b.lastFailedAt, now)}` : ""}`;
  if (backupIsOverdue(b, now, maxAgeHours))
    return item(
      "backup",
      "Backups",
      "red",
      reading,
      `The last backup is older than planned (every ${maxAgeHours} hours at most): recent bookings are not safe yet.`,
      "Check the backup job on the server and the backup storage.",
    );
  if (b.lastFailedAt && b.lastFailedAt > b.lastOk.finishedAt)
    return item(
      "backup",
      "Backups",
      "amber",
      reading,
      "The most recent backup attempt failed; an older one is still good.",
      "Check the backup job's log before the next one is due.",
    );
  return item("backup", "Backups", "green", reading, "Backups are up to date.", null);
}

export function paymentsAreFailing(p: PaymentPageReading): boolean {
  return (
    p.failedInARow >= PAYMENT_FAILURES_IN_A_ROW ||
    (p.attempts >= PAYMENT_SHARE_MIN_ATTEMPTS && p.failures / p.attempts > PAYMENT_FAILURE_SHARE)
  );
}

export function judgePayments(p: PaymentPageReading, now: Date): StatusItem {
  const reading = `${p.failures} of ${p.attempts} payment pages failed to open in the last ${PAYMENT_WINDOW_MINUTES} minutes${p.lastFailureAt ? `; last failure ${ago(p.lastFailureAt, now)}` : ""}`;
  if (paymentsAreFailing(p))
    return item(
      "payments",
      "Payment provider",
      "red",
      reading,
      "Customers cannot pay: the payment page does not open. Their places are released at once.",
      "Check the payment provider's status page and the Stripe keys; take phone bookings meanwhile.",
    );
  if (p.failures > 0)
    return item(
      "payments",
      "Payment provider",
      "amber",
      reading,
      "A payment page failed to open recently; others worked.",
      "Nothing yet; it turns red if failures repeat.",
    );
  return item("payments", "Payment provider", "green", reading, "Customers can pay.", null);
}

export function judgeWebhooks(w: WebhookReading, now: Date, provider: string): StatusItem {
  const reading = `${w.lastReceivedAt ? `Last message from the payment provider ${ago(w.lastReceivedAt, now)}` : "No message from the payment provider yet"}; ${w.mismatches} amount mismatch${w.mismatches === 1 ? "" : "es"} in ${MISMATCH_WINDOW_HOURS} hours`;
  if (w.mismatches > 0)
    return item(
      "webhooks",
      "Payment confirmations",
      "red",
      reading,
      "A payment did not match its booking (a different amount or booking). It was NOT marked paid.",
      "Open the Activity log ('Payment did not match its order') and check the payment in the provider's dashboard.",
    );
  if (!w.lastReceivedAt && provider !== "local")
    return item(
      "webhooks",
      "Payment confirmations",
      "amber",
      reading,
      "The payment provider has not sent any confirmation yet.",
      "If bookings have been paid, check the webhook address and secret in the provider's dashboard (README, Stripe).",
    );
  return item(
    "webhooks",
    "Payment confirmations",
    "green",
    reading,
    "Payment confirmations arrive and match their bookings.",
    null,
  );
}

export function diskIsFull(d: DiskReading, percent: number): boolean {
  return d !== null && d.usedPercent >= percent;
}

export function judgeDisk(d: DiskReading, percent: number): StatusItem {
  if (!d)
    return item(
      "disk",
      "Disk space",
      "amber",
      "Could not be read",
      "The server's free space could not be measured.",
      "Check DISK_CHECK_PATH names a folder on the data disk.",
    );
  const reading = `${d.usedPercent}% used, ${bytes(d.freeBytes)} free of ${bytes(d.totalBytes)}`;
  if (diskIsFull(d, percent))
    return item(
      "disk",
      "Disk space",
      "red",
      reading,
      "The server's disk is nearly full. When it fills, bookings and mail stop.",
      "Ask whoever looks after the server to free space or add disk.",
    );
  if (d.usedPercent >= percent - 10)
    return item(
      "disk",
      "Disk space",
      "amber",
      reading,
      "The server's disk is filling up.",
      "Plan to free space or add disk soon.",
    );
  return item("disk", "Disk space", "green", reading, "There is plenty of disk space.", null);
}
