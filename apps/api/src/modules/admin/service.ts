import type { DashboardWarning, Notification, StatCard } from "@app/contract";
import type { Db } from "../../db/client";
import * as repo from "./repository";
import { formatPence } from "../../lib/html";
import { ukMonthStart } from "../../lib/dates";
import { penceToPounds as toPounds } from "@app/rules";
import { pageFailureSummary } from "../payments";
import { moneyReceivedAndRefunded } from "../invoices";
import { outstandingTotals, overdueAlertsSince } from "../orders";
import { formatBookingRef } from "@app/contract";
import { ukDate } from "../../lib/dates";

/** "18:32" in UK time: the office reads times on the clock of the shop. */
const ukClock = (at: Date) => at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/**
 * The dashboard's warnings (decisions 272, 313): payment pages that could not be opened in the
 * last hour (one card while any did, so a single failure is seen too), saying since when they
 * keep failing while the ops alert for them is open.
 */
export async function dashboardWarnings(db: Db, now: Date): Promise<DashboardWarning[]> {
  const [{ failures, lastFailureAt }, alerts] = await Promise.all([
    pageFailureSummary(db, new Date(now.getTime() - 3_600_000)),
    openAlerts(db),
  ]);
  const open = alerts.find((a) => a.kind === "payment_page");
  if (failures === 0 && !open) return [];
  const count = `${failures} in the last hour`;
  const since = open ? new Date(open.opened_at) : null;
  const message = since
    ? `Payment page failures: ${count}; customers could not pay. Failing since ${ukClock(since)}: check the payment provider's status and keys.`
    : `Payment page failures: ${count}; customers could not pay.${lastFailureAt ? ` The last at ${ukClock(lastFailureAt)}.` : ""}`;
  return [
    {
      id: open ? `payment-page-alert-${open.id}` : "payment-page-failures",
      kind: "payment_page",
      title: open ? "Payment page failing" : "Payment page failures",
      message,
      count: failures,
      since: since ? since.toISOString() : null,
    },
  ];
}

import { alertNotifications as opsAlertNotifications, openAlerts } from "../ops";

function card(title: string, value: number, previous: number): StatCard {
  const percentage = previous === 0 ? (value > 0 ? 100 : 0) : Math.round(((value - previous) / previous) * 1000) / 10;
  return { title, value, percentage: Math.abs(percentage), isPositive: value >= previous };
}

/**
 * Enrolments (places: the attendees of paid bookings, so a group of three counts three, issue 27),
 * revenue (£, the money received in the month less the money refunded in it, as the money report
 * counts it: decision 491) and messages: this UK month against the last.
 */
export async function dashboardCards(db: Db, now: Date): Promise<StatCard[]> {
  const thisMonth = ukMonthStart(now).toISOString();
  const lastMonth = ukMonthStart(now, -1).toISOString();
  const end = now.toISOString();
  const [rows, revenueNow, revenuePrev] = await Promise.all([
    repo.dashboardCounts(db, thisMonth, lastMonth, end),
    // Up to and including this instant.
    moneyReceivedAndRefunded(db, new Date(thisMonth), new Date(now.getTime() + 1)),
    moneyReceivedAndRefunded(db, new Date(lastMonth), new Date(thisMonth)),
  ]);
  const r = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  const owed = await outstandingTotals(db, ukDate(now));
  return [
    card("Enrollments", r.enrol_now ?? 0, r.enrol_prev ?? 0),
    card("Revenue", toPounds(revenueNow.netPence), toPounds(revenuePrev.netPence)),
    card("Messages", r.msg_now ?? 0, r.msg_prev ?? 0),
    // What live bookings still owe today (deposits' balances, open invoices): a standing figure, no
    // month to compare with, so its caption says how much of it is overdue instead; 'positive' while
    // nothing is.
    {
      title: "Outstanding balances",
      value: toPounds(owed.outstanding),
      percentage: 0,
      isPositive: owed.overdue === 0,
      caption: owed.overdue === 0 ? "Nothing overdue" : `${formatPence(owed.overdue)} overdue`,
    },
  ];
}

const NOTIFICATION_DAYS = 30;
const NOTIFICATION_LIMIT = 30;

/**
 * New contact messages, paid bookings and operations alerts, payment pages among them
 * (decisions 296, 313: opened and recovered); `read` = from before the administrator last looked.
 */
export async function markNotificationsSeen(db: Db, userId: number, now: Date): Promise<void> {
  await repo.setNotificationsSeenAt(db, userId, now);
}

export async function notificationsFor(db: Db, userId: number, now: Date): Promise<{ unread: number; items: Notification[] }> {
  const seen = await repo.notificationsSeenAt(db, userId);
  const since = new Date(now.getTime() - NOTIFICATION_DAYS * 86_400_000).toISOString();
  const rows = await repo.recentMessagesAndBookings(db, since, NOTIFICATION_LIMIT);
  const items = rows.map((r): Notification => {
    const at = new Date(r.at);
    const read = seen !== null && at <= seen;
    // A customer's own change to their booking (self-service, decision 446).
    if (r.kind === "customer")
      return {
        id: `customer-${r.id}`,
        kind: "booking",
        title: `Customer change: ${r.name}`,
        message: r.extra,
        time: at.toISOString(),
        read,
      };
    return r.kind === "message"
      ? {
          id: `message-${r.id}`,
          kind: "message",
          title: `New message from ${r.name}`,
          message: r.extra,
          time: at.toISOString(),
          read,
        }
      : {
          id: `booking-${r.id}`,
          kind: "booking",
          title: `New booking: ${r.name}`,
          message: `${r.extra}${r.amount !== null ? ` · ${formatPence(Number(r.amount))}` : ""}`,
          time: at.toISOString(),
          read,
        };
  });
  // Alerts are few and matter most: merged in by time, kept even when 30 bookings are newer. They
  // reach the office here even when mail is what is broken (decision 296). Payment pages too: one
  // owner, the ops alerts (decision 313).
  const alerts = (await opsAlertNotifications(db, new Date(since), NOTIFICATION_LIMIT)).map(
    (a): Notification => ({ ...a, read: seen !== null && new Date(a.time) <= seen }),
  );
  // Balances past their due day: one notice per booking, when the office was alerted.
  for (const o of await overdueAlertsSince(db, new Date(since), NOTIFICATION_LIMIT))
    alerts.push({
      id: `balance-overdue-${o.id}`,
      kind: "alert",
      title: `Balance overdue: ${o.name}`,
      message: `${formatBookingRef(o.bookingRef)} · ${formatPence(o.owedPence)} owed${o.released ? " · places released" : ""}`,
      time: o.at.toISOString(),
      read: seen !== null && o.at <= seen,
    });
  const kept = [...alerts, ...items.slice(0, Math.max(0, NOTIFICATION_LIMIT - alerts.length))].sort(
    (a, b) => Date.parse(b.time) - Date.parse(a.time),
  );
  return { unread: kept.filter((i) => !i.read).length, items: kept };
}
