/**
 * The parts of an order that several mails show alike: its courses, its money lines, its
 * customer and its short reference (plain text and HTML with the same content).
 */
import { formatBookingRef, formatDateRangeWithWeekday } from "@app/contract";
import { discountSizeLabel } from "@app/rules";
import type { OrderAttendeeRow, OrderItemRow as ItemRow, OrderRow } from "../../db/schema";
import { escapeHtml, formatPence } from "../../lib/html";
import { P } from "./layout";

/** 'Mon 7 – Sat 12 Dec 2026' (the snapshot's label when the dates are missing). */
const itemDates = (i: ItemRow) => (i.startDate ? formatDateRangeWithWeekday(i.startDate, i.endDate) : i.dateLabel);

/** '15% off' or '£10 off' (a fixed-amount code). */
const discountSize = (order: OrderRow) =>
  discountSizeLabel({ percentOff: order.percentOff, amountOffPence: order.amountOffPence });

/** ' for 3 places' on a group booking's line. */
const placesText = (i: ItemRow) => (i.seats > 1 ? ` for ${i.seats} places` : "");

const addOnText = (i: ItemRow) =>
  i.addOns.length ? i.addOns.map((a) => `${a.name} (${formatPence(a.price_pence)})`).join(", ") : "";

/** A group booking's attendees on a line ('Alex Stone, Bea Hart'); empty for a single place. */
const attendeesText = (i: ItemRow, attendees: readonly OrderAttendeeRow[]) =>
  i.seats > 1
    ? attendees
        .filter((a) => a.orderItemId === i.id)
        .sort((a, b) => a.position - b.position)
        .map((a) => `${a.firstName} ${a.lastName}`)
        .join(", ")
    : "";

export function itemLinesText(items: ItemRow[], attendees: readonly OrderAttendeeRow[] = []): string[] {
  return items.flatMap((i) => {
    const people = attendeesText(i, attendees);
    return [
      `- ${i.title}`,
      `  Dates: ${itemDates(i)}, ${i.time} each day`,
      ...(i.addOns.length ? [`  Add-ons: ${addOnText(i)}`] : []),
      ...(people ? [`  Attendees: ${people}`] : []),
      `  Price: ${formatPence(i.originalPricePence)}${placesText(i)}`,
    ];
  });
}

export function itemLinesHtml(items: ItemRow[], attendees: readonly OrderAttendeeRow[] = []): string {
  return items
    .map((i) => {
      const people = attendeesText(i, attendees);
      return `<li style="margin:0 0 12px"><strong>${escapeHtml(i.title)}</strong><br>Dates: ${escapeHtml(itemDates(i))}, ${escapeHtml(i.time)} each day${
        i.addOns.length ? `<br>Add-ons: ${escapeHtml(addOnText(i))}` : ""
      }${people ? `<br>Attendees: ${escapeHtml(people)}` : ""}<br>Price: ${formatPence(i.originalPricePence)}${placesText(i)}</li>`;
    })
    .join("");
}

/**
 * The money lines. After a refund the booking is told as it is now (issue 27): what was paid, what
 * went back and the net, never 'Total paid' of the original amount alone.
 */
export function totalsText(order: OrderRow, refundedPence = 0): string[] {
  const paid = order.amountPaidPence ?? order.totalPence;
  return [
    `Subtotal: ${formatPence(order.subtotalPence)}`,
    ...(order.discountPence
      ? [`Discount (${order.discountCode}, ${discountSize(order)}): -${formatPence(order.discountPence)}`]
      : []),
    ...(refundedPence > 0
      ? [
          `Paid: ${formatPence(paid)}`,
          `Refunded: -${formatPence(refundedPence)}`,
          `Net paid: ${formatPence(paid - refundedPence)}`,
        ]
      : [`Total paid: ${formatPence(paid)}`]),
  ];
}

export function totalsHtml(order: OrderRow, refundedPence = 0): string {
  const [last, ...rest] = totalsText(order, refundedPence).reverse();
  return `<p style="${P}">${rest
    .reverse()
    .map((l) => escapeHtml(l.replace(": -", ": −")))
    .join("<br>")}<br><strong>${escapeHtml(last!)}</strong></p>`;
}

export const shortRef = (order: OrderRow) => formatBookingRef(order.bookingRef);

export function customerLines(order: OrderRow): [string, string][] {
  return [
    ["Name", `${order.firstName} ${order.lastName}`],
    ["E-mail", order.guestEmail],
    ["Phone", order.phoneNumber],
    ["Address", [order.streetAddress, order.townCity, order.state, order.postcode, order.country].filter(Boolean).join(", ")],
    ...(order.companyName ? ([["Company", order.companyName]] as [string, string][]) : []),
    ...(order.orderNotes ? ([["Notes", order.orderNotes]] as [string, string][]) : []),
  ];
}
