/**
 * The customer's own actions (decisions 442-446): cancel, change date, correct a name, leave a
 * waiting list. Each is one transaction that locks the order, claims the retry key (a retry
 * changes nothing), checks the policy the booking was made under, and then runs the office's own
 * action (cancel-and-refund, transfer, rename) inside it with the customer as the actor, so the
 * refund goes through the provider, the seats move under the same locks, and the same activity
 * entry and mails are written. The office's bell reads the claimed action (customer_actions).
 */
import {
  cancelQuote,
  changeQuote,
  formatPence,
  namesEditable,
  penceToPounds as toPounds,
  type BookingPolicy,
  type CancelQuote,
} from "@app/rules";
import type { Db, Tx } from "../../db/client";
import { ukDate } from "../../lib/dates";
import { HttpError } from "../../lib/http-error";
import { cancelBooking, renameAttendee, transferBooking, type BookingCtx } from "../bookings";
import { transferOptions } from "../orders";
import { updateSelfFacts } from "../customer-links";
import * as repo from "./repository";
import { firstStart, isBusiness } from "./view";

/** The office's actions run in our transaction (theirs becomes a savepoint of it). */
export const inTx = (ctx: BookingCtx, tx: Tx): BookingCtx => ({ ...ctx, db: tx as unknown as Db });

export const customerActor = (o: repo.OrderRow) => ({ id: null, name: `${o.firstName} ${o.lastName} (customer)` });

export async function policyOf(db: Db | Tx, orderId: number): Promise<{ policy: BookingPolicy; facts: repo.SelfFacts }> {
  const facts = await repo.selfFacts(db, orderId);
  return { policy: (await repo.policyVersion(db, facts.policyVersion)).policy, facts };
}

/** What cancelling now keeps, refunds or holds as credit. */
export async function quoteCancel(db: Db | Tx, order: repo.OrderRow, now: Date): Promise<CancelQuote> {
  if (order.status !== "paid")
    return {
      allowed: false,
      reason:
        order.status === "cancelled" ? "This booking is already cancelled" : "Only a confirmed booking can be cancelled here",
    };
  const items = await repo.itemsOf(db, [order.id]);
  const start = firstStart(items);
  if (!start) return { allowed: false, reason: "This booking has no course date; call the office" };
  const end = items
    .map((i) => i.endDate ?? i.startDate ?? start)
    .sort()
    .at(-1)!;
  const { policy, facts } = await policyOf(db, order.id);
  const refunded = await repo.refundedPence(db, order.id);
  return cancelQuote(
    {
      today: ukDate(now),
      bookedOn: ukDate(order.createdAt),
      startDate: start,
      endDate: end,
      paidPence: Math.max((order.amountPaidPence ?? 0) - refunded, 0),
      totalPence: order.totalPence,
      business: isBusiness(order),
      earlyStartRequested: facts.earlyStartRequested === true,
    },
    policy,
  );
}

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The sentence the page shows before the customer confirms. */
export function cancelSummary(q: Extract<CancelQuote, { allowed: true }>): string {
  const parts: string[] = [];
  if (q.refundPence > 0) parts.push(`${formatPence(q.refundPence)} will be refunded to your card by ${longDate(q.refundBy!)}`);
  if (q.creditPence > 0) parts.push(`${formatPence(q.creditPence)} will be kept as credit for a future booking`);
  if (q.keptPence > 0) parts.push(`${formatPence(q.keptPence)} is kept under the booking terms`);
  if (!parts.length) parts.push("Nothing is refunded");
  return `${parts.join("; ")}.`;
}

export async function cancelByCustomer(ctx: BookingCtx, orderId: number, key: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!(await repo.claimAction(tx, { orderId, kind: "cancel", key, summary: "", at: ctx.now }))) return;
    const q = await quoteCancel(tx, order, ctx.now);
    if (!q.allowed) throw new HttpError(409, q.reason);
    await cancelBooking(inTx(ctx, tx), orderId, {
      refund: q.refundPence > 0 ? "amount" : "none",
      amount: q.refundPence > 0 ? toPounds(q.refundPence) : undefined,
      reason: `Cancelled by the customer online (${q.basis === "cancellation_period" ? "14-day cancellation period" : q.basis === "business" ? "business terms" : "booking policy"})`,
      notify: true,
      idempotency_key: `self-${key}`,
    });
    if (q.creditPence > 0) await updateSelfFacts(tx, orderId, { addCreditPence: q.creditPence });
    await repo.setActionSummary(tx, orderId, key, `cancelled the booking online. ${cancelSummary(q)}`);
  });
}

/** The dates each course of the booking can move to, with whether the policy allows it and the fee. */
export async function changeOptions(db: Db, order: repo.OrderRow, now: Date) {
  const { policy, facts } = await policyOf(db, order.id);
  const items = await repo.itemsOf(db, [order.id]);
  const options = await transferOptions(db, order.id, now);
  return options
    .filter((o) => !o.current)
    .map((o) => {
      const item = items.find((i) => i.id === o.item_id)!;
      const q = changeQuote(
        {
          today: ukDate(now),
          currentStart: item.startDate ?? o.start_date,
          targetStart: o.start_date,
          changesMade: facts.dateChanges,
          itemPence: item.pricePaidPence,
        },
        policy,
      );
      const fits = o.fits && order.status === "paid";
      return {
        item_id: o.item_id,
        course_date_id: o.course_date_id,
        date_label: o.date_label,
        start_date: o.start_date,
        places_left: o.places_left,
        allowed: q.allowed && fits,
        reason: !q.allowed ? q.reason : fits ? null : "Not enough places left on this date",
        fee: q.allowed ? toPounds(q.feePence) : 0,
      };
    });
}

/** A free change moved at once; a change with a fee waits for the customer to pay it (decision 480). */
export type ChangeOutcome = { kind: "moved" } | { kind: "pay"; change: repo.ChangePaymentRow };

export async function changeByCustomer(
  ctx: BookingCtx,
  orderId: number,
  input: { item_id: number; course_date_id: number; idempotency_key: string },
): Promise<ChangeOutcome> {
  return ctx.db.transaction(async (tx): Promise<ChangeOutcome> => {
    const order = await repo.lockOrder(tx, orderId);
    // A retry of a change with a fee answers the same payment page until it is paid.
    const asked = await repo.changePaymentByKey(tx, orderId, input.idempotency_key);
    if (asked) return asked.status === "awaiting_payment" ? { kind: "pay", change: asked } : { kind: "moved" };
    if (!(await repo.claimAction(tx, { orderId, kind: "change", key: input.idempotency_key, summary: "", at: ctx.now })))
      return { kind: "moved" };
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking can change date");
    const item = (await repo.itemsOf(tx, [orderId])).find((i) => i.id === input.item_id);
    if (!item) throw new HttpError(404, "That course is not part of this booking");
    const target = (await transferOptions(inTx(ctx, tx).db, orderId, ctx.now)).find(
      (o) => o.item_id === item.id && o.course_date_id === input.course_date_id && !o.current,
    );
    if (!target) throw new HttpError(404, "Choose another open date of the same course");
    const { policy, facts } = await policyOf(tx, orderId);
    const q = changeQuote(
      {
        today: ukDate(ctx.now),
        currentStart: item.startDate ?? target.start_date,
        targetStart: target.start_date,
        changesMade: facts.dateChanges,
        itemPence: item.pricePaidPence,
      },
      policy,
    );
    if (!q.allowed) throw new HttpError(409, q.reason);
    if (q.feePence > 0) {
      if (!target.fits) throw new HttpError(409, "Not enough places left on this date");
      const change = await repo.addChangePayment(tx, {
        orderId,
        itemId: item.id,
        courseDateId: target.course_date_id,
        feePence: q.feePence,
        key: input.idempotency_key,
        at: ctx.now,
      });
      return { kind: "pay", change };
    }
    // The seats move under the office's transfer locks: one place too many is a 409 and nothing changes.
    await transferBooking(inTx(ctx, tx), orderId, {
      item_id: item.id,
      course_date_id: target.course_date_id,
      reason: "Changed by the customer online",
      notify: true,
    });
    await updateSelfFacts(tx, orderId, { addChange: true });
    await repo.setActionSummary(
      tx,
      orderId,
      input.idempotency_key,
      `moved ${item.title} from ${item.dateLabel} to ${target.date_label} online`,
    );
    return { kind: "moved" };
  });
}

export async function renameByCustomer(
  ctx: BookingCtx,
  orderId: number,
  attendeeId: number,
  input: { first_name: string; last_name: string; idempotency_key: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!(await repo.claimAction(tx, { orderId, kind: "rename", key: input.idempotency_key, summary: "", at: ctx.now }))) return;
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking's names can be corrected");
    const person = (await repo.attendeesOf(tx, orderId)).find((a) => a.id === attendeeId);
    if (!person) throw new HttpError(404, "That person is not on this booking");
    const item = (await repo.itemsOf(tx, [orderId])).find((i) => i.id === person.orderItemId)!;
    const { policy } = await policyOf(tx, orderId);
    if (item.startDate && !namesEditable(ukDate(ctx.now), item.startDate, policy))
      throw new HttpError(
        409,
        `Names can be corrected online until ${policy.name_change_cutoff_days} days before the start; call the office`,
      );
    await renameAttendee(inTx(ctx, tx), orderId, attendeeId, {
      first_name: input.first_name,
      last_name: input.last_name,
      reason: "Corrected by the customer online",
      notify: true,
      idempotency_key: `self-${input.idempotency_key}`,
    });
    await repo.setActionSummary(
      tx,
      orderId,
      input.idempotency_key,
      `renamed ${person.firstName} ${person.lastName} to ${input.first_name} ${input.last_name} online`,
    );
  });
}
