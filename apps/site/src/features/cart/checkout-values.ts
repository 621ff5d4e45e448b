/**
 * The checkout's buyer values and their checks (spec §5): the fields in display order, the empty
 * form, and the contract's rules applied to the buyer, purchase-order and attendee fields.
 */
import type { z } from "zod";
import { DEFAULT_COUNTRY } from "@app/contract/order-facts";
import { validateAttendees } from "./components/AttendeeFields";
import type { AttendeeErrors, AttendeeLine, AttendeesByCourse } from "./components/AttendeeFields";
import type { CheckoutRules } from "./checkout-rules";

/** The buyer form's values after the contract's rules (trimmed), with the employer and attendee parts. */
export type CheckoutValues = z.output<CheckoutRules["CheckoutFormSchema"]> & {
  /** Employer's purchase-order number ('' when none). */
  purchaseOrder: string;
  /** The unticked marketing box (renewal reminders and new dates; PECR consent). */
  marketingOptIn: boolean;
  /** Who takes each place, per course id, for lines of 2 or more places. */
  attendees: AttendeesByCourse;
  /** The express request to start inside the cancellation period (undefined: not asked). */
  earlyStartRequested?: boolean;
};
export type CheckoutFieldName =
  | "firstName"
  | "lastName"
  | "phoneNumber"
  | "email"
  | "companyName"
  | "purchaseOrder"
  | "country"
  | "streetAddress"
  | "buildingType"
  | "townCity"
  | "state"
  | "postcode"
  | "orderNotes";

export type CheckoutErrors = Partial<Record<CheckoutFieldName | "differentAddress" | "acceptTerms", string>> & AttendeeErrors;

/** Display order of the fields, also the order in which the first error gets the focus. */
export const CHECKOUT_FIELD_ORDER: CheckoutFieldName[] = [
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "companyName",
  "purchaseOrder",
  "streetAddress",
  "buildingType",
  "townCity",
  "state",
  "postcode",
  "country",
  "orderNotes",
];

/** The first message of each field, in the words of the contract (spec §5). */
export function validateCheckout(
  rules: CheckoutRules,
  values: Record<CheckoutFieldName, string>,
  extra: { marketingOptIn?: boolean; namedLines?: readonly AttendeeLine[]; attendees?: AttendeesByCourse } = {},
): { data: CheckoutValues } | { errors: CheckoutErrors } {
  const { CheckoutFormSchema, OrderSchema } = rules;
  // The delivery-address block is hidden in the product (spec §3), so its flag stays off.
  const result = CheckoutFormSchema.safeParse({ ...values, deliverToDifferentAddress: false });
  const errors: CheckoutErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof CheckoutErrors | undefined;
      if (key && errors[key] === undefined) errors[key] = issue.message;
    }
  }
  // The purchase-order number has no form rule of its own: the order's (length) applies.
  const purchaseOrder = OrderSchema.shape.purchase_order.safeParse(values.purchaseOrder);
  if (!purchaseOrder.success) errors.purchaseOrder = purchaseOrder.error.issues[0]?.message;
  const attendees = validateAttendees(extra.namedLines ?? [], extra.attendees ?? {}, rules);
  Object.assign(errors, attendees.errors);
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  return {
    data: {
      ...result.data,
      purchaseOrder: purchaseOrder.data ?? "",
      marketingOptIn: extra.marketingOptIn === true,
      attendees: attendees.values,
    },
  };
}

/** The buyer fields before the customer types (the country preset). */
export const EMPTY_CHECKOUT_FIELDS: Record<CheckoutFieldName, string> = {
  firstName: "",
  lastName: "",
  phoneNumber: "",
  email: "",
  companyName: "",
  purchaseOrder: "",
  country: DEFAULT_COUNTRY,
  streetAddress: "",
  buildingType: "",
  townCity: "",
  state: "",
  postcode: "",
  orderNotes: "",
};
