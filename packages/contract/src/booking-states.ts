/** The office's words for a booking: its states, how it was paid, how the list sorts (no zod here). */

/**
 * What the office reads as a booking's state. confirmed: paid (or a manual booking, even one whose
 * invoice is unpaid); pending: waiting for the online payment; expired: never paid; cancelled:
 * cancelled without money back; refunded: cancelled with money back (all or part).
 */
export const BOOKING_STATUSES = ["confirmed", "pending", "expired", "cancelled", "refunded"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The list's filter: one status, or every booking. Default: confirmed. */
export const BOOKING_STATUS_FILTERS = [...BOOKING_STATUSES, "all"] as const;
export type BookingStatusFilter = (typeof BOOKING_STATUS_FILTERS)[number];
export const DEFAULT_BOOKING_STATUS_FILTER: BookingStatusFilter = "confirmed";

/** How much of what was paid went back: none, some (partly refunded) or all of it. */
export const REFUND_STATES = ["none", "partly_refunded", "refunded"] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  none: "",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
};
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  expired: "Expired",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** How a booking was (or will be) paid: online card on the site, or what the office took. */
export const PAYMENT_METHODS = ["card_online", "card_phone", "cash", "bank_transfer", "invoice"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the office can choose for a manual booking. */
export const MANUAL_PAYMENT_METHODS = ["card_phone", "cash", "bank_transfer", "invoice"] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card_online: "Card (online)",
  card_phone: "Card (by phone)",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  invoice: "Invoice",
};

export const BOOKING_SORT_FIELDS = ["reference", "learner", "course", "date", "amount", "booked_on", "status"] as const;
export type BookingSortField = (typeof BOOKING_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
