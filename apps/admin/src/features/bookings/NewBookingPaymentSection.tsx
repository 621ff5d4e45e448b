/** The New booking form's payment: method, amount or deposit received, office notes and the confirmation mail. */
import { CheckboxField, TextAreaField, TextField } from "@app/ui";
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "@app/contract";
import { mayBeUnpaid } from "./manualBooking";
import { money } from "./format";
import type { NewBookingForm } from "./useNewBookingForm";

export function NewBookingPaymentSection({ form }: { form: NewBookingForm }) {
  const { draft, errors, change, edit, places, guide } = form;
  return (
    <section className="admin-card bk-section" aria-labelledby="bk-new-payment">
      <div className="admin-card__header">
        <h2 id="bk-new-payment" className="admin-card__title">
          Payment
        </h2>
      </div>
      <div className="admin-card__body">
        {guide !== null ? (
          <p>
            Price before any discount: <strong>{money(guide)}</strong> ({places} × course fee and add-ons)
          </p>
        ) : null}
        <fieldset className="bk-choice" aria-describedby={errors.payment_method ? "bk-pay-error" : undefined}>
          <legend>Payment method*</legend>
          {MANUAL_PAYMENT_METHODS.map((m) => (
            <label key={m} className="bk-radio">
              <input
                type="radio"
                name="payment_method"
                value={m}
                checked={draft.payment_method === m}
                aria-invalid={errors.payment_method ? true : undefined}
                onChange={() => {
                  edit("payment_method", m);
                  if (!mayBeUnpaid(m)) change("unpaid", false);
                }}
              />
              <span>{PAYMENT_METHOD_LABELS[m]}</span>
            </label>
          ))}
          {errors.payment_method ? (
            <p id="bk-pay-error" className="bk-field-error">
              {errors.payment_method}
            </p>
          ) : null}
        </fieldset>
        {mayBeUnpaid(draft.payment_method) ? (
          <CheckboxField label="Unpaid, invoice sent" checked={draft.unpaid} onChange={(e) => edit("unpaid", e.target.checked)} />
        ) : null}
        {draft.unpaid && mayBeUnpaid(draft.payment_method) ? null : (
          <>
            <TextField
              label={draft.part_payment ? "Deposit received (£)*" : "Amount received (£)*"}
              inputMode="decimal"
              value={draft.amount_received}
              onChange={(e) => edit("amount_received", e.target.value)}
              error={errors.amount_received}
            />
            <CheckboxField
              label="This is a deposit: the balance is due before the course"
              hint="The balance's due date follows the course's payment options; the customer gets the link to pay it."
              checked={draft.part_payment}
              onChange={(e) => edit("part_payment", e.target.checked)}
            />
          </>
        )}
        <TextAreaField
          label="Notes (office only)"
          rows={3}
          maxLength={2000}
          value={draft.notes}
          onChange={(e) => edit("notes", e.target.value)}
          error={errors.notes}
        />
        <CheckboxField
          label="Send the confirmation e-mail to the customer"
          checked={draft.notify}
          onChange={(e) => edit("notify", e.target.checked)}
        />
      </div>
    </section>
  );
}
