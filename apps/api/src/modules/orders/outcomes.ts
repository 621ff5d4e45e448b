/**
 * What the order lifecycle answers (decision 170): every expected result is a value with a
 * `kind`, never an HTTP status. Callers switch on the kind (payments/service.ts acknowledges a
 * webhook for an unknown order, the routers answer the customer); HTTP is chosen in one place,
 * ./http-answers.ts.
 */
import { ORDER_HOLD_MINUTES } from "@app/contract/order-facts";
import type { OrderItemRow, OrderRow } from "../../db/schema";
import type { PricingRefusal } from "./pricing";

export type PlacedOrder = OrderRow & { items: OrderItemRow[] };

/** The customer's message when a date has too few places left for the line. */
export const fullyBookedMessage = (item: { title: string; dateLabel: string }) =>
  `Sorry, ${item.title} on ${item.dateLabel} is fully booked. Please choose another date.`;

/** The message when the last use of a code went to someone else between the check and the order. */
export const CODE_USED_UP_MESSAGE = "This discount code has reached its usage limit";

/** Unpaid holds of one client address or e-mail (decision 101): `limit` places at most. */
export const holdLimitMessage = (limit: number) =>
  `You already have ${limit} place${limit === 1 ? "" : "s"} waiting for payment. Please pay for or cancel those bookings first, or try again when their ${ORDER_HOLD_MINUTES}-minute hold ends.`;

/** A course-limited code used on a cart without any of its courses. */
export const CODE_NOT_FOR_CART_MESSAGE = "This discount code does not apply to the courses in your cart";

/** Refusals any lifecycle step may answer. */
export type NotFound = { kind: "not_found" };
/** The order is not pending (and the step needs it to be): it is answered as it is. */
export type NotPending = { kind: "not_pending"; order: OrderRow };
/** The hold ran out (pending past its time, or marked expired). */
export type Expired = { kind: "expired"; order: OrderRow };
/** The customer finished paying first (the provider's confirmation marks the order paid). */
export type AlreadyPaid = { kind: "already_paid"; order: OrderRow | null };

export type PlaceOutcome =
  | { kind: "placed"; order: PlacedOrder }
  | PricingRefusal
  /** A date has fewer places left than the line wants. */
  | { kind: "seats_taken"; title: string; dateLabel: string }
  /** The code's last use went to another order. */
  | { kind: "code_used_up" }
  /** Unknown, not active yet, expired or used up when checked (the message says which). */
  | { kind: "code_refused"; message: string }
  /** A course-limited code, none of whose courses is in the cart. */
  | { kind: "code_not_for_cart" }
  /** The client's unpaid holds leave no room (decision 101); `retryAfter`: seconds until the first ends. */
  | { kind: "hold_limit"; limit: number; retryAfter: number }
  /** The chosen way of paying is not offered for this cart (off, or inside the balance window). */
  | { kind: "plan_not_offered" };

export type ConfirmOutcome =
  | { kind: "paid"; order: OrderRow }
  | { kind: "already_paid"; order: OrderRow }
  /** Money arrived after the places were given to others: kept as it is, the office refunds. */
  | { kind: "late_refund_needed"; order: OrderRow }
  | NotFound
  | Expired
  | NotPending;

export type CancelOutcome = { kind: "cancelled"; order: OrderRow } | NotFound | NotPending | AlreadyPaid;

/** Every refusal of the lifecycle (what ./http-answers.ts turns into an answer). */
export type OrderRefusal = Exclude<
  PlaceOutcome | ConfirmOutcome | CancelOutcome,
  { kind: "placed" | "paid" | "cancelled" | "late_refund_needed" }
>;
