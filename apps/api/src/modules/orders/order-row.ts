/**
 * The one order-row builder: the `orders` row and its `order_items` rows as every path that
 * creates an order writes them (the public booking in placing.ts, the office's booking in
 * office-booking.ts). Prices, the discount's snapshot, the buyer's fields and the references are
 * filled here alone, so the two kinds of order cannot drift apart.
 */
import { randomBytes } from "node:crypto";
import { formatPostcode } from "@app/rules";
import type { DiscountCodeRow, OrderItemRow, OrderRow } from "../../db/schema";
import { newBookingRef } from "./booking-reference";
import type { OrderTotals, PricedLine } from "./pricing";

/** Public order reference: 128 random bits, URL-safe. */
export const newReference = () => randomBytes(16).toString("base64url");

/** The buyer as the order records them (empty optional fields are stored as null). */
export type Buyer = Pick<
  OrderRow,
  "firstName" | "lastName" | "guestName" | "guestEmail" | "phoneNumber" | "country" | "streetAddress" | "townCity" | "state"
> & {
  postcode?: string | null;
  companyName?: string | null;
  buildingType?: string | null;
  orderNotes?: string | null;
  purchaseOrder?: string | null;
};

export type OrderRowFacts = {
  buyer: Buyer;
  totals: OrderTotals;
  discount: DiscountCodeRow | null;
  status: "pending" | "paid";
  expiresAt: Date;
  paymentProvider: string;
  now: Date;
  /** What only some orders carry (terms, consent, approval, the finder's answers, money taken at once). */
  extra?: Partial<
    Pick<
      OrderRow,
      "termsVersion" | "termsAcceptedAt" | "marketingConsentAt" | "amountPaidPence" | "paidAt" | "approval" | "finderAnswers"
    >
  >;
};

/** A new order's row (id 0 until written). */
export function buildOrderRow(f: OrderRowFacts): OrderRow {
  const { buyer, totals, discount, now } = f;
  return {
    id: 0,
    reference: newReference(),
    bookingRef: newBookingRef(),
    termsVersion: null,
    termsAcceptedAt: null,
    status: f.status,
    firstName: buyer.firstName,
    lastName: buyer.lastName,
    guestName: buyer.guestName,
    guestEmail: buyer.guestEmail,
    phoneNumber: buyer.phoneNumber,
    country: buyer.country,
    streetAddress: buyer.streetAddress,
    townCity: buyer.townCity,
    state: buyer.state,
    postcode: buyer.postcode ? formatPostcode(buyer.postcode) : null,
    companyName: buyer.companyName || null,
    buildingType: buyer.buildingType || null,
    orderNotes: buyer.orderNotes || null,
    purchaseOrder: buyer.purchaseOrder || null,
    marketingConsentAt: null,
    subtotalPence: totals.subtotalPence,
    discountCodeId: discount?.id ?? null,
    discountCode: discount?.code ?? null,
    percentOff: discount?.percentOff ?? null,
    amountOffPence: discount?.amountOffPence ?? null,
    discountPence: totals.discountPence,
    totalPence: totals.totalPence,
    amountPaidPence: null,
    paidAt: null,
    expiresAt: f.expiresAt,
    cancelledAt: null,
    expiredAt: null,
    paymentProvider: f.paymentProvider,
    providerSessionId: null,
    approval: null,
    declineReason: null,
    finderAnswers: null,
    paymentPlan: "full",
    depositPence: null,
    balanceDueOn: null,
    paymentTerms: null,
    cardSavedAt: null,
    providerCustomerId: null,
    providerPaymentMethodId: null,
    balanceChargeAttemptedAt: null,
    balanceChargeFailedAt: null,
    balanceChargeError: null,
    balanceRemindedBeforeAt: null,
    balanceRemindedDueAt: null,
    overdueAlertedAt: null,
    releasedUnpaidAt: null,
    // The list's sort keys are written with the lines and places (booking-statement-repository.ts,
    // list-keys-repository.ts), from the rows themselves.
    listFirstDate: null,
    listCourse: null,
    listLearner: null,
    createdAt: now,
    updatedAt: now,
    ...f.extra,
  };
}

/** The order's items (ids 0 until written): each priced line's snapshot and its share of the discount. */
export function buildItemRows(lines: PricedLine[], totals: OrderTotals, now: Date): OrderItemRow[] {
  return lines.map((l, n) => ({
    id: 0,
    orderId: 0,
    courseId: l.courseId,
    courseDateId: l.courseDateId,
    title: l.title,
    duration: l.duration,
    time: l.time,
    description: l.description,
    startDate: l.startDate,
    endDate: l.endDate,
    dateLabel: l.dateLabel,
    originalPricePence: l.originalPricePence,
    pricePaidPence: totals.paidPrices[n]!,
    addOns: l.addOns,
    seats: l.seats,
    createdAt: now,
  }));
}
