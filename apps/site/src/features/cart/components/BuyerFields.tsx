import { COUNTRIES, STATES } from "@app/contract/order-facts";
import { SelectField, TextAreaField, TextField } from "@app/ui";
import type { ChangeEvent } from "react";
import type { CheckoutFieldName } from "../checkout-values";

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));
/** What a buyer field takes from the form: its name, value, error and change handler. */
export type BindField = (name: CheckoutFieldName) => {
  name: CheckoutFieldName;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
};

/** The checkout's billing fields (spec §3), in the order of CHECKOUT_FIELD_ORDER. */
export function BuyerFields({ bind }: { bind: BindField }) {
  return (
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
  );
}
