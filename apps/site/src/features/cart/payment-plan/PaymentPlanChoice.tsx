import { useEffect, useState } from "react";
import { CheckboxField } from "@app/ui";
import { formatLongDate, formatPounds } from "@app/ui/format";
import { placesOf } from "../../../stores/cart";
import type { CartItem } from "../../../stores/cart";
import { fetchPaymentOffers } from "./api";
import type { PaymentOffer, PaymentOffers } from "./api";
import { FULL_PAYMENT_CHOICE } from "./choice";
import type { PaymentChoice } from "./choice";

export const SAVE_CARD_LABEL =
  "Keep my card on file and charge what is due automatically on its due date (you can pay by the link in your e-mail instead)";

function offerDetail(offer: PaymentOffer): string {
  if (offer.plan === "klarna") return `Pay ${formatPounds(offer.pay_today)} with Klarna; Klarna lets you spread the cost.`;
  if (offer.due_later <= 0) return `Pay ${formatPounds(offer.pay_today)} today.`;
  const when = offer.schedule.map((s) => `${formatPounds(s.amount)} by ${formatLongDate(s.due_on)}`).join(", ");
  return `Pay ${formatPounds(offer.pay_today)} today, then ${when}.`;
}

export interface PaymentPlanChoiceProps {
  items: readonly CartItem[];
  discountCode: string | null;
  value: PaymentChoice;
  onChange: (next: PaymentChoice) => void;
  disabled?: boolean;
}

/**
 * 'How would you like to pay?': shown when the cart is offered more than Full Payment (deposit,
 * Installment Plan, Klarna), with what is paid today, what is due and when, and the consent to
 * keep the card for what is due. The API prices the offers (never the browser).
 */
export function PaymentPlanChoice({ items, discountCode, value, onChange, disabled = false }: PaymentPlanChoiceProps) {
  const [offers, setOffers] = useState<PaymentOffers | null>(null);
  const key = JSON.stringify([
    items.map((i) => [i.id, i.selectedDateId, i.selectedAddons.map((a) => a.id), placesOf(i)]),
    discountCode,
  ]);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchPaymentOffers(items, discountCode, ctrl.signal).then(
      // Only a well-formed answer counts; anything else means full payment, as before.
      (answer) => setOffers(Array.isArray(answer?.offers) ? answer : null),
      () => setOffers(null), // no offers: the order is paid in full, as before
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the cart's lines and code
  }, [key]);

  const shown = offers && offers.offers.length > 1 ? offers.offers : null;
  const chosen = shown?.find((o) => o.plan === value.plan) ?? null;

  // An offer that went away (code applied, cart changed) falls back to full payment.
  useEffect(() => {
    if (!offers) return;
    const current = shown?.find((o) => o.plan === value.plan);
    if (!current) {
      if (value.plan !== "full" || value.payToday !== null) onChange(FULL_PAYMENT_CHOICE);
    } else if (current.pay_today !== value.payToday) onChange({ ...value, payToday: current.pay_today });
  }, [offers, shown, value, onChange]);

  if (!shown) return null;
  const later = chosen !== null && chosen.due_later > 0 && chosen.plan !== "klarna";
  // The deposit's terms only where something can be left to pay later (not with Klarna alone).
  const partOffered = shown.some((o) => o.due_later > 0 && o.plan !== "klarna");

  return (
    <fieldset className="payment-plan" aria-describedby={partOffered ? "payment-plan-terms" : undefined}>
      <legend className="payment-plan__legend">How would you like to pay?</legend>
      {shown.map((offer) => (
        <label key={offer.plan} className="payment-plan__option">
          <input
            type="radio"
            name="paymentPlan"
            value={offer.plan}
            checked={value.plan === offer.plan}
            disabled={disabled}
            onChange={() => onChange({ plan: offer.plan, saveCard: value.saveCard, payToday: offer.pay_today })}
          />
          <span className="payment-plan__text">
            <span className="payment-plan__label">{offer.label}</span>
            <span className="payment-plan__detail">{offerDetail(offer)}</span>
          </span>
        </label>
      ))}
      {later ? (
        <CheckboxField
          label={SAVE_CARD_LABEL}
          name="saveCard"
          checked={value.saveCard}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, saveCard: e.target.checked })}
        />
      ) : null}
      {partOffered ? (
        <p id="payment-plan-terms" className="payment-plan__terms">
          {offers?.deposit_terms}
        </p>
      ) : null}
    </fieldset>
  );
}
