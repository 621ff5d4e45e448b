/**
 * Manual bookings (phone, cash, bank transfer, invoice) and payments received later on them
 * (issue 13, decision 184): priced and counted like any order, one booking per idempotency key.
 */
import { eq, sql } from "drizzle-orm";
import { attendeesCountMessage, formatBookingRef, type ManualBookingSchema } from "@app/contract";
import { formatPostcode, penceToPounds as toPounds, poundsToPence as toPence } from "@app/rules";
import type { z } from "zod";
import { orderAttendees, orderItems, orderPayments, orders, type OrderItemRow } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { logActivity } from "../activity/repository";
import { customerAddress, customerRecipient, officeRecipient } from "../mail/outbox";
import { newBookingNotice } from "../mail/templates";
import { newBookingRef } from "../orders/booking-reference";
import { mailAttendeesTx, rosterOf } from "../orders";
import { bookingCalendar } from "../orders/calendar";
import { findAttendeesOf, lockAndCountClaims } from "../orders/repository";
import { afterOfficePaymentTx, phoneDepositTerms, recordChargeTx } from "../orders";
import { refusalError } from "../orders/http-answers";
import type { PlaceOutcome } from "../orders/outcomes";
import { newReference, priceCart } from "../orders/service";
import { confirmationMail } from "./mails";
import * as repo from "./repository";
import type { BookingCtx } from "./service";
import { announceSeatsMoved } from "../courses/seat-signal";

/**
 * Money received later on a manual booking (an invoice paid by transfer, cash at the desk): adds to
 * the amount paid, never above the total; the invoice counts as paid once nothing is due. Once per key.
 */
export async function recordPayment(
  ctx: BookingCtx,
  id: number,
  input: { amount: number; payment_method?: string; idempotency_key: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (!(await repo.claimActionKey(tx, order.id, "payment", input.idempotency_key, ctx.now))) return;
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
    await tx.update(orders).set({ amountPaidPence: paid, updatedAt: ctx.now }).where(eq(orders.id, order.id));
    const [booked] = await tx
      .select({ method: orderPayments.method })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
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
      await tx
        .update(orderPayments)
        .set({ invoiceUnpaid: paid < order.totalPence, ...(input.payment_method ? { method: input.payment_method } : {}) })
        .where(eq(orderPayments.orderId, order.id));
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

type ManualInput = z.output<typeof ManualBookingSchema>;

/**
 * A booking the office takes (phone, cash, bank transfer, invoice): priced by the orders domain's
 * own pricing (priceCart, the same as a public order), confirmed at once, its places counted under the
 * same locks as a public order. One booking per idempotency key: a transaction-scoped advisory
 * lock on the key makes a concurrent retry wait, then find the booking the first one made.
 */
export async function createManualBooking(ctx: BookingCtx, input: ManualInput): Promise<{ id: number; created: boolean }> {
  // A retry of a booking made already: answered before pricing (the date may have closed since).
  const made = await repo.findManualByKey(ctx.db, input.idempotency_key);
  if (made) return { id: made, created: false };

  // Priced exactly as a public order of the same course, date, add-ons, places and code would be
  // (orders/service.ts priceCart: per-place prices, add-ons, percentage or fixed-amount codes,
  // course limits), without locks: the places and the code's use are counted under lock below.
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
  if (cart.kind !== "priced") throw manualRefusal(cart);
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
    // One booking per key: a concurrent retry waits here, then finds the booking the first one made.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`manual-booking:${input.idempotency_key}`}, 0))`);
    const seen = await repo.findManualByKey(tx, input.idempotency_key);
    if (seen) return { id: seen, created: false };

    const [order] = await tx
      .insert(orders)
      .values({
        reference: newReference(),
        bookingRef: newBookingRef(),
        status: "paid",
        firstName: input.first_name,
        lastName: input.last_name,
        guestName: input.first_name,
        guestEmail: input.email,
        phoneNumber: input.phone,
        country: input.country || "United Kingdom",
        streetAddress: input.street_address || "",
        townCity: input.town_city || "",
        state: input.state || "",
        postcode: input.postcode ? formatPostcode(input.postcode) : null,
        companyName: input.company_name || null,
        purchaseOrder: input.purchase_order || null,
        subtotalPence: totals.subtotalPence,
        discountCodeId: discount?.id ?? null,
        discountCode: discount?.code ?? null,
        percentOff: discount?.percentOff ?? null,
        amountOffPence: discount?.amountOffPence ?? null,
        discountPence: totals.discountPence,
        totalPence: total,
        amountPaidPence: received,
        paidAt: ctx.now,
        expiresAt: ctx.now,
        paymentProvider: "manual",
        ...(deposit ?? {}),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order!.id,
        courseId: line.courseId,
        courseDateId: line.courseDateId,
        title: line.title,
        duration: line.duration,
        time: line.time,
        description: line.description,
        startDate: line.startDate,
        endDate: line.endDate,
        dateLabel: label,
        originalPricePence: line.originalPricePence,
        pricePaidPence: totals.paidPrices[0]!,
        addOns: line.addOns,
        seats: places,
        createdAt: ctx.now,
      })
      .returning();
    // Places left moved: told from this transaction, as the insert triggers did before migration
    // 0021 (office bookings are few; only the public booking path sends it after commit).
    await announceSeatsMoved(tx);
    await tx.insert(orderAttendees).values(
      input.attendees.map((a, n) => ({
        orderId: order!.id,
        orderItemId: item!.id,
        position: n + 1,
        firstName: a.first_name,
        lastName: a.last_name,
        email: a.email ?? null,
        createdAt: ctx.now,
      })),
    );
    if (received > 0)
      await recordChargeTx(tx, {
        orderId: order!.id,
        kind: deposit ? "deposit" : "office",
        amountPence: received,
        method: input.payment_method,
        provider: "manual",
        idempotencyKey: input.idempotency_key,
        actorId: ctx.actor.id,
        at: ctx.now,
      });
    const invoiceUnpaid = input.amount_received === null;
    await tx.insert(orderPayments).values({
      orderId: order!.id,
      method: input.payment_method,
      invoiceUnpaid,
      idempotencyKey: input.idempotency_key,
      createdAt: ctx.now,
    });
    // The same count as a public order: one place too many (or a code used up) rolls it all back.
    const check = await lockAndCountClaims(tx, { dateIds: [line.courseDateId], discountId: discount?.id ?? null }, ctx.now);
    if (check.overbookedDateIds.length) throw refusalError({ kind: "seats_taken", title: line.title, dateLabel: label });
    if (check.discountOverused) throw refusalError({ kind: "code_used_up" });

    const ref = formatBookingRef(order!.bookingRef);
    await logActivity(tx, {
      type: "enrollment",
      action: "Manual booking",
      details: `${ref}: ${ctx.actor.name} booked ${line.title} (${label}) for ${input.first_name} ${input.last_name}, ${places} ${places === 1 ? "place" : "places"}, ${
        invoiceUnpaid
          ? "unpaid, invoice sent"
          : `${toPounds(received).toFixed(2)} GBP received${deposit ? ` as a deposit, balance due ${deposit.balanceDueOn}` : ""}`
      } (${input.payment_method.replace("_", " ")})`,
      actor: ctx.actor,
      amountPence: received,
      items: 1,
      at: ctx.now,
    });
    if (input.notes)
      await repo.insertNote(tx, {
        orderId: order!.id,
        text: input.notes,
        authorId: ctx.actor.id,
        authorName: ctx.actor.name,
        createdAt: ctx.now,
      });
    const items: OrderItemRow[] = [item!];
    if (input.notify !== false) {
      // Each named attendee gets their own mail and learner link now, not 7 days out (issue 27).
      const roster = await mailAttendeesTx(tx, order!, items, ctx.mail, ctx.now);
      const attendees = await findAttendeesOf(tx, [order!.id]);
      await repo.queueMail(
        tx,
        {
          ...customerRecipient(order!),
          kind: "booking_confirmation",
          ...confirmationMail(
            order!,
            items,
            ctx.mail,
            bookingCalendar(order!, items, attendees, ctx.mail, { method: "REQUEST", now: ctx.now }),
            invoiceUnpaid,
            {
              attendees: places > 1 ? attendees : [],
              learnerLinks: roster.flatMap((r) => (r.url ? [{ name: r.name, course_title: r.courseTitle, url: r.url }] : [])),
              roster,
            },
          ),
        },
        ctx.now,
      );
      await repo.queueMail(
        tx,
        {
          ...officeRecipient(ctx.mail),
          replyTo: customerAddress(order!),
          kind: "new_booking",
          ...newBookingNotice(order!, items, ctx.mail, places > 1 ? attendees : []),
        },
        ctx.now,
      );
    } else {
      // No mails asked for: the learner records (and their links on the booking's page) exist all the same.
      await rosterOf(tx, order!, items, ctx.mail.siteUrl);
    }
    return { id: order!.id, created: true };
  });
}

/**
 * A cart the pricing refused, answered under the manual booking's own fields (the form shows the
 * message beside them); the code's refusals are the orders domain's answers as they are.
 */
function manualRefusal(refusal: Exclude<PlaceOutcome, { kind: "placed" }>): HttpError {
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
