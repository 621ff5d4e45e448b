/**
 * What an invoice or credit note prints, built once when it is issued and stored with it (decision
 * 421): later edits of the order, the catalogue, the business's details or an erasure change nothing.
 */
import { formatBookingRef } from "@app/contract";
import { discountSizeLabel } from "@app/rules";
import { formatPence } from "../../lib/html";
import type { DocumentSnapshot } from "../../db/schema";
import type { ItemFacts, OrderFacts } from "./repository";

export type Business = { name: string; address: string; phone: string; email: string };
export type Vat = { number: string; ratePercent: number } | null;

const LONDON_DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** '27 November 2026' in London. */
export const longDay = (at: Date) => LONDON_DAY.format(at);

/** VAT included in a VAT-inclusive amount at `ratePercent` (rounded to the penny). */
export const vatIncluded = (grossPence: number, ratePercent: number) =>
  Math.round((grossPence * ratePercent) / (100 + ratePercent));

export const METHOD_LABELS: Record<string, string> = {
  card_online: "Card (online)",
  card_phone: "Card (by phone)",
  card_saved: "Card (saved)",
  klarna: "Klarna",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  invoice: "Invoice",
};

export type SnapshotInput = {
  title: string;
  number: string;
  issuedAt: Date;
  order: OrderFacts;
  items: ItemFacts[];
  business: Business;
  vat: Vat;
  amountPence: number;
  amountLabel: string;
  paymentMethod: string | null;
  paidToDatePence: number;
  dueOn: string | null;
  corrects?: { number: string; issuedAt: Date } | null;
  reason?: string | null;
};

export function buildSnapshot(input: SnapshotInput): DocumentSnapshot {
  const { order, business, vat } = input;
  const address = [order.streetAddress, order.townCity, order.state, order.postcode, order.country]
    .filter((p) => p && p.trim())
    .join(", ");
  const vatPence = vat ? vatIncluded(input.amountPence, vat.ratePercent) : 0;
  return {
    title: input.title,
    number: input.number,
    issuedOn: longDay(input.issuedAt),
    corrects: input.corrects ? { number: input.corrects.number, issuedOn: longDay(input.corrects.issuedAt) } : null,
    bookingRef: formatBookingRef(order.bookingRef),
    business: { ...business, vatNumber: vat?.number ?? null },
    buyer: {
      name: `${order.firstName} ${order.lastName}`.trim(),
      company: order.companyName || null,
      address,
      email: order.guestEmail,
      purchaseOrder: order.purchaseOrder || null,
    },
    lines: input.items.map((item) => {
      const unit = Math.round(item.originalPricePence / Math.max(item.seats, 1));
      const addOns = item.addOns.reduce((sum, a) => sum + a.price_pence, 0);
      return {
        description: `${item.title}, ${item.dateLabel} (${item.time})`,
        detail: [
          `${item.seats} ${item.seats === 1 ? "place" : "places"} × ${formatPence(unit)}`,
          ...(item.addOns.length ? [`Each place: course fee ${formatPence(unit - addOns)}`] : []),
          ...item.addOns.map((a) => `Add-on: ${a.name} ${formatPence(a.price_pence)}`),
        ],
        amountPence: item.originalPricePence,
      };
    }),
    subtotalPence: order.subtotalPence,
    discount:
      order.discountPence > 0
        ? {
            label: `Discount (${order.discountCode ?? "code"}, ${discountSizeLabel({ percentOff: order.percentOff, amountOffPence: order.amountOffPence })})`,
            amountPence: order.discountPence,
          }
        : null,
    orderTotalPence: order.totalPence,
    amountPence: input.amountPence,
    amountLabel: input.amountLabel,
    paymentMethod: input.paymentMethod ? (METHOD_LABELS[input.paymentMethod] ?? input.paymentMethod) : null,
    paidToDatePence: input.paidToDatePence,
    duePence: Math.max(order.totalPence - input.paidToDatePence, 0),
    dueOn: input.dueOn,
    vat: vat ? { ratePercent: vat.ratePercent, vatPence, netPence: input.amountPence - vatPence } : null,
    reason: input.reason ?? null,
  };
}
