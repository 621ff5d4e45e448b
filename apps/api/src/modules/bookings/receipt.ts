/**
 * The receipt/invoice PDF of an order (issue 13), made with pdfkit: the business's details, the
 * booking reference and date, one line per course (places × price of a place, add-ons), the discount (either kind), the
 * total, what was paid and how, refunds and what is still due. VAT number and VAT lines only when
 * VAT_NUMBER is configured (prices include VAT at VAT_RATE). Titled 'Invoice' while money is due.
 */
import { formatBookingRef, PAYMENT_METHOD_LABELS, type PaymentMethod } from "@app/contract";
import { discountSizeLabel } from "@app/rules";
import { formatPence } from "../../lib/html";
import type { MailSettings } from "../mail";
import type { OrderRow } from "./repository";
import { moneyPdf } from "../../lib/money-pdf";
import { FONT } from "../../lib/pdf";

export type ReceiptItem = {
  title: string;
  dateLabel: string;
  time: string;
  seats: number;
  originalPricePence: number;
  addOns: { name: string; price_pence: number }[];
};

export type ReceiptCharge = { kind: string; amountPence: number; receivedAt: Date };

export type ReceiptInput = {
  order: OrderRow;
  items: ReceiptItem[];
  method: PaymentMethod;
  refundedPence: number;
  /** Every amount received (deposit, balance, instalments…): listed when the order was paid in parts. */
  charges?: ReceiptCharge[];
  business: Pick<MailSettings, "providerName" | "providerPhone" | "providerEmail" | "venueAddress">;
  vat: { number: string; ratePercent: number } | null;
  now: Date;
};

const LONDON_DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "long",
  year: "numeric",
});

const PART_LABELS: Record<string, string> = {
  deposit: "Deposit paid",
  balance: "Balance paid",
  instalment: "Instalment paid",
  office: "Payment received",
  full: "Payment received",
};

/** The deposit, balance and instalment lines of an order paid in parts (none when paid at once). */
export function partPayments(order: Pick<OrderRow, "paymentPlan">, charges: ReceiptCharge[]): [string, string][] {
  if (order.paymentPlan === "full" && charges.length < 2) return [];
  return charges.map((c) => [
    `${PART_LABELS[c.kind] ?? "Payment received"} ${LONDON_DAY.format(c.receivedAt)}`,
    formatPence(c.amountPence),
  ]);
}

/** Who the document is for and what it says, as text lines (also what the tests read back). */
export function receiptTitle(order: OrderRow): "Receipt" | "Invoice" {
  return (order.amountPaidPence ?? 0) < order.totalPence && order.status === "paid" ? "Invoice" : "Receipt";
}

/**
 * One place's price and its course fee: the order stored the line as `seats` × (fee + add-ons)
 * (orders/pricing.ts), so both divide out exactly.
 */
export function linePrices(item: Pick<ReceiptItem, "seats" | "originalPricePence" | "addOns">): {
  unitPence: number;
  feePence: number;
} {
  const unitPence = Math.round(item.originalPricePence / Math.max(item.seats, 1));
  return { unitPence, feePence: unitPence - item.addOns.reduce((sum, a) => sum + a.price_pence, 0) };
}

/** VAT included in a VAT-inclusive amount at `ratePercent` (rounded to the penny). */
export const vatIncluded = (grossPence: number, ratePercent: number) =>
  Math.round((grossPence * ratePercent) / (100 + ratePercent));

export function receiptPdf(input: ReceiptInput): Promise<Buffer> {
  const { order, items, business, vat } = input;
  const title = receiptTitle(order);
  const pdf = moneyPdf({ title: `${title} ${formatBookingRef(order.bookingRef)}`, author: business.providerName });
  const { doc, line, rule, row } = pdf;

  pdf.letterhead({
    name: business.providerName,
    address: business.venueAddress,
    phone: business.providerPhone,
    email: business.providerEmail,
    vatNumber: vat?.number ?? null,
  });
  pdf.heading(title);
  line(`Booking reference: ${formatBookingRef(order.bookingRef)}`);
  line(`Date: ${LONDON_DAY.format(order.createdAt)}`);
  if (order.paidAt && (order.amountPaidPence ?? 0) > 0) line(`Paid on: ${LONDON_DAY.format(order.paidAt)}`);
  line(`Issued: ${LONDON_DAY.format(input.now)}`);
  pdf.billedTo([
    `${order.firstName} ${order.lastName}`,
    order.companyName,
    [order.streetAddress, order.townCity, order.state, order.postcode, order.country].filter((p) => p && p.trim()).join(", "),
    order.guestEmail,
    order.purchaseOrder ? `Purchase order: ${order.purchaseOrder}` : null,
  ]);

  pdf.amountsTable(() => {
    for (const item of items) {
      // One line per course and date: places × the price of one place (fee + add-ons, as the order
      // priced it, orders/pricing.ts), then what one place is made of.
      const { unitPence, feePence } = linePrices(item);
      row(`${item.title}, ${item.dateLabel} (${item.time})`, "");
      row(
        `   ${item.seats} ${item.seats === 1 ? "place" : "places"} × ${formatPence(unitPence)}`,
        formatPence(item.originalPricePence),
      );
      if (item.addOns.length) {
        row(`   Each place: course fee ${formatPence(feePence)}`, "");
        for (const a of item.addOns) row(`   Add-on: ${a.name} ${formatPence(a.price_pence)}`, "");
      }
      doc.moveDown(0.3);
    }
    rule();
    doc.moveDown(0.5);
    row("Subtotal", formatPence(order.subtotalPence));
    if (order.discountPence > 0) {
      const how = discountSizeLabel({ percentOff: order.percentOff, amountOffPence: order.amountOffPence });
      row(`Discount (${order.discountCode ?? "code"}, ${how})`, `-${formatPence(order.discountPence)}`);
    }
    row("Total", formatPence(order.totalPence), { bold: true });
    if (vat) {
      row(`of which VAT at ${vat.ratePercent}%`, formatPence(vatIncluded(order.totalPence, vat.ratePercent)));
      row("Total excluding VAT", formatPence(order.totalPence - vatIncluded(order.totalPence, vat.ratePercent)));
    }
    doc.moveDown(0.5);
    const paid = order.amountPaidPence ?? 0;
    for (const [label, amount] of partPayments(order, input.charges ?? [])) row(label, amount);
    row("Amount paid", formatPence(paid), { bold: true });
    row("Payment method", PAYMENT_METHOD_LABELS[input.method]);
    if (input.refundedPence > 0) row("Refunded", `-${formatPence(input.refundedPence)}`);
    if (order.status === "paid" && paid < order.totalPence)
      row(
        order.balanceDueOn ? `Balance due by ${LONDON_DAY.format(new Date(`${order.balanceDueOn}T12:00:00Z`))}` : "Amount due",
        formatPence(order.totalPence - paid),
        { bold: true },
      );
  });
  if (order.status === "cancelled") {
    doc.moveDown(0.5);
    doc.font(FONT.bold);
    line("This booking has been cancelled.");
  }
  pdf.thanks(business.providerName);
  return pdf.finish();
}
