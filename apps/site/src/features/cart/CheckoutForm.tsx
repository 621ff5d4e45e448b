import { useEffect, useRef, useState } from "react";
import type { ChangeEvent, FormEvent, ReactNode } from "react";
import { BOOKING_TERMS_REQUIRED_MESSAGE } from "@app/contract/order-facts";
import { Button, CheckboxField, useToast } from "@app/ui";
import { paths } from "../../config/paths";
import { AttendeeFields, attendeeFieldOrder, asks, withBuyerFirst } from "./components/AttendeeFields";
import type { AttendeeLine, AttendeesByCourse } from "./components/AttendeeFields";
import { BuyerFields } from "./components/BuyerFields";
import { useWaitlistPrefill } from "../../lib/waitlist-offer";
import { Link } from "../../components/Link";
import { loadCheckoutRules } from "./checkout-rules";
import type { CheckoutRules } from "./checkout-rules";
import { CART_MESSAGES } from "./messages";
import { asksEarlyStart, EarlyStartField } from "./components/EarlyStartField";
import { ukToday } from "../../lib/uk-today";
import { CHECKOUT_FIELD_ORDER, EMPTY_CHECKOUT_FIELDS, validateCheckout } from "./checkout-values";
import type { CheckoutErrors, CheckoutFieldName, CheckoutValues } from "./checkout-values";

/** The marketing opt-in's words: never ticked in advance (DESIGN: law over the spec, PECR). */
export const MARKETING_OPT_IN_LABEL =
  "Send me reminders about my licence renewal and new course dates (you can unsubscribe at any time)";

export const CHECKOUT_INVALID_TOAST = "Please fill in all required fields correctly";

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
  const [values, setValues] = useState(EMPTY_CHECKOUT_FIELDS);
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
    const order: (keyof CheckoutErrors)[] = [...CHECKOUT_FIELD_ORDER, ...attendeeFieldOrder(namedLines), "acceptTerms"];
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
  const bind = (name: CheckoutFieldName) => ({
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
      <BuyerFields bind={bind} />
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
