/**
 * The receipt/invoice PDF of an order (issue 13), made with pdfkit: the business's details, the
 * booking reference and date, one line per course (places × price of a place, add-ons), the discount (either kind), the
 * total, what was paid and how, refunds and what is still due. VAT number and VAT lines only when
 * VAT_NUMBER is configured (prices include VAT at VAT_RATE). Titled 'Invoice' while money is due.
 */
import type PDFKit from "pdfkit";
import { formatBookingRef, PAYMENT_METHOD_LABELS, type PaymentMethod } from "@app/contract";
import { discountSizeLabel } from "@app/rules";
import { formatPence } from "../../lib/html";
import type { MailSettings } from "../mail/outbox";
import type { OrderRow } from "./repository";
import { lazyRequire } from "../../lib/lazy-require";

/** pdfkit (and its fonts) loaded with the first PDF (decision 250). */
const loadPdfKit = lazyRequire<typeof PDFKit>("pdfkit");

export type ReceiptItem = {
  title: string;
  dateLabel: string;
  time: string;
  seats: number;
  originalPricePence: number;
  addOns: { name: string; price_pence: number }[];
};

export type ReceiptInput = {
  order: OrderRow;
  items: ReceiptItem[];
  method: PaymentMethod;
  refundedPence: number;
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
  const doc = new (loadPdfKit())({
    size: "A4",
    margin: 50,
    info: { Title: `${receiptTitle(order)} ${formatBookingRef(order.bookingRef)}`, Author: business.providerName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const amountX = right - 110;
  const row = (label: string, amount: string, opts: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.font(opts.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, left, y, { width: amountX - left - 10 });
    const after = doc.y;
    doc.text(amount, amountX, y, { width: right - amountX, align: "right" });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };

  doc.font("Helvetica-Bold").fontSize(18).text(business.providerName);
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(business.venueAddress)
    .text(`Phone: ${business.providerPhone}`)
    .text(`E-mail: ${business.providerEmail}`);
  if (vat) doc.text(`VAT number: ${vat.number}`);
  doc.moveDown(1.5);

  const title = receiptTitle(order);
  doc.font("Helvetica-Bold").fontSize(16).text(title);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Booking reference: ${formatBookingRef(order.bookingRef)}`);
  doc.text(`Date: ${LONDON_DAY.format(order.createdAt)}`);
  if (order.paidAt && (order.amountPaidPence ?? 0) > 0) doc.text(`Paid on: ${LONDON_DAY.format(order.paidAt)}`);
  doc.text(`Issued: ${LONDON_DAY.format(input.now)}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("Billed to");
  doc.font("Helvetica").text(`${order.firstName} ${order.lastName}`);
  if (order.companyName) doc.text(order.companyName);
  const address = [order.streetAddress, order.townCity, order.state, order.country].filter((p) => p && p.trim()).join(", ");
  if (address) doc.text(address);
  doc.text(order.guestEmail);
  if (order.purchaseOrder) doc.text(`Purchase order: ${order.purchaseOrder}`);
  doc.moveDown();

  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.5);
  row("Description", "Amount", { bold: true });
  doc.moveDown(0.3);
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
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
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
  row("Amount paid", formatPence(paid), { bold: true });
  row("Payment method", PAYMENT_METHOD_LABELS[input.method]);
  if (input.refundedPence > 0) row("Refunded", `-${formatPence(input.refundedPence)}`);
  if (order.status === "paid" && paid < order.totalPence) row("Amount due", formatPence(order.totalPence - paid), { bold: true });
  if (order.status === "cancelled") {
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").text("This booking has been cancelled.");
  }
  doc.moveDown(2);
  doc.font("Helvetica").fontSize(9).fillColor("#4a5568").text(`Thank you for booking with ${business.providerName}.`);
  doc.end();
  return done;
}
