import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { ORDER_HOLD_MINUTES, type Enrollment, type OrderSchema } from "@app/contract";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import { courseAddOns, courseDates, courses, orderItems, orders, type AddOnSnapshot } from "../../db/schema";
import { dateRangeLabel, ukDate } from "../../lib/dates";
import { HttpError } from "../../lib/http-error";
import { toPounds } from "../../lib/money";
import { logActivity, type Actor } from "../activity/repository";
import { placesLeftByDate } from "../courses/repository";
import { checkDiscount } from "../discounts/repository";

export type OrderInput = z.output<typeof OrderSchema>;
type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** Public order reference: 128 random bits, URL-safe. */
export const newReference = () => randomBytes(16).toString("base64url");

/** Splits a discount over items in proportion to their price; the rounding remainder goes to the last item. */
export function shareDiscount(prices: number[], discountPence: number): number[] {
  const subtotal = prices.reduce((a, b) => a + b, 0);
  if (!subtotal || !discountPence) return prices.slice();
  let given = 0;
  return prices.map((p, i) => {
    const share = i === prices.length - 1 ? discountPence - given : Math.floor((discountPence * p) / subtotal);
    given += share;
    return p - share;
  });
}

type PricedItem = {
  courseId: number;
  courseDateId: number;
  title: string;
  duration: string;
  time: string;
  description: string;
  startDate: string;
  endDate: string;
  dateLabel: string;
  originalPricePence: number;
  addOns: AddOnSnapshot[];
};

/**
 * Prices and stores a pending order from the database (fee + chosen add-ons − discount),
 * with its items' snapshots and an `enrollment` activity entry, in one transaction.
 */
export async function placeOrder(db: Db, input: OrderInput, now: Date, provider: string) {
  return db.transaction(async (tx) => {
    const today = ukDate(now);
    const items: PricedItem[] = [];
    for (const [index, wanted] of input.courses.entries()) {
      const [course] = await tx.select().from(courses).where(and(eq(courses.id, wanted.id), isNull(courses.archivedAt)));
      if (!course) throw new HttpError(404, "Course not found");
      const dates = await tx
        .select()
        .from(courseDates)
        .where(and(eq(courseDates.courseId, course.id), isNull(courseDates.closedAt), sql`${courseDates.startDate} >= ${today}`))
        .orderBy(asc(courseDates.id))
        // Row locks on the date: concurrent bookings of the same date queue here, so seats are never oversold.
        .for("update");
      const matches =
        typeof wanted.selectedDate === "number"
          ? dates.filter((d) => d.id === wanted.selectedDate)
          : dates.filter((d) => dateRangeLabel(d.startDate, d.endDate) === String(wanted.selectedDate).trim());
      const date = matches.length === 1 ? matches[0] : undefined;
      if (!date) {
        throw new HttpError(400, "Please choose an available course date", {
          issues: [{ path: `courses.${index}.selectedDate`, message: "Please choose an available course date" }],
        });
      }
      const left = (await placesLeftByDate(tx, [date.id], now)).get(date.id) ?? 0;
      if (left < 1) throw new HttpError(409, `${course.title} is fully booked on ${dateRangeLabel(date.startDate, date.endDate)}`);
      const addOnRows = wanted.selectedAddons.length
        ? await tx
            .select()
            .from(courseAddOns)
            .where(and(eq(courseAddOns.courseId, course.id), inArray(courseAddOns.id, wanted.selectedAddons)))
        : [];
      if (addOnRows.length !== new Set(wanted.selectedAddons).size) {
        throw new HttpError(400, "Unknown add-on for this course", {
          issues: [{ path: `courses.${index}.selectedAddons`, message: "Unknown add-on for this course" }],
        });
      }
      const addOns = addOnRows.map((a) => ({ name: a.name, price_pence: a.pricePence }));
      items.push({
        courseId: course.id,
        courseDateId: date.id,
        title: course.title,
        duration: course.duration,
        time: course.time,
        description: course.description,
        startDate: date.startDate,
        endDate: date.endDate,
        dateLabel: dateRangeLabel(date.startDate, date.endDate),
        originalPricePence: course.feePence + addOns.reduce((s, a) => s + a.price_pence, 0),
        addOns,
      });
    }

    let discount: { id: number; code: string; percentOff: number } | null = null;
    if (input.discount_code) {
      // Locked: two orders cannot both take the last use of a code.
      const check = await checkDiscount(tx, input.discount_code, now, { lock: true });
      if (!check.result.valid || !check.row) throw new HttpError(409, check.result.message);
      discount = { id: check.row.id, code: check.row.code, percentOff: check.row.percentOff };
    }

    const subtotal = items.reduce((s, i) => s + i.originalPricePence, 0);
    const discountPence = discount ? Math.round((subtotal * discount.percentOff) / 100) : 0;
    const total = subtotal - discountPence;
    const paidPrices = shareDiscount(items.map((i) => i.originalPricePence), discountPence);
    const expiresAt = new Date(now.getTime() + ORDER_HOLD_MINUTES * 60_000);

    const [order] = await tx
      .insert(orders)
      .values({
        reference: newReference(),
        status: "pending",
        firstName: input.first_name,
        lastName: input.last_name,
        guestName: input.guest_name,
        guestEmail: input.guest_email,
        phoneNumber: input.phone_number,
        country: input.country,
        streetAddress: input.street_address,
        townCity: input.town_city,
        state: input.state,
        companyName: input.company_name || null,
        buildingType: input.building_type || null,
        orderNotes: input.order_notes || null,
        subtotalPence: subtotal,
        discountCodeId: discount?.id ?? null,
        discountCode: discount?.code ?? null,
        percentOff: discount?.percentOff ?? null,
        discountPence,
        totalPence: total,
        expiresAt,
        paymentProvider: provider,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(
      items.map((i, n) => ({
        orderId: order!.id,
        courseId: i.courseId,
        courseDateId: i.courseDateId,
        title: i.title,
        duration: i.duration,
        time: i.time,
        description: i.description,
        startDate: i.startDate,
        endDate: i.endDate,
        dateLabel: i.dateLabel,
        originalPricePence: i.originalPricePence,
        pricePaidPence: paidPrices[n]!,
        addOns: i.addOns,
        seats: 1,
        createdAt: now,
      })),
    );
    const name = `${input.first_name} ${input.last_name}`;
    await logActivity(tx, {
      type: "enrollment",
      action: "New enrollment",
      details: `${name} booked ${items.map((i) => `${i.title} (${i.dateLabel})`).join(", ")}`,
      actor: { id: null, name },
      amountPence: total,
      items: items.length,
      at: now,
    });
    return order!;
  });
}

export async function findOrderByReference(db: DbOrTx, reference: string) {
  const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
  return row ?? null;
}

/** Marks a pending order paid (idempotent for an already paid order), with a `payment` activity entry. */
export async function markPaid(db: Db, reference: string, now: Date, amountPaidPence?: number) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.reference, reference)).for("update");
    if (!order) throw new HttpError(404, "Order not found");
    if (order.status === "paid") return order;
    if (order.status !== "pending") throw new HttpError(409, `This order is ${order.status}`);
    if (order.expiresAt <= now) throw new HttpError(409, "This order has expired");
    const [paid] = await tx
      .update(orders)
      .set({ status: "paid", paidAt: now, amountPaidPence: amountPaidPence ?? order.totalPence, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    const count = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
    const name = `${order.firstName} ${order.lastName}`;
    await logActivity(tx, {
      type: "payment",
      action: "Payment received",
      details: `${name} paid order ${order.reference.slice(0, 8)}`,
      actor: { id: null, name },
      amountPence: paid!.amountPaidPence ?? order.totalPence,
      items: count.length,
      at: now,
    });
    return paid!;
  });
}

/** Cancels a pending order: its seats and discount use are released at once. */
export async function cancelPending(db: Db, reference: string, now: Date, actor?: Actor) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.reference, reference)).for("update");
    if (!order) throw new HttpError(404, "Order not found");
    if (order.status === "cancelled") return order;
    if (order.status !== "pending") throw new HttpError(409, `This order is ${order.status}`);
    const [row] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    const name = `${order.firstName} ${order.lastName}`;
    await logActivity(tx, {
      type: "other",
      action: "Enrollment cancelled",
      details: `Order ${order.reference.slice(0, 8)} for ${name} was cancelled`,
      actor: actor ?? { id: null, name },
      amountPence: order.totalPence,
      at: now,
    });
    return row!;
  });
}

/** An order seen by clients: pending orders whose hold ran out read as expired even before the worker marks them. */
export function effectiveStatus(order: Pick<OrderRow, "status" | "expiresAt">, now: Date): OrderRow["status"] {
  return order.status === "pending" && order.expiresAt <= now ? "expired" : order.status;
}

export function toEnrollment(order: OrderRow, items: ItemRow[], now: Date): Enrollment {
  return {
    id: order.id,
    reference: order.reference,
    first_name: order.firstName,
    last_name: order.lastName,
    guest_email: order.guestEmail,
    phone_number: order.phoneNumber,
    country: order.country,
    town_city: order.townCity,
    state: order.state,
    street_address: order.streetAddress,
    ...(order.companyName ? { company_name: order.companyName } : {}),
    ...(order.buildingType ? { building_type: order.buildingType } : {}),
    ...(order.orderNotes ? { order_notes: order.orderNotes } : {}),
    status: effectiveStatus(order, now),
    subtotal: toPounds(order.subtotalPence),
    discount_code: order.discountCode,
    percent_off: order.percentOff,
    total: toPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
    paid_at: order.paidAt?.toISOString() ?? null,
    expires_at: order.expiresAt.toISOString(),
    created_at: order.createdAt.toISOString(),
    courses: items.map((i) => ({
      id: i.courseId,
      title: i.title,
      duration: i.duration,
      time: i.time,
      ...(i.startDate ? { startDate: i.startDate } : {}),
      ...(i.endDate ? { endDate: i.endDate } : {}),
      course_date_id: i.courseDateId,
      date_label: i.dateLabel,
      description: i.description,
      addOns: i.addOns.map((a) => ({ name: a.name, price: toPounds(a.price_pence) })),
      pivot: {
        price_paid: toPounds(i.pricePaidPence),
        original_price: toPounds(i.originalPricePence),
        created_at: i.createdAt.toISOString(),
      },
    })),
  };
}

/** Every order, newest first, with its items. */
export async function listEnrollments(db: DbOrTx, now: Date): Promise<Enrollment[]> {
  const rows = await db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, ItemRow[]>();
  for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), i]);
  return rows.map((o) => toEnrollment(o, byOrder.get(o.id) ?? [], now));
}
