/**
 * Balances past their due day (the overdue job, daily): the office is alerted once per booking
 * (a mail and a bell notice, stamped `orders.overdue_alerted_at`), and where the order's terms say
 * 'release', its places are released `overdue_release_days` after the due day: the order is
 * cancelled (`released_unpaid_at`), the customer is mailed, and the caller offers the freed places
 * to the waiting list after the commit. Nothing is refunded by itself (decision 412). Each booking
 * is one transaction under its row lock, re-checked there, so two runs never alert or release twice.
 */
import { formatBookingRef } from "@app/contract";
import { penceToPounds as toPounds } from "@app/rules";
import type { Db } from "../../db/client";
import { addDays, ukDate } from "../../lib/dates";
import { withManageLinkTx } from "../customer-links";
import { logActivity, SYSTEM_ACTOR } from "../activity";
import { customerRecipient, enqueueMail, officeRecipient, type MailSettings } from "../mail";
import { skipPlannedMail } from "./attendee-repository";
import { tellAttendeesTx } from "./attendees";
import { moneyStateOf } from "./money-view";
import { overdueAlertMail, releasedUnpaidMail } from "./balance-mails";
import * as repo from "./balance-repository";
import { bookingCalendar } from "./calendar";
import { findItems, raiseCalendarSequence } from "./repository";

export type OverdueRun = {
  /** Bookings whose office alert went out in this run. */
  alerted: number[];
  /** Bookings released in this run. */
  released: number[];
  /** Course dates that got places back (for the waiting lists). */
  freedDateIds: number[];
};

export async function runOverdueBalances(db: Db, settings: MailSettings, now: Date): Promise<OverdueRun> {
  const today = ukDate(now);
  const run: OverdueRun = { alerted: [], released: [], freedDateIds: [] };
  for (const id of await repo.findOverdueIds(db, today)) {
    await db.transaction(async (tx) => {
      const order = await repo.lockOrderRow(tx, id);
      if (!order || order.releasedUnpaidAt || !order.balanceDueOn) return;
      const refunded = await repo.sumRefundedOf(tx, id);
      const m = moneyStateOf(order, refunded, now);
      // Paid (or cancelled) since the list was read.
      if (m.state !== "overdue") return;
      const terms = order.paymentTerms;
      const releaseOn =
        terms?.overdue_action === "release" ? addDays(order.balanceDueOn, Math.max(1, terms.overdue_release_days)) : null;
      const items = await findItems(tx, id);
      const ref = formatBookingRef(order.bookingRef);
      if (!order.overdueAlertedAt) {
        await repo.markOverdueAlerted(tx, id, now);
        await enqueueMail(
          tx,
          {
            ...officeRecipient(settings),
            kind: "balance_overdue",
            ...overdueAlertMail(
              order,
              items,
              { outstandingPence: m.outstandingPence, dueOn: order.balanceDueOn, releaseOn },
              settings,
            ),
          },
          now,
        );
        await logActivity(tx, {
          type: "payment",
          action: "Balance overdue",
          details: `Booking ${ref} for ${order.firstName} ${order.lastName}: ${toPounds(m.outstandingPence).toFixed(2)} GBP was due on ${order.balanceDueOn}${
            releaseOn ? `; its places are released on ${releaseOn} unless paid` : "; places kept, chase by hand"
          }`,
          actor: SYSTEM_ACTOR,
          amountPence: m.outstandingPence,
          at: now,
        });
        run.alerted.push(id);
      }
      if (!releaseOn || today < releaseOn) return;
      const released = await repo.releaseUnpaid(tx, id, now);
      await skipPlannedMail(tx, id, "booking released, balance not paid", now);
      const places = await raiseCalendarSequence(tx, id);
      const calendar = bookingCalendar(released, items, places, settings, { method: "CANCEL", now });
      await enqueueMail(
        tx,
        {
          ...customerRecipient(order),
          kind: "booking_released",
          ...(await withManageLinkTx(
            tx,
            id,
            releasedUnpaidMail(order, items, m.outstandingPence, settings, calendar),
            settings,
            now,
          )),
        },
        now,
      );
      await tellAttendeesTx(tx, released, items, places, { kind: "cancelled" }, settings, now);
      await logActivity(tx, {
        type: "other",
        action: "Booking released, balance not paid",
        details: `Booking ${ref} for ${order.firstName} ${order.lastName} was cancelled: the balance of ${toPounds(m.outstandingPence).toFixed(2)} GBP due on ${order.balanceDueOn} was not paid; its places were released, nothing was refunded`,
        actor: SYSTEM_ACTOR,
        items: items.length,
        at: now,
      });
      run.released.push(id);
      for (const i of items)
        if (i.courseDateId && !run.freedDateIds.includes(i.courseDateId)) run.freedDateIds.push(i.courseDateId);
    });
  }
  return run;
}
