/**
 * Order rows to the API's shapes (the admin's enrolment, the site's order status). Pure: the
 * caller loads the rows (repository.ts) and passes the clock.
 */
import { formatBookingRef, type Enrollment, type OrderStatusSchema } from "@app/contract";
import { penceToPounds as toPounds } from "@app/rules";
import type { z } from "zod";
import type { OrderAttendeeRow, OrderItemRow, OrderRow } from "../../db/schema";

/** An order seen by clients: pending orders whose hold ran out read as expired even before the worker marks them. */
export function effectiveStatus(order: Pick<OrderRow, "status" | "expiresAt">, now: Date): OrderRow["status"] {
  return order.status === "pending" && order.expiresAt <= now ? "expired" : order.status;
}

const attendeesOfItem = (attendees: readonly OrderAttendeeRow[], itemId: number) =>
  attendees
    .filter((a) => a.orderItemId === itemId)
    .sort((a, b) => a.position - b.position)
    .map((a) => ({
      id: a.id,
      first_name: a.firstName,
      last_name: a.lastName,
      email: a.email,
      answers: a.prerequisiteAnswers ?? null,
    }));

export function toEnrollment(
  order: OrderRow,
  items: readonly OrderItemRow[],
  attendees: readonly OrderAttendeeRow[],
  now: Date,
): Enrollment {
  return {
    id: order.id,
    reference: order.reference,
    booking_reference: formatBookingRef(order.bookingRef),
    first_name: order.firstName,
    last_name: order.lastName,
    guest_email: order.guestEmail,
    phone_number: order.phoneNumber,
    country: order.country,
    town_city: order.townCity,
    state: order.state,
    street_address: order.streetAddress,
    postcode: order.postcode,
    ...(order.companyName ? { company_name: order.companyName } : {}),
    ...(order.buildingType ? { building_type: order.buildingType } : {}),
    ...(order.orderNotes ? { order_notes: order.orderNotes } : {}),
    purchase_order: order.purchaseOrder,
    marketing_consent_at: order.marketingConsentAt?.toISOString() ?? null,
    status: effectiveStatus(order, now),
    subtotal: toPounds(order.subtotalPence),
    discount_code: order.discountCode,
    percent_off: order.percentOff,
    amount_off: order.amountOffPence === null ? null : toPounds(order.amountOffPence),
    discount: toPounds(order.discountPence),
    total: toPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
    paid_at: order.paidAt?.toISOString() ?? null,
    expires_at: order.expiresAt.toISOString(),
    created_at: order.createdAt.toISOString(),
    terms_version: order.termsVersion,
    terms_accepted_at: order.termsAcceptedAt?.toISOString() ?? null,
    approval: order.approval ?? null,
    decline_reason: order.declineReason ?? null,
    finder_answers: order.finderAnswers ?? null,
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
      seats: i.seats,
      attendees: attendeesOfItem(attendees, i.id),
      pivot: {
        price_paid: toPounds(i.pricePaidPence),
        original_price: toPounds(i.originalPricePence),
        created_at: i.createdAt.toISOString(),
      },
    })),
  };
}

/** The bookings of these orders: items and attendees grouped by order. */
export function toEnrollments(
  rows: readonly OrderRow[],
  items: readonly OrderItemRow[],
  attendees: readonly OrderAttendeeRow[],
  now: Date,
): Enrollment[] {
  const itemsBy = new Map<number, OrderItemRow[]>();
  for (const i of items) itemsBy.set(i.orderId, [...(itemsBy.get(i.orderId) ?? []), i]);
  const attendeesBy = new Map<number, OrderAttendeeRow[]>();
  for (const a of attendees) attendeesBy.set(a.orderId, [...(attendeesBy.get(a.orderId) ?? []), a]);
  return rows.map((o) => toEnrollment(o, itemsBy.get(o.id) ?? [], attendeesBy.get(o.id) ?? [], now));
}

export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** What the success page learns of an order (with what was booked when the items are given). */
export function toOrderStatus(
  order: OrderRow,
  now: Date,
  items?: readonly OrderItemRow[],
  learnerLinks?: OrderStatus["learner_links"],
): OrderStatus {
  return {
    reference: order.reference,
    booking_reference: formatBookingRef(order.bookingRef),
    status: effectiveStatus(order, now),
    total: toPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : toPounds(order.amountPaidPence),
    paid_at: order.paidAt?.toISOString() ?? null,
    ...(items
      ? {
          courses: items.map((i) => ({
            title: i.title,
            date_label: i.dateLabel,
            start_date: i.startDate,
            end_date: i.endDate,
            time: i.time,
            add_ons: i.addOns.map((a) => a.name),
            seats: i.seats,
          })),
        }
      : {}),
    // Personal learner-form links of a paid order's attendees (issue 14).
    ...(learnerLinks ? { learner_links: learnerLinks } : {}),
  };
}
