import type { PaymentOptionsInput } from "@app/contract";
import { CheckboxField, SelectField, TextField } from "@app/ui";
import { ApiError } from "../../lib/errors";

/** The form's values: numbers as typed, so a half-typed value is kept until it is saved. */
export type PaymentOptionsDraft = Omit<PaymentOptionsInput, "deposit_value" | "balance_due_days" | "overdue_release_days"> & {
  deposit_value: string;
  balance_due_days: string;
  overdue_release_days: string;
};

export type PaymentOptionsErrors = Partial<Record<keyof PaymentOptionsInput, string>>;

export const toDraft = (o: PaymentOptionsInput): PaymentOptionsDraft => ({
  ...o,
  deposit_value: String(o.deposit_value),
  balance_due_days: String(o.balance_due_days),
  overdue_release_days: String(o.overdue_release_days),
});

/** An empty or unreadable number is sent as typed, so the API refuses it with its own words. */
const num = (s: string) => (s.trim() === "" || Number.isNaN(Number(s)) ? (s as unknown as number) : Number(s));

export const fromDraft = (d: PaymentOptionsDraft): PaymentOptionsInput => ({
  ...d,
  deposit_value: num(d.deposit_value),
  balance_due_days: num(d.balance_due_days),
  overdue_release_days: num(d.overdue_release_days),
});

/** The API's 400 issues, one message per field. */
export function optionErrors(e: unknown): PaymentOptionsErrors {
  const errors: PaymentOptionsErrors = {};
  if (!(e instanceof ApiError)) return errors;
  for (const issue of e.body.issues ?? []) {
    const key = issue.path.split(".").at(-1) as keyof PaymentOptionsInput;
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/**
 * The payment options as the office edits them (site-wide or a course's own): the deposit per
 * place, when the balance is due, instalments and Klarna, and what happens to an unpaid place.
 */
export function PaymentOptionsFields({
  idPrefix,
  value,
  errors,
  disabled = false,
  onChange,
}: {
  idPrefix: string;
  value: PaymentOptionsDraft;
  errors: PaymentOptionsErrors;
  disabled?: boolean;
  onChange: (next: PaymentOptionsDraft) => void;
}) {
  const set = <K extends keyof PaymentOptionsDraft>(k: K, v: PaymentOptionsDraft[K]) => onChange({ ...value, [k]: v });
  const id = (s: string) => `${idPrefix}-${s}`;
  return (
    <div className="pay-options">
      <CheckboxField
        id={id("deposit")}
        label="Customers can pay a deposit and the balance later"
        checked={value.deposit_enabled}
        disabled={disabled}
        onChange={(e) => set("deposit_enabled", e.target.checked)}
      />
      <SelectField
        id={id("kind")}
        label="Deposit per place"
        value={value.deposit_kind}
        disabled={disabled}
        onChange={(e) => set("deposit_kind", e.target.value === "percent" ? "percent" : "fixed")}
      >
        <option value="fixed">A fixed sum (£)</option>
        <option value="percent">A percentage of the price</option>
      </SelectField>
      <TextField
        id={id("value")}
        label={value.deposit_kind === "percent" ? "Deposit (% of each place's price)" : "Deposit (£ per place)"}
        inputMode="decimal"
        value={value.deposit_value}
        error={errors.deposit_value}
        disabled={disabled}
        onChange={(e) => set("deposit_value", e.target.value)}
      />
      <TextField
        id={id("due")}
        label="Balance due (days before the first day)"
        inputMode="numeric"
        hint="Bookings made within this window pay in full."
        value={value.balance_due_days}
        error={errors.balance_due_days}
        disabled={disabled}
        onChange={(e) => set("balance_due_days", e.target.value)}
      />
      <CheckboxField
        id={id("instalments")}
        label="Offer our instalment plan (deposit, then 2–3 charges of the saved card)"
        checked={value.instalments_enabled}
        disabled={disabled}
        onChange={(e) => set("instalments_enabled", e.target.checked)}
      />
      <CheckboxField
        id={id("klarna")}
        label="Offer Klarna (we are paid in full at once)"
        checked={value.klarna_enabled}
        disabled={disabled}
        onChange={(e) => set("klarna_enabled", e.target.checked)}
      />
      <SelectField
        id={id("overdue")}
        label="When a balance is overdue"
        value={value.overdue_action}
        disabled={disabled}
        onChange={(e) => set("overdue_action", e.target.value === "release" ? "release" : "keep")}
      >
        <option value="keep">Keep the place (we chase by hand)</option>
        <option value="release">Release the place after some days</option>
      </SelectField>
      {value.overdue_action === "release" ? (
        <TextField
          id={id("release")}
          label="Release an unpaid place after (days overdue)"
          inputMode="numeric"
          value={value.overdue_release_days}
          error={errors.overdue_release_days}
          disabled={disabled}
          onChange={(e) => set("overdue_release_days", e.target.value)}
        />
      ) : null}
      <CheckboxField
        id={id("hold")}
        label="Hold results and certificates until paid in full"
        checked={value.hold_results_until_paid}
        disabled={disabled}
        onChange={(e) => set("hold_results_until_paid", e.target.checked)}
      />
    </div>
  );
}
