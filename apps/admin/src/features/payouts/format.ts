/** How a payout reads on the screens: Stripe's statuses and line types in plain words, dates in UK form. */
import { formatDateRange, formatPounds } from "@app/ui/format";

const STATUS_LABELS: Record<string, string> = {
  paid: "Paid",
  pending: "Pending",
  in_transit: "On its way",
  canceled: "Cancelled",
  failed: "Failed",
};
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** Stripe's balance transaction types of money from customers, and of money given back. */
export const PAYMENT_TYPES: readonly string[] = ["charge", "payment"];
export const REFUND_TYPES: readonly string[] = ["refund", "payment_refund"];

const TYPE_LABELS: Record<string, string> = {
  charge: "Payment",
  payment: "Payment",
  refund: "Refund",
  payment_refund: "Refund",
  stripe_fee: "Stripe fee",
  adjustment: "Adjustment",
  application_fee: "Fee",
};
export const lineTypeLabel = (type: string) => TYPE_LABELS[type] ?? type.replaceAll("_", " ");

/** '27th Nov 2026': Stripe gives the day the payout reaches the bank as midnight UTC of that day. */
export const arrivalDay = (iso: string) => formatDateRange(iso.slice(0, 10), iso.slice(0, 10));

export const pounds = (amount: number) => formatPounds(amount);
