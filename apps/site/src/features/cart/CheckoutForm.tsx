import { useRef, useState } from "react";
import type { ChangeEvent, FormEvent } from "react";
import type { z } from "zod";
import { Link } from "react-router-dom";
import { BOOKING_TERMS_REQUIRED_MESSAGE, CheckoutFormSchema, COUNTRIES, DEFAULT_COUNTRY, STATES } from "@app/contract";
import { Button, CheckboxField, SelectField, TextAreaField, TextField, useToast } from "@app/ui";
import { paths } from "../../config/paths";

/** The buyer form's values after the contract's rules (trimmed). */
export type CheckoutValues = z.output<typeof CheckoutFormSchema>;

type FieldName =
  | "firstName"
  | "lastName"
  | "phoneNumber"
  | "email"
  | "companyName"
  | "country"
  | "streetAddress"
  | "buildingType"
  | "townCity"
  | "state"
  | "orderNotes";

export type CheckoutErrors = Partial<Record<FieldName | "differentAddress" | "acceptTerms", string>>;

/** Display order of the fields, also the order in which the first error gets the focus. */
const FIELD_ORDER: FieldName[] = [
  "firstName",
  "lastName",
  "phoneNumber",
  "email",
  "companyName",
  "streetAddress",
  "buildingType",
  "townCity",
  "state",
  "country",
  "orderNotes",
  "acceptTerms" as FieldName,
];

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));

export const CHECKOUT_INVALID_TOAST = "Please fill in all required fields correctly";

/** The first message of each field, in the words of the contract (spec §5). */
export function validateCheckout(values: Record<FieldName, string>): { data: CheckoutValues } | { errors: CheckoutErrors } {
  // The delivery-address block is hidden in the product (spec §3), so its flag stays off.
  const result = CheckoutFormSchema.safeParse({ ...values, deliverToDifferentAddress: false });
  if (result.success) return { data: result.data };
  const errors: CheckoutErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof CheckoutErrors | undefined;
    if (key && errors[key] === undefined) errors[key] = issue.message;
  }
  return { errors };
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
}

const EMPTY: Record<FieldName, string> = {
  firstName: "",
  lastName: "",
  phoneNumber: "",
  email: "",
  companyName: "",
  country: DEFAULT_COUNTRY,
  streetAddress: "",
  buildingType: "",
  townCity: "",
  state: "",
  orderNotes: "",
};

/** The buyer form of the checkout step (spec §3, rules and messages of spec §5). */
export function CheckoutForm({ submitLabel, busy, disabled = false, onValid }: CheckoutFormProps) {
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  // 'I agree to the booking terms': never ticked in advance; the order records the version agreed to.
  const [acceptTerms, setAcceptTerms] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirst(errs: CheckoutErrors) {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (!first) return;
    const el = formRef.current?.elements.namedItem(first);
    if (el instanceof HTMLElement) el.focus();
  }

  function fail(errs: CheckoutErrors) {
    setErrors(errs);
    toast.info(CHECKOUT_INVALID_TOAST);
    focusFirst(errs);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || disabled) return;
    const result = validateCheckout(values);
    const termsError: CheckoutErrors = acceptTerms ? {} : { acceptTerms: BOOKING_TERMS_REQUIRED_MESSAGE };
    if ("errors" in result || !acceptTerms) {
      fail({ ...("errors" in result ? result.errors : {}), ...termsError });
      return;
    }
    setErrors({});
    const serverErrors = await onValid(result.data);
    if (serverErrors && Object.keys(serverErrors).length > 0) fail(serverErrors);
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
    <form ref={formRef} className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Billing details">
      <h2 className="checkout-form__title">Billing details</h2>
      <p className="checkout-form__note">Fields marked * are required.</p>
      <div className="checkout-form__grid">
        <TextField label="First name*" autoComplete="given-name" {...bind("firstName")} />
        <TextField label="Last name*" autoComplete="family-name" {...bind("lastName")} />
        <TextField
          label="Phone Number*"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="e.g. 07700 900123"
          {...bind("phoneNumber")}
        />
        <TextField label="Email address*" type="email" autoComplete="email" {...bind("email")} />
        <TextField label="Company name (optional)" autoComplete="organization" fieldClassName="checkout-form__wide" {...bind("companyName")} />
        <TextField label="Street address*" autoComplete="street-address" fieldClassName="checkout-form__wide" {...bind("streetAddress")} />
        <TextField label="Building type (optional)" placeholder="e.g. Flat, House, Office" {...bind("buildingType")} />
        <TextField label="Town/City*" autoComplete="address-level2" {...bind("townCity")} />
        <SelectField label="State*" options={STATE_OPTIONS} placeholder="Select a state" {...bind("state")} />
        <SelectField label="Country*" options={COUNTRY_OPTIONS} placeholder="Select a country" autoComplete="country-name" {...bind("country")} />
        <TextAreaField label="Order notes (optional)" rows={3} maxLength={2000} fieldClassName="checkout-form__wide" {...bind("orderNotes")} />
      </div>
      <div className="checkout-form__terms">
        <CheckboxField
          label="I agree to the booking terms*"
          name="acceptTerms"
          checked={acceptTerms}
          disabled={busy}
          error={errors.acceptTerms}
          hint={
            <>
              Cancellation, refunds, transfers and what to bring: <Link to={paths.bookingTerms} target="_blank">read the booking terms</Link>{" "}
              (opens in a new tab).
            </>
          }
          onChange={(e) => {
            setAcceptTerms(e.target.checked);
            if (e.target.checked && errors.acceptTerms) setErrors(({ acceptTerms: _cleared, ...rest }) => rest);
          }}
        />
      </div>
      <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel="Loading..." disabled={disabled} className="checkout-form__submit">
        {submitLabel}
      </Button>
    </form>
  );
}
