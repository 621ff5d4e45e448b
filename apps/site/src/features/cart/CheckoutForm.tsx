import { useEffect, useRef, useState } from "react";
import type { ChangeEvent, FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { BOOKING_TERMS_REQUIRED_MESSAGE, COUNTRIES, DEFAULT_COUNTRY, STATES } from "@app/contract/order-facts";
import { Button, CheckboxField, SelectField, TextAreaField, TextField, useToast } from "@app/ui";
import { paths } from "../../config/paths";
import { AttendeeFields, attendeeFieldOrder, asks, validateAttendees, withBuyerFirst } from "./components/AttendeeFields";
import type { AttendeeErrors, AttendeeLine, AttendeesByCourse } from "./components/AttendeeFields";
import { useWaitlistPrefill } from "../../lib/waitlist-offer";
import { Link } from "../../components/Link";
import { loadCheckoutRules } from "./checkout-rules";
import type { CheckoutRules } from "./checkout-rules";
import { CART_MESSAGES } from "./messages";
import { asksEarlyStart, EarlyStartField } from "./components/EarlyStartField";
import { ukToday } from "../../lib/uk-today";

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

/** The marketing opt-in's words: never ticked in advance (DESIGN: law over the spec, PECR). */
export const MARKETING_OPT_IN_LABEL =
  "Send me reminders about my licence renewal and new course dates (you can unsubscribe at any time)";

type FieldName =
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

export type CheckoutErrors = Partial<Record<FieldName | "differentAddress" | "acceptTerms", string>> & AttendeeErrors;

/** Display order of the fields, also the order in which the first error gets the focus. */
const FIELD_ORDER: FieldName[] = [
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

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));

export const CHECKOUT_INVALID_TOAST = "Please fill in all required fields correctly";

/** The first message of each field, in the words of the contract (spec §5). */
export function validateCheckout(
  rules: CheckoutRules,
  values: Record<FieldName, string>,
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

export interface CheckoutFormProps {
  /** Label of the submit button, e.g. 'Proceed to Payment (£250.00)'. */
  submitLabel: string;
  /** True while the order is being sent ('Loading...'). */
  busy: boolean;
  /** Disables the submit button (e.g. while a discount code is being checked). */
  disabled?: boolean;
  /** Called with valid values; may answer field errors found by the API. */
  onValid: (values: CheckoutValues) => Promise<CheckoutErrors | void> | CheckoutErrors | void;
  /**
   * The cart's lines: for 2 or more places the form asks who takes each place; for one place it
   * offers 'Someone else is attending' (an employer booking one employee).
   */
  attendeeLines?: readonly AttendeeLine[];
  /** The cart's course start dates: a course starting inside the cancellation period asks for the express request. */
  startDates?: readonly (string | null | undefined)[];
  /** How the customer pays (deposit, instalments), shown above the terms when offered. */
  paymentChoice?: ReactNode;
}

const EMPTY: Record<FieldName, string> = {
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

/** The buyer form of the checkout step (spec §3, rules and messages of spec §5). */
export function CheckoutForm({
  submitLabel,
  busy,
  disabled = false,
  onValid,
  attendeeLines = [],
  startDates = [],
  paymentChoice,
}: CheckoutFormProps) {
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  // Someone taking a waiting-list offer finds their name, e-mail and phone filled in (issue 15).
  useWaitlistPrefill(setValues);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  // 'I agree to the booking terms': never ticked in advance; the order records the version agreed to.
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [earlyStart, setEarlyStart] = useState(false);
  const asksEarly = asksEarlyStart(ukToday(), startDates);
  const [marketingOptIn, setMarketingOptIn] = useState(false);
  const [attendees, setAttendees] = useState<AttendeesByCourse>({});
  // One-place lines whose place someone else takes (the buyer is the attendee otherwise).
  const [othersAttend, setOthersAttend] = useState<number[]>([]);
  // A course that asks questions (issue 33) names every place, the buyer's own too.
  const namedLines = attendeeLines.filter((l) => l.places > 1 || othersAttend.includes(l.courseId) || asks(l));
  // Attendee 1 of a group is the buyer unless they say someone else is attending (issue 27).
  const shownAttendees = withBuyerFirst(attendees, attendeeLines, othersAttend, {
    first_name: values.firstName,
    last_name: values.lastName,
    email: values.email,
  });
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirst(errs: CheckoutErrors) {
    const order: (keyof CheckoutErrors)[] = [...FIELD_ORDER, ...attendeeFieldOrder(namedLines), "acceptTerms"];
    const first = order.find((f) => errs[f]);
    if (!first) return;
    const el = formRef.current?.elements.namedItem(first);
    if (el instanceof HTMLElement) el.focus();
  }

  // The API's field errors arrive while the fields are still disabled (busy): the focus waits
  // until they are enabled again, or it would not move.
  const focusWhenReady = useRef<CheckoutErrors | null>(null);
  const busyNow = useRef(busy);
  busyNow.current = busy;
  useEffect(() => {
    if (busy || !focusWhenReady.current) return;
    focusFirst(focusWhenReady.current);
    focusWhenReady.current = null;
  });

  function fail(errs: CheckoutErrors) {
    setErrors(errs);
    toast.info(CHECKOUT_INVALID_TOAST);
    if (busyNow.current) focusWhenReady.current = errs;
    else focusFirst(errs);
  }

  // One submission at a time: a second tap while the rules load or the order is sent does nothing
  // (`busy` comes from the parent and is only set once the order is on its way).
  const submitting = useRef(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || disabled || submitting.current) return;
    submitting.current = true;
    try {
      let rules: CheckoutRules;
      try {
        rules = await loadCheckoutRules();
      } catch {
        toast.error(CART_MESSAGES.failed); // the rules' script did not arrive (no connection): try again
        return;
      }
      const result = validateCheckout(rules, values, { marketingOptIn, namedLines, attendees: shownAttendees });
      const termsError: CheckoutErrors = acceptTerms ? {} : { acceptTerms: BOOKING_TERMS_REQUIRED_MESSAGE };
      if ("errors" in result || !acceptTerms) {
        fail({ ...("errors" in result ? result.errors : {}), ...termsError });
        return;
      }
      setErrors({});
      const serverErrors = await onValid(asksEarly ? { ...result.data, earlyStartRequested: earlyStart } : result.data);
      if (serverErrors && Object.keys(serverErrors).length > 0) fail(serverErrors);
    } finally {
      submitting.current = false;
    }
  }

  // A field's error clears as soon as the user edits that field (spec §5).
  const bind = (name: FieldName) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: busy,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  return (
    <form
      ref={formRef}
      className="checkout-form"
      onSubmit={onSubmit}
      // The rules load while the customer types, not when the page opens (decision 258).
      onFocus={() => void loadCheckoutRules().catch(() => undefined)}
      noValidate
      aria-label="Billing details"
    >
      <h2 className="checkout-form__title">Billing details</h2>
      <p className="checkout-form__note">Fields marked * are required.</p>
      <div className="checkout-form__grid">
        <TextField label="First name*" autoComplete="given-name" {...bind("firstName")} />
        <TextField label="Last name*" autoComplete="family-name" {...bind("lastName")} />
        <TextField
          label="Phone Number*"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="e.g. 07700 900123"
          {...bind("phoneNumber")}
        />
        <TextField label="Email address*" type="email" autoComplete="email" {...bind("email")} />
        <TextField label="Company name (optional)" autoComplete="organization" {...bind("companyName")} />
        <TextField label="Purchase order number (optional)" autoComplete="off" maxLength={100} {...bind("purchaseOrder")} />
        <TextField
          label="Street address*"
          autoComplete="address-line1"
          fieldClassName="checkout-form__wide"
          {...bind("streetAddress")}
        />
        <TextField label="Building type (optional)" placeholder="e.g. Flat, House, Office" {...bind("buildingType")} />
        <TextField label="Town/City*" autoComplete="address-level2" {...bind("townCity")} />
        <SelectField label="State*" options={STATE_OPTIONS} placeholder="Select a state" {...bind("state")} />
        {/* Beside the spec's fields (decision 334): a UK postcode when the country is the United Kingdom. */}
        <TextField label="Postcode" autoComplete="postal-code" maxLength={16} {...bind("postcode")} />
        <SelectField
          label="Country*"
          options={COUNTRY_OPTIONS}
          placeholder="Select a country"
          autoComplete="country-name"
          {...bind("country")}
        />
        <TextAreaField
          label="Order notes (optional)"
          rows={3}
          maxLength={2000}
          fieldClassName="checkout-form__wide"
          {...bind("orderNotes")}
        />
      </div>
      {attendeeLines.length > 0 ? (
        <AttendeeFields
          lines={attendeeLines}
          othersAttend={othersAttend}
          onOthersAttendChange={setOthersAttend}
          values={shownAttendees}
          errors={errors}
          disabled={busy}
          onChange={(next, field) => {
            setAttendees(next);
            if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
          }}
        />
      ) : null}
      {paymentChoice}
      <div className="checkout-form__terms">
        <CheckboxField
          label={MARKETING_OPT_IN_LABEL}
          name="marketingOptIn"
          checked={marketingOptIn}
          disabled={busy}
          onChange={(e) => setMarketingOptIn(e.target.checked)}
        />
        <CheckboxField
          label="I agree to the booking terms*"
          name="acceptTerms"
          checked={acceptTerms}
          disabled={busy}
          error={errors.acceptTerms}
          hint={
            <>
              Cancellation, refunds, transfers and what to bring:{" "}
              <Link to={paths.bookingTerms} target="_blank">
                read the booking terms
              </Link>{" "}
              (opens in a new tab).
            </>
          }
          onChange={(e) => {
            setAcceptTerms(e.target.checked);
            if (e.target.checked && errors.acceptTerms) setErrors(({ acceptTerms: _cleared, ...rest }) => rest);
          }}
        />
      </div>
      {asksEarly ? <EarlyStartField checked={earlyStart} disabled={busy} onChange={setEarlyStart} /> : null}
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={busy}
        loadingLabel="Loading..."
        disabled={disabled}
        className="checkout-form__submit"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
