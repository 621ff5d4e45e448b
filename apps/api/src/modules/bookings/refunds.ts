/**
 * Refunds (issue 13, decision 181): cancel and refund, refund alone, and the provider's
 * `charge.refunded` reconciled once. A refund never exceeds what was paid: each runs under the
 * order's row lock, sums what was refunded before, and the database refuses more (trigger).
 */
import { eq } from "drizzle-orm";
import { formatBookingRef, type CancelBookingSchema, type RefundBookingSchema } from "@app/contract";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { orders, paymentEvents } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { penceToPounds as toPounds, poundsToPence as toPence } from "@app/rules";
import { logActivity, type Actor } from "../activity/repository";
import { customerRecipient } from "../mail/outbox";
import { refusalError } from "../orders/http-answers";
import { findItems, raiseCalendarSequence } from "../orders/repository";
import { bookingCalendar } from "../orders/calendar";
import { cancelOrderAndCheckout } from "../orders/service";
import type { PaymentEvent } from "../payments/port";
import { cancellationMail, refundMail } from "./mails";
import * as repo from "./repository";
import { refundRecordedTx, skipPlannedMail, tellAttendeesTx } from "../orders";
import type { OrderRow } from "./repository";
import type { BookingCtx } from "./service";

/**
 * Gives `amountPence` back through the order's payment provider and records it, in the caller's
 * transaction, which holds the order's row lock (so concurrent refunds of one order queue here and
 * each sees the others' rows). The provider is called with the office's key: a retry after a lost
 * answer is the same refund at the provider, and its id is recorded once.
 */
export async function refundTx(
  tx: Tx,
  ctx: BookingCtx,
  order: OrderRow,
  amountPence: number,
  key: string,
  reason: string | undefined,
) {
  if (!(amountPence > 0))
    throw new HttpError(400, "Enter the amount to refund", {
      issues: [{ path: "amount", message: "Enter the amount to refund" }],
    });
  const refunded = await repo.sumRefunded(tx, order.id);
  const refundable = Math.max((order.amountPaidPence ?? 0) - refunded, 0);
  if (amountPence > refundable) {
    throw new HttpError(
      409,
      refundable > 0
        ? `You can refund at most ${toPounds(refundable).toFixed(2)} (what is left of the payment)`
        : "Nothing is left to refund on this booking",
    );
  }
  const payment = await repo.findPayment(tx, order.id);
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
      await repo.rememberPaymentId(tx, order.id, result.paymentId);
  }
  // Known already (the provider's webhook for this very refund got here first): recorded once.
  const row = await repo.insertRefund(tx, {
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

type CancelInput = z.output<typeof CancelBookingSchema>;

/** Cancels a booking (places freed at once) and refunds all, part or none of what was paid. */
export async function cancelBooking(ctx: BookingCtx, id: number, input: CancelInput): Promise<void> {
  const found = await repo.findOrder(ctx.db, id);
  if (!found) throw new HttpError(404, "Booking not found");
  if (found.status === "pending") {
    // Not paid: the same decision as the customer's cancel (the checkout is closed under the order's lock).
    if (input.refund !== "none" && found.paymentProvider !== "manual")
      throw new HttpError(409, "Nothing has been paid on this booking; cancel it without a refund");
    const outcome = await cancelOrderAndCheckout(ctx.db, { reference: found.reference }, ctx.now, {
      provider: ctx.provider,
      actor: ctx.actor,
      reason: "was cancelled by the office",
    });
    // Paid at the provider first, or no longer pending under the lock: answered as the orders domain answers it.
    if (outcome.kind !== "cancelled") throw refusalError(outcome, { notFound: "Booking not found" });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const order = (await repo.lockOrder(tx, id))!;
    // The same click again: done already.
    if (!(await repo.claimActionKey(tx, order.id, "cancel", input.idempotency_key, ctx.now))) return;
    if (order.status === "cancelled") throw new HttpError(409, "This booking is already cancelled");
    if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
    const items = await findItems(tx, order.id);
    const refundable = Math.max((order.amountPaidPence ?? 0) - (await repo.sumRefunded(tx, order.id)), 0);
    const amount = input.refund === "full" ? refundable : input.refund === "amount" ? toPence(input.amount ?? 0) : 0;
    let refundId: string | null = null;
    if (amount > 0) refundId = await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason);
    // Not paid any more holds no seats: the counter triggers free them, and the code use, at once.
    const [cancelled] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: ctx.now, updatedAt: ctx.now })
      .where(eq(orders.id, order.id))
      .returning();
    // Its reminders leave the schedule now (issue 27), not only when their time comes.
    await skipPlannedMail(tx, order.id, "booking cancelled", ctx.now);
    const ref = formatBookingRef(order.bookingRef);
    await logActivity(tx, {
      type: "other",
      action: amount > 0 ? "Booking cancelled and refunded" : "Booking cancelled",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName} was cancelled by ${ctx.actor.name}${
        amount > 0 ? `, refunded ${toPounds(amount).toFixed(2)} GBP (${refundId})` : ", no refund"
      }; its places were released${input.reason ? `. Reason: ${input.reason}` : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      items: items.length,
      at: ctx.now,
    });
    // Every place's event is cancelled: same UIDs, SEQUENCE raised, METHOD:CANCEL (decision 285).
    const places = await raiseCalendarSequence(tx, order.id);
    if (input.notify !== false) {
      const calendar = bookingCalendar(cancelled!, items, places, ctx.mail, { method: "CANCEL", now: ctx.now });
      await repo.queueMail(
        tx,
        {
          ...customerRecipient(order),
          kind: "booking_cancelled",
          ...cancellationMail(cancelled!, items, amount, ctx.mail, calendar),
        },
        ctx.now,
      );
      // Each attendee with their own address gets their own event cancelled (issue 27).
      await tellAttendeesTx(tx, cancelled!, items, places, { kind: "cancelled" }, ctx.mail, ctx.now);
    }
  });
}

type RefundInput = z.output<typeof RefundBookingSchema>;

/** Refunds a chosen amount, leaving the booking as it is. Never more than what is left of the payment. */
export async function refundBooking(ctx: BookingCtx, id: number, input: RefundInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (await repo.findRefundByKey(tx, order.id, input.idempotency_key)) return;
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
    if (input.notify !== false)
      await repo.queueMail(
        tx,
        { ...customerRecipient(order), kind: "booking_refunded", ...refundMail(order, amount, ctx.mail) },
        ctx.now,
      );
  });
}

export type RefundEventResult = "duplicate" | "processed" | "unknown_order" | "ignored";

/**
 * Reconciles the provider's `charge.refunded` (a refund made in its dashboard, or the echo of our
 * own): once per event id, and each provider refund id recorded once (ours are known already, so
 * their echo adds nothing). Refunds reaching what was paid cancel a booking still confirmed, which
 * frees its places; the customer is mailed about money we had not recorded.
 */
export async function applyRefundEvent(
  ctx: Pick<BookingCtx, "db" | "provider" | "mail" | "now">,
  event: PaymentEvent,
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
    const fresh = await tx
      .insert(paymentEvents)
      .values({ provider: ctx.provider.name, eventId: event.id, type: event.type, receivedAt: ctx.now })
      .onConflictDoNothing()
      .returning();
    if (!fresh.length) return "duplicate";
    const orderId = reference
      ? ((await repo.findOrderByReference(tx, reference))?.id ?? null)
      : paymentId
        ? await repo.findOrderByPaymentId(tx, paymentId)
        : null;
    if (!orderId) return "unknown_order";
    const order = (await repo.lockOrder(tx, orderId))!;
    if (paymentId) await repo.rememberPaymentId(tx, order.id, paymentId);
    const actor: Actor = { id: null, name: "Payment provider" };
    let added = 0;
    for (const r of listed ?? []) {
      if (r.status === "failed" || r.status === "canceled") continue;
      const left = (order.amountPaidPence ?? 0) - (await repo.sumRefunded(tx, order.id));
      if (r.amountPence > left) continue; // a refund we cannot fit under what we recorded as paid: left for the office
      const row = await repo.insertRefund(tx, {
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
    const ref = formatBookingRef(order.bookingRef);
    const fully = (await repo.sumRefunded(tx, order.id)) >= (order.amountPaidPence ?? 0);
    let current = order;
    if (fully && order.status === "paid") {
      [current] = (await tx
        .update(orders)
        .set({ status: "cancelled", cancelledAt: ctx.now, updatedAt: ctx.now })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
      await skipPlannedMail(tx, order.id, "booking cancelled", ctx.now);
    }
    await logActivity(tx, {
      type: "other",
      action: "Refund recorded from the payment provider",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName}: ${toPounds(added).toFixed(2)} GBP refunded at ${ctx.provider.name}${
        current.status !== order.status ? "; fully refunded, so the booking was cancelled and its places released" : ""
      }`,
      actor,
      amountPence: added,
      at: ctx.now,
    });
    const items = await findItems(tx, order.id);
    const cancelledNow = current.status !== order.status;
    const places = cancelledNow ? await raiseCalendarSequence(tx, order.id) : [];
    const mail = cancelledNow
      ? cancellationMail(
          current,
          items,
          added,
          ctx.mail,
          bookingCalendar(current, items, places, ctx.mail, { method: "CANCEL", now: ctx.now }),
        )
      : refundMail(current, added, ctx.mail);
    await repo.queueMail(
      tx,
      { ...customerRecipient(order), kind: current.status !== order.status ? "booking_cancelled" : "booking_refunded", ...mail },
      ctx.now,
    );
    return "processed";
  });
}
