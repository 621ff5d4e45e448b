/**
 * Refunds (decision 181): a refund in the caller's transaction, cancel-and-refund of a paid order,
 * a refund alone, and the provider's `charge.refunded` recorded once. A refund never exceeds what
 * was paid: each runs under the order's row lock, sums what was refunded before, and the database
 * refuses more (trigger). What people are told (mails) is the caller's, through StepHooks.then.
 */
import { formatBookingRef } from "@app/contract";
import { penceToPounds as toPounds, poundsToPence as toPence } from "@app/rules";
import type { Tx } from "../../db/client";
import type { OrderAttendeeRow, OrderItemRow, OrderRow } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import { skipPlannedMail } from "./attendee-repository";
import type { OfficeCtx, StepHooks } from "./office-context";
import { lockOrderById } from "./office-repository";
import type { PaymentEvent } from "./port";
import { refundRecordedTx } from "./money-events";
import * as money from "./money-repository";
import { findItems, findOrderByReference, raiseCalendarSequence, setCancelled } from "./repository";

/**
 * Gives `amountPence` back through the order's payment provider and records it, in the caller's
 * transaction, which holds the order's row lock (so concurrent refunds of one order queue here and
 * each sees the others' rows). The provider is called with the office's key: a retry after a lost
 * answer is the same refund at the provider, and its id is recorded once.
 */
export async function refundTx(
  tx: Tx,
  ctx: OfficeCtx,
  order: OrderRow,
  amountPence: number,
  key: string,
  reason: string | undefined,
): Promise<string> {
  if (!(amountPence > 0))
    throw new HttpError(400, "Enter the amount to refund", {
      issues: [{ path: "amount", message: "Enter the amount to refund" }],
    });
  const refunded = await money.sumRefunded(tx, order.id);
  const refundable = Math.max((order.amountPaidPence ?? 0) - refunded, 0);
  if (amountPence > refundable) {
    throw new HttpError(
      409,
      refundable > 0
        ? `You can refund at most ${toPounds(refundable).toFixed(2)} (what is left of the payment)`
        : "Nothing is left to refund on this booking",
    );
  }
  const payment = await money.findPayment(tx, order.id);
  let providerRefundId: string;
  if (order.paymentProvider === "manual") {
    // Cash, bank transfer, invoice or card by phone: the office gives the money back itself.
    providerRefundId = `manual_${order.id}_${key}`.slice(0, 200);
  } else {
    if (order.paymentProvider !== ctx.provider.name) {
      throw new HttpError(
        409,
        `This booking was paid through '${order.paymentProvider}', which this server does not use; refund it there`,
      );
    }
    const paymentRef = payment?.providerPaymentId ?? order.providerSessionId ?? order.reference;
    let result: { id: string; paymentId: string | null };
    try {
      result = await ctx.provider.refund(paymentRef, amountPence, `${order.id}-${key}`);
    } catch (err) {
      throw new HttpError(
        502,
        `The payment provider did not make the refund: ${err instanceof Error ? err.message : "unknown error"}`,
      );
    }
    providerRefundId = result.id;
    if (result.paymentId && result.paymentId !== payment?.providerPaymentId)
      await money.rememberPaymentId(tx, order.id, result.paymentId);
  }
  // Known already (the provider's webhook for this very refund got here first): recorded once.
  const row = await money.insertRefund(tx, {
    orderId: order.id,
    amountPence,
    providerRefundId,
    idempotencyKey: key,
    actorId: ctx.actor.id,
    adminName: ctx.actor.name,
    reason: reason || null,
    createdAt: ctx.now,
  });
  if (row) await refundRecordedTx(tx, row);
  return providerRefundId;
}

export type CancelPaidInput = {
  refund: "full" | "amount" | "none";
  amount?: number | null;
  reason?: string;
  idempotency_key: string;
};
/** A paid order cancelled: the row after, its items and places (SEQUENCE raised) and the money given back. */
export type CancelledPaid = { cancelled: OrderRow; items: OrderItemRow[]; places: OrderAttendeeRow[]; amount: number };

/** Cancels a paid order (places freed at once) and refunds all, part or none of what was paid. */
export async function cancelPaidOrder(
  ctx: OfficeCtx,
  id: number,
  input: CancelPaidInput,
  hooks: StepHooks<CancelledPaid> = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    // The same click again: done already.
    if (hooks.once && !(await hooks.once(tx, order.id))) return;
    if (order.status === "cancelled") throw new HttpError(409, "This booking is already cancelled");
    if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
    const items = await findItems(tx, order.id);
    const refundable = Math.max((order.amountPaidPence ?? 0) - (await money.sumRefunded(tx, order.id)), 0);
    const amount = input.refund === "full" ? refundable : input.refund === "amount" ? toPence(input.amount ?? 0) : 0;
    let refundId: string | null = null;
    if (amount > 0) refundId = await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason);
    // Not paid any more holds no seats: the counter triggers free them, and the code use, at once.
    const cancelled = await setCancelled(tx, order.id, ctx.now);
    // Its reminders leave the schedule now, not only when their time comes.
    await skipPlannedMail(tx, order.id, "booking cancelled", ctx.now);
    await logActivity(tx, {
      type: "other",
      action: amount > 0 ? "Booking cancelled and refunded" : "Booking cancelled",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName} was cancelled by ${ctx.actor.name}${
        amount > 0 ? `, refunded ${toPounds(amount).toFixed(2)} GBP (${refundId})` : ", no refund"
      }; its places were released${input.reason ? `. Reason: ${input.reason}` : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      items: items.length,
      at: ctx.now,
    });
    // Every place's event is cancelled: same UIDs, SEQUENCE raised, METHOD:CANCEL (decision 285).
    const places = await raiseCalendarSequence(tx, order.id);
    await hooks.then?.(tx, { cancelled, items, places, amount });
  });
}

/** Refunds a chosen amount, leaving the order as it is. Never more than what is left of the payment. */
export async function refundOrder(
  ctx: OfficeCtx,
  id: number,
  input: { amount: number; reason?: string; idempotency_key: string },
  hooks: StepHooks<{ order: OrderRow; amount: number }> = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (await money.findRefundByKey(tx, order.id, input.idempotency_key)) return;
    if (order.status !== "paid" && order.status !== "cancelled")
      throw new HttpError(409, "Nothing has been paid on this booking");
    const amount = toPence(input.amount);
    const refundId = await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason);
    await logActivity(tx, {
      type: "other",
      action: "Refund",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} refunded ${toPounds(amount).toFixed(2)} GBP (${refundId})${
        input.reason ? `. Reason: ${input.reason}` : ""
      }`,
      actor: ctx.actor,
      amountPence: amount,
      at: ctx.now,
    });
    await hooks.then?.(tx, { order, amount });
  });
}

export type RefundEventResult = "duplicate" | "processed" | "unknown_order" | "ignored";
/** A provider refund recorded: the order before and after, its items, places (when cancelled now) and the amount added. */
export type ProviderRefunded = {
  order: OrderRow;
  current: OrderRow;
  items: OrderItemRow[];
  places: OrderAttendeeRow[];
  added: number;
  cancelledNow: boolean;
};

/**
 * Reconciles the provider's `charge.refunded` (a refund made in its dashboard, or the echo of our
 * own): once per event id, and each provider refund id recorded once (ours are known already, so
 * their echo adds nothing). Refunds reaching what was paid cancel an order still paid, which frees
 * its places; `then` tells the customer about money we had not recorded.
 */
export async function recordProviderRefunds(
  ctx: Pick<OfficeCtx, "db" | "provider" | "now">,
  event: PaymentEvent,
  hooks: StepHooks<ProviderRefunded> = {},
): Promise<RefundEventResult> {
  const paymentId = event.refund?.paymentId ?? null;
  let reference = event.reference;
  let listed = event.refund?.refunds ?? null;
  // Ask the provider before the transaction (no lock held across the call) what the event left out.
  if (paymentId && (!listed || !reference)) {
    const known = await ctx.provider.paymentRefunds(paymentId);
    listed ??= known.refunds;
    reference ??= known.reference;
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await money.recordEventOnce(tx, { provider: ctx.provider.name, id: event.id, type: event.type }, ctx.now)))
      return "duplicate";
    const orderId = reference
      ? ((await findOrderByReference(tx, reference))?.id ?? null)
      : paymentId
        ? await money.findOrderByPaymentId(tx, paymentId)
        : null;
    if (!orderId) return "unknown_order";
    // The echo of giving back a payment nothing was due for: not the booking's money (decision 470).
    if (paymentId && (await money.isUnneededPayment(tx, ctx.provider.name, paymentId))) return "ignored";
    const order = (await lockOrderById(tx, orderId))!;
    if (paymentId) await money.rememberPaymentId(tx, order.id, paymentId);
    const actor: Actor = { id: null, name: "Payment provider" };
    let added = 0;
    for (const r of listed ?? []) {
      if (r.status === "failed" || r.status === "canceled") continue;
      const left = (order.amountPaidPence ?? 0) - (await money.sumRefunded(tx, order.id));
      if (r.amountPence > left) continue; // a refund we cannot fit under what we recorded as paid: left for the office
      const row = await money.insertRefund(tx, {
        orderId: order.id,
        amountPence: r.amountPence,
        providerRefundId: r.id,
        adminName: actor.name,
        reason: "Refunded at the payment provider",
        createdAt: ctx.now,
      });
      if (row) {
        added += r.amountPence;
        await refundRecordedTx(tx, row);
      }
    }
    if (!added) return "ignored";
    const fully = (await money.sumRefunded(tx, order.id)) >= (order.amountPaidPence ?? 0);
    let current = order;
    if (fully && order.status === "paid") {
      current = await setCancelled(tx, order.id, ctx.now);
      await skipPlannedMail(tx, order.id, "booking cancelled", ctx.now);
    }
    const cancelledNow = current.status !== order.status;
    await logActivity(tx, {
      type: "other",
      action: "Refund recorded from the payment provider",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${toPounds(added).toFixed(2)} GBP refunded at ${ctx.provider.name}${
        cancelledNow ? "; fully refunded, so the booking was cancelled and its places released" : ""
      }`,
      actor,
      amountPence: added,
      at: ctx.now,
    });
    const items = await findItems(tx, order.id);
    const places = cancelledNow ? await raiseCalendarSequence(tx, order.id) : [];
    await hooks.then?.(tx, { order, current, items, places, added, cancelledNow });
    return "processed";
  });
}
