/**
 * The manual booking form's working copy and its check with the contract's schema
 * (ManualBookingSchema), so the portal and the API refuse the same input with the same words.
 */
import { ManualBookingSchema, MAX_PLACES_PER_ORDER } from "@app/contract";
import type { ManualBookingInput, ManualPaymentMethod } from "@app/contract";
import { penceToPounds, poundsToPence } from "@app/rules";
import { parseAmountReceived } from "./amounts";

export interface AttendeeDraft {
  /** Stable React key of the row (rows are added and removed). */
  key: number;
  first_name: string;
  last_name: string;
  email: string;
}

export interface ManualBookingDraft {
  courseId: string;
  courseDateId: string;
  addOnIds: number[];
  attendees: AttendeeDraft[];
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
  purchase_order: string;
  /** The invoice address (employers' invoices): all optional; the postcode is checked as a UK one. */
  street_address: string;
  town_city: string;
  postcode: string;
  country: string;
  discount_code: string;
  payment_method: ManualPaymentMethod | "";
  /** 'unpaid, invoice sent' instead of an amount (invoice and bank transfer only). */
  unpaid: boolean;
  amount_received: string;
  /** A deposit taken by phone: the amount is part of the total, the balance due before the course. */
  part_payment: boolean;
  notes: string;
  notify: boolean;
}

let rowKey = 0;
export function emptyAttendee(): AttendeeDraft {
  rowKey += 1;
  return { key: rowKey, first_name: "", last_name: "", email: "" };
}

export function emptyManualBooking(): ManualBookingDraft {
  return {
    courseId: "",
    courseDateId: "",
    addOnIds: [],
    attendees: [emptyAttendee()],
    first_name: "",
    last_name: "",
    email: "",
    phone: "",
    company_name: "",
    purchase_order: "",
    street_address: "",
    town_city: "",
    postcode: "",
    country: "United Kingdom",
    discount_code: "",
    payment_method: "",
    unpaid: false,
    amount_received: "",
    part_payment: false,
    notes: "",
    notify: true,
  };
}

/** Whether 'unpaid, invoice sent' may be chosen for this way of paying. */
export const mayBeUnpaid = (method: ManualBookingDraft["payment_method"]) => method === "invoice" || method === "bank_transfer";

export const canAddAttendee = (d: ManualBookingDraft) => d.attendees.length < MAX_PLACES_PER_ORDER;

/** Field errors by field name ('attendees.0.first_name' for a row's field). */
export type ManualBookingErrors = Record<string, string | undefined>;

/** What the course costs for these places and add-ons before any discount (shown as a guide). */
export function listPrice(fee: number, addOnPrices: readonly number[], places: number): number {
  const each = poundsToPence(fee) + addOnPrices.reduce((sum, p) => sum + poundsToPence(p), 0);
  return penceToPounds(each * places);
}

/** The request body, or the errors to show (first problem per field). */
export function toManualBooking(
  d: ManualBookingDraft,
  idempotencyKey: string,
): { body: ManualBookingInput } | { errors: ManualBookingErrors } {
  const errors: ManualBookingErrors = {};
  let amount: number | null = null;
  if (d.unpaid && mayBeUnpaid(d.payment_method)) {
    amount = null;
  } else {
    const parsed = parseAmountReceived(d.amount_received);
    if ("error" in parsed) errors.amount_received = parsed.error;
    else amount = parsed.amount;
  }
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  const candidate = {
    course_id: d.courseId ? Number(d.courseId) : undefined,
    course_date_id: d.courseDateId ? Number(d.courseDateId) : undefined,
    add_on_ids: d.addOnIds,
    attendees: d.attendees.map((a) => ({ first_name: a.first_name, last_name: a.last_name, email: a.email.trim() || undefined })),
    first_name: d.first_name,
    last_name: d.last_name,
    email: d.email,
    phone: d.phone,
    company_name: optional(d.company_name),
    purchase_order: optional(d.purchase_order),
    street_address: optional(d.street_address),
    town_city: optional(d.town_city),
    postcode: optional(d.postcode),
    country: optional(d.country),
    discount_code: optional(d.discount_code),
    payment_method: d.payment_method || undefined,
    amount_received: errors.amount_received ? 0 : amount,
    ...(d.part_payment && amount !== null ? { part_payment: true } : {}),
    notes: optional(d.notes),
    notify: d.notify,
    idempotency_key: idempotencyKey,
  };
  const parsed = ManualBookingSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".");
      errors[field] ??= issue.message;
    }
  }
  if (Object.values(errors).some(Boolean)) return { errors };
  return { body: candidate as ManualBookingInput };
}
