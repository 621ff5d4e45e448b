/**
 * Balance reminders (decision 471): 7 days before the balance's due day and on it, each once, with
 * the secret balance link; none once the balance is paid, none for a cancelled or released booking,
 * and none while a kept card will pay it (a card that failed sent the link already and the
 * reminders go on from there). Each booking is decided under its row lock at send time.
 */
import type { Db } from "../../db/client";
import { addDays, ukDate } from "../../lib/dates";
import { withManageLinkTx } from "../customer-links";
import { customerRecipient, enqueueMail, type MailSettings } from "../mail";
import { balancePageUrl, ensureBalanceLinkTx } from "./balance";
import { balanceReminderMail } from "./balance-due-mails";
import { lockOrderRow } from "./balance-repository";
import { amountDue } from "./payment-plan";
import { findItems } from "./repository";
import * as repo from "./saved-card-repository";

/** How many days before the due day the first reminder goes. */
export const REMINDER_DAYS_BEFORE = 7;

export async function runBalanceReminders(db: Db, settings: MailSettings, now: Date): Promise<number[]> {
  const today = ukDate(now);
  const reminded: number[] = [];
  for (const id of await repo.findReminderCandidates(db, today, addDays(today, REMINDER_DAYS_BEFORE))) {
    await db.transaction(async (tx) => {
      const order = await lockOrderRow(tx, id);
      if (!order || order.status !== "paid" || order.releasedUnpaidAt || !order.balanceDueOn) return;
      const duePence = amountDue(order);
      if (duePence <= 0) return;
      const which = today === order.balanceDueOn ? "due" : "before";
      if (which === "due" ? order.balanceRemindedDueAt : order.balanceRemindedBeforeAt) return;
      // Booked inside the week before the due day: the confirmation told them already.
      if (which === "before" && ukDate(order.createdAt) > addDays(order.balanceDueOn, -REMINDER_DAYS_BEFORE)) return;
      const cardFailed = order.balanceChargeFailedAt !== null || (await repo.hasFailedInstalment(tx, id));
      if (order.providerPaymentMethodId && !cardFailed) return;
      const token = await ensureBalanceLinkTx(tx, id, now);
      const items = await findItems(tx, id);
      const due = { duePence, dueOn: order.balanceDueOn, url: balancePageUrl(settings.siteUrl, token) };
      await repo.markReminded(tx, id, which, now);
      await enqueueMail(
        tx,
        {
          ...customerRecipient(order),
          kind: "balance_reminder",
          // The booking's own page too, as every customer mail of a booking (decision 440).
          ...(await withManageLinkTx(tx, id, balanceReminderMail(order, items, due, which, settings), settings, now)),
        },
        now,
      );
      reminded.push(id);
    });
  }
  return reminded;
}
