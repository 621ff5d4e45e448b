/**
 * The office's bookings (phone, cash, bank transfer, invoice) and money received later on them
 * (decision 184): priced by priceCart like a public order, built by the same order-row builder
 * (order-row.ts), confirmed at once, their places counted under the same locks as a public
 * order. One booking per retry key. The bookings module's routes call these and add what they
 * tell people (mails, notes) through StepHooks.then, inside the same transaction.
 */
import { attendeesCountMessage, formatBookingRef, type ManualBookingSchema } from "@app/contract";
import { penceToPounds as toPounds, poundsToPence as toPence } from "@app/rules";
import type { z } from "zod";
import type { OrderItemRow, OrderRow } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { logActivity } from "../activity";
import { announceSeatsMoved } from "../courses";
import { refusalError } from "./http-answers";
import type { OfficeCtx, StepHooks } from "./office-context";
import * as office from "./office-repository";
import { recordChargeTx } from "./money-events";
import { buildItemRows, buildOrderRow } from "./order-row";
import { afterOfficePaymentTx, phoneDepositTerms } from "./money-view";
import type { PlaceOutcome } from "./outcomes";
import { priceCart } from "./placing";
import * as money from "./money-repository";
import { lockAndCountClaims } from "./claims-repository";

export type OfficeBookingInput = z.output<typeof ManualBookingSchema>;

/** What an office booking's hooks are told: the paid order, its one item, and whether its invoice is unpaid. */
export type OfficeBooked = { order: OrderRow; items: OrderItemRow[]; invoiceUnpaid: boolean };

/**
 * A booking the office takes: priced as a public order of the same course, date, add-ons, places
 * and code would be, without locks; then written paid, with its payment method, and its places
 * and code use counted under lock (one too many rolls it all back). A transaction-scoped advisory
 * lock on the retry key makes a concurrent retry wait, then find the booking the first one made.
 */
export async function recordOfficeBooking(
  ctx: OfficeCtx,
  input: OfficeBookingInput,
  hooks: StepHooks<OfficeBooked> = {},
): Promise<{ id: number; created: boolean }> {
  // A retry of a booking made already: answered before pricing (the date may have closed since).
  const made = await money.findOfficeBookingByKey(ctx.db, input.idempotency_key);
  if (made) return { id: made, created: false };

  const cart = await priceCart(
    ctx.db,
    [
      {
        id: input.course_id,
        selectedDate: input.course_date_id,
        selectedAddons: input.add_on_ids,
        quantity: input.attendees.length,
        attendees: input.attendees,
      },
    ],
    input.discount_code,
    ctx.now,
  );
  if (cart.kind !== "priced") throw officeRefusal(cart);
  const { totals, discount } = cart;
  const line = cart.lines[0]!;
  const places = line.seats;
  const total = totals.totalPence;
  const received = input.amount_received === null ? 0 : toPence(input.amount_received);
  if (received > total) {
    throw new HttpError(400, "The amount received is more than the booking costs", {
      issues: [{ path: "amount_received", message: `At most ${toPounds(total).toFixed(2)}` }],
    });
  }
  const label = line.dateLabel;
  // A deposit by phone: the rest is due before the course, as the course's payment options say.
  const deposit = input.part_payment
    ? await phoneDepositTerms(ctx.db, line.courseId, line.startDate, received, total, ctx.now)
    : null;

  return ctx.db.transaction(async (tx) => {
    await office.lockRetryKey(tx, `manual-booking:${input.idempotency_key}`);
    const seen = await money.findOfficeBookingByKey(tx, input.idempotency_key);
    if (seen) return { id: seen, created: false };

    const built = buildOrderRow({
      buyer: {
        firstName: input.first_name,
        lastName: input.last_name,
        guestName: input.first_name,
        guestEmail: input.email,
        phoneNumber: input.phone,
        country: input.country || "United Kingdom",
        streetAddress: input.street_address || "",
        townCity: input.town_city || "",
        state: input.state || "",
        postcode: input.postcode,
        companyName: input.company_name,
        purchaseOrder: input.purchase_order,
      },
      totals,
      discount,
      status: "paid",
      expiresAt: ctx.now,
      paymentProvider: "manual",
      now: ctx.now,
      extra: { amountPaidPence: received, paidAt: ctx.now, ...(deposit ?? {}) },
    });
    const { order, item } = await office.insertOfficeOrder(
      tx,
      built,
      buildItemRows([line], totals, ctx.now)[0]!,
      input.attendees.map((a) => ({ firstName: a.first_name, lastName: a.last_name, email: a.email ?? null })),
    );
    // Places left moved: told from this transaction (office bookings are few; only the public
    // booking path sends it after commit).
    await announceSeatsMoved(tx);
    if (received > 0)
      await recordChargeTx(tx, {
        orderId: order.id,
        kind: deposit ? "deposit" : "office",
        amountPence: received,
        method: input.payment_method,
        provider: "manual",
        idempotencyKey: input.idempotency_key,
        actorId: ctx.actor.id,
        at: ctx.now,
      });
    const invoiceUnpaid = input.amount_received === null;
    await money.insertOfficePayment(tx, {
      orderId: order.id,
      method: input.payment_method,
      invoiceUnpaid,
      idempotencyKey: input.idempotency_key,
      createdAt: ctx.now,
    });
    // The same count as a public order: one place too many (or a code used up) rolls it all back.
    const check = await lockAndCountClaims(tx, { dateIds: [line.courseDateId], discountId: discount?.id ?? null }, ctx.now);
    if (check.overbookedDateIds.length) throw refusalError({ kind: "seats_taken", title: line.title, dateLabel: label });
    if (check.discountOverused) throw refusalError({ kind: "code_used_up" });

    await logActivity(tx, {
      type: "enrollment",
      action: "Manual booking",
      details: `${formatBookingRef(order.bookingRef)}: ${ctx.actor.name} booked ${line.title} (${label}) for ${input.first_name} ${input.last_name}, ${places} ${places === 1 ? "place" : "places"}, ${
        invoiceUnpaid
          ? "unpaid, invoice sent"
          : `${toPounds(received).toFixed(2)} GBP received${deposit ? ` as a deposit, balance due ${deposit.balanceDueOn}` : ""}`
      } (${input.payment_method.replace("_", " ")})`,
      actor: ctx.actor,
      amountPence: received,
      items: 1,
      at: ctx.now,
    });
    await hooks.then?.(tx, { order, items: [item], invoiceUnpaid });
    return { id: order.id, created: true };
  });
}

/**
 * Money received later on an office booking (an invoice paid by transfer, cash at the desk): adds
 * to the amount paid, never above the total; the invoice counts as paid once nothing is due.
 */
export async function recordOfficePayment(
  ctx: OfficeCtx,
  id: number,
  input: { amount: number; payment_method?: string; idempotency_key: string },
  hooks: StepHooks<never> = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await office.lockOrderById(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (hooks.once && !(await hooks.once(tx, order.id))) return;
    // A balance after a deposit may come by bank transfer whichever way the deposit was paid.
    const balance = order.paymentPlan !== "full";
    if (order.paymentProvider !== "manual" && !balance)
      throw new HttpError(409, "Online payments are recorded by the payment provider");
    if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
    const amount = toPence(input.amount);
    const due = order.totalPence - (order.amountPaidPence ?? 0);
    if (amount > due)
      throw new HttpError(
        409,
        due > 0 ? `At most ${toPounds(due).toFixed(2)} is due on this booking` : "Nothing is due on this booking",
      );
    const paid = (order.amountPaidPence ?? 0) + amount;
    await office.setAmountPaid(tx, order.id, paid, ctx.now);
    const booked = await money.findPayment(tx, order.id);
    await recordChargeTx(tx, {
      orderId: order.id,
      kind: balance ? "balance" : "office",
      amountPence: amount,
      method: input.payment_method ?? (balance ? "bank_transfer" : (booked?.method ?? "invoice")),
      provider: "manual",
      idempotencyKey: input.idempotency_key,
      actorId: ctx.actor.id,
      at: ctx.now,
    });
    if (!balance)
      await money.updateOfficePayment(tx, order.id, {
        invoiceUnpaid: paid < order.totalPence,
        ...(input.payment_method ? { method: input.payment_method } : {}),
      });
    await afterOfficePaymentTx(tx, order, paid, ctx.now);
    await logActivity(tx, {
      type: "payment",
      action: balance ? "Balance payment recorded" : "Payment recorded",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} recorded ${toPounds(amount).toFixed(2)} GBP received${
        input.payment_method ? ` (${input.payment_method.replace("_", " ")})` : ""
      }${paid >= order.totalPence ? "; paid in full" : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      at: ctx.now,
    });
  });
}

/**
 * A cart the pricing refused, answered under the office booking's own fields (the form shows the
 * message beside them); the code's refusals are the orders domain's answers as they are.
 */
function officeRefusal(refusal: Exclude<PlaceOutcome, { kind: "placed" }>): HttpError {
  switch (refusal.kind) {
    case "course_not_found":
      return new HttpError(404, "Course not found");
    case "date_unavailable":
      return new HttpError(400, "Please choose an available course date", {
        issues: [{ path: "course_date_id", message: "Please choose an available course date" }],
      });
    case "unknown_add_on":
      return new HttpError(400, "Unknown add-on for this course", {
        issues: [{ path: "add_on_ids", message: "Unknown add-on for this course" }],
      });
    case "attendees_mismatch":
      return new HttpError(400, attendeesCountMessage(refusal.places), {
        issues: [{ path: "attendees", message: attendeesCountMessage(refusal.places) }],
      });
    default:
      return refusalError(refusal);
  }
}
