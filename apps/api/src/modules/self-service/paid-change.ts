/**
 * A date change with a fee, paid on the spot (decision 480). Asking for it records the change
 * (date_change_payments) and opens the provider's page for exactly the fee; the provider's
 * confirmation settles it once, under the order's lock: the office's transfer moves the seats
 * under its own locks, or, when the move can no longer be made (the last place went meanwhile,
 * the booking was cancelled, the change limit was reached), the fee goes back in full.
 */
import { formatBookingRef } from "@app/contract";
import { formatPence } from "@app/rules";
import type { Tx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity } from "../activity";
import { transferBooking, type BookingCtx } from "../bookings";
import { updateSelfFacts, withManageLinkTx } from "../customer-links";
import { customerRecipient, enqueueMail } from "../mail";
import type { PaymentProvider } from "../orders";
import { customerActor, inTx, policyOf } from "./actions";
import { changeFeeRefundedMail } from "./mails";
import * as repo from "./repository";

export type ChangeCheckout = { checkout_url: string; fee: number; message: string };

type CheckoutSettings = { db: BookingCtx["db"]; provider: PaymentProvider; siteUrl: string; apiUrl: string; production: boolean };

export const bookingPageUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/$/, "")}/my-bookings/${encodeURIComponent(token)}`;

/** The provider's page for the change's fee: opened once (a retry gets the same page). */
export async function changeCheckout(
  s: CheckoutSettings,
  order: repo.OrderRow,
  change: repo.ChangePaymentRow,
  token: string,
): Promise<ChangeCheckout> {
  const items = await repo.itemsOf(s.db, [order.id]);
  const item = items.find((i) => i.id === change.orderItemId)!;
  const answer = (url: string): ChangeCheckout => ({
    checkout_url: url,
    fee: change.feePence / 100,
    message: `Pay the ${formatPence(change.feePence)} fee to change the date of ${item.title}. The new date is yours once the payment is through.`,
  });
  if (change.checkoutUrl) return answer(change.checkoutUrl);
  if (s.provider.name === "local") {
    if (s.production) throw new HttpError(503, "Online payments are not set up");
    const url = `${s.apiUrl.replace(/\/$/, "")}/api/my-bookings/booking/${encodeURIComponent(token)}/change-payments/${change.id}/local`;
    await repo.recordChangeCheckout(s.db, change.id, `local_change_${change.id}`, url);
    return answer(url);
  }
  const opened = await s.provider.createCheckout({
    ...order,
    items,
    part: {
      amountPence: change.feePence,
      label: `Date change fee: ${item.title}`,
      saveCard: false,
      purpose: "change_fee",
      returnUrl: `${bookingPageUrl(s.siteUrl, token)}?change=${change.id}`,
      checkoutKey: `change-fee-${change.id}`,
    },
  });
  await repo.recordChangeCheckout(s.db, change.id, opened.sessionId, opened.url);
  // Two tabs racing: the first session recorded is the one both are sent to.
  const recorded = await repo.changePaymentOfOrder(s.db, order.id, change.id);
  return answer(recorded?.checkoutUrl ?? opened.url);
}

/** Why a paid change can no longer be made, or null when the seats moved. */
async function moveOrRefusal(ctx: BookingCtx, tx: Tx, order: repo.OrderRow, change: repo.ChangePaymentRow, paid: number) {
  if (paid !== change.feePence) return `the amount paid (${formatPence(paid)}) is not the fee`;
  if (order.status !== "paid") return "the booking is no longer confirmed";
  const item = (await repo.itemsOf(tx, [order.id])).find((i) => i.id === change.orderItemId);
  if (!item) return "the course is no longer part of the booking";
  if (item.courseDateId === change.courseDateId) return "the booking is on that date already";
  const { policy, facts } = await policyOf(tx, order.id);
  if (facts.dateChanges >= policy.max_changes) return "the booking has had all the date changes it allows";
  try {
    await transferBooking(inTx(ctx, tx), order.id, {
      item_id: item.id,
      course_date_id: change.courseDateId,
      reason: `Changed by the customer online, fee of ${formatPence(paid)} paid`,
      notify: true,
    });
  } catch (err) {
    // The transfer ran in a savepoint: a refusal (the last place went) left nothing behind.
    if (err instanceof HttpError && err.statusCode === 409) return "the new date has no place left";
    throw err;
  }
  return null;
}

export type SettleResult = "moved" | "refunded" | "settled_before" | "unknown";

/**
 * Settles a paid change once: moves the seats, or refunds the fee in full through the provider.
 */
export async function settleChangeTx(
  tx: Tx,
  ctx: BookingCtx,
  by: { sessionId: string } | { id: number },
  paidPence: number,
): Promise<SettleResult> {
  const change = await repo.lockChangePayment(tx, by);
  if (!change) return "unknown";
  if (change.status !== "awaiting_payment") return "settled_before";
  const order = await repo.lockOrder(tx, change.orderId);
  const actor = customerActor(order);
  const as = { ...ctx, actor };
  const target = await repo.courseDateLabel(tx, change.courseDateId);
  const refusal = await moveOrRefusal(as, tx, order, change, paidPence);
  const ref = formatBookingRef(order.bookingRef);
  if (!refusal) {
    await repo.settleChangePayment(tx, change.id, "moved", ctx.now);
    await updateSelfFacts(tx, order.id, { addChange: true });
    await logActivity(tx, {
      type: "payment",
      action: "Date change fee paid",
      details: `${ref}: ${actor.name} paid ${formatPence(paidPence)} to move to ${target}`,
      actor,
      amountPence: paidPence,
      at: ctx.now,
    });
    await repo.setActionSummary(
      tx,
      order.id,
      change.idempotencyKey,
      `paid ${formatPence(paidPence)} and moved to ${target} online`,
    );
    return "moved";
  }
  await ctx.provider.refund(change.sessionId ?? `change-${change.id}`, paidPence, `change-fee-${change.id}`);
  await repo.settleChangePayment(tx, change.id, "refunded", ctx.now);
  await logActivity(tx, {
    type: "other",
    action: "Date change fee refunded",
    details: `${ref}: ${actor.name} paid ${formatPence(paidPence)} to move to ${target}, but ${refusal}; the fee was refunded in full`,
    actor,
    amountPence: paidPence,
    at: ctx.now,
  });
  await enqueueMail(
    tx,
    {
      ...customerRecipient(order),
      kind: "date_change_refunded",
      ...(await withManageLinkTx(
        tx,
        order.id,
        changeFeeRefundedMail(order, { target, paidPence, reason: refusal }, ctx.mail),
        ctx.mail,
        ctx.now,
      )),
    },
    ctx.now,
  );
  await repo.setActionSummary(tx, order.id, change.idempotencyKey, `paid to move to ${target}, but ${refusal}: fee refunded`);
  return "refunded";
}

/** Settles a change in its own transaction (the local development page's Pay). */
export const settleChange = (ctx: BookingCtx, by: { sessionId: string } | { id: number }, paidPence: number) =>
  ctx.db.transaction((tx) => settleChangeTx(tx, ctx, by, paidPence));
