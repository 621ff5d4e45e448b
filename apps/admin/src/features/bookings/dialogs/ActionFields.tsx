import { useState } from "react";
import { CheckboxField, TextAreaField, TextField, cx } from "@app/ui";
import { parseRefundAmount } from "../amounts";
import { money } from "../format";
import type { BookingAction } from "./useBookingAction";
import { DialogError } from "./DialogForm";

/** The reason (kept in the history), the e-mail choice and the failure: the end of every action dialog. */
export function ReasonNotifyError({
  action,
  notifyLabel,
  reason = true,
}: {
  action: BookingAction;
  notifyLabel: string;
  reason?: boolean;
}) {
  return (
    <>
      {reason ? (
        <TextAreaField
          label="Reason (optional, kept in the history)"
          rows={2}
          value={action.reason}
          maxLength={2000}
          onChange={(e) => action.setReason(e.target.value)}
        />
      ) : null}
      <CheckboxField label={notifyLabel} checked={action.notify} onChange={(e) => action.setNotify(e.target.checked)} />
      <DialogError error={action.error} />
    </>
  );
}

export type RefundChoice = "full" | "amount" | "none";

/** A typed refund amount and its error, read against what can still be refunded. */
export function useRefundAmount(refundable: number) {
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  /** The amount in pounds, or null after showing why it cannot be refunded. */
  function read(): number | null {
    const parsed = parseRefundAmount(amount, refundable);
    if ("error" in parsed) {
      setAmountError(parsed.error);
      return null;
    }
    setAmountError(null);
    return parsed.amount;
  }
  return { amount, setAmount, amountError, setAmountError, read, refundable };
}

export type RefundAmount = ReturnType<typeof useRefundAmount>;

export function RefundAmountField({ refund }: { refund: RefundAmount }) {
  return (
    <TextField
      label="Amount to refund (£)"
      hint={`At most ${money(refund.refundable)}`}
      inputMode="decimal"
      value={refund.amount}
      onChange={(e) => refund.setAmount(e.target.value)}
      error={refund.amountError ?? undefined}
      autoFocus
    />
  );
}

/** Full (or this place's share), a chosen amount or no refund; the amount field when one is chosen. */
export function RefundChoiceFields({
  name,
  fullLabel,
  fullAvailable,
  choice,
  onChoice,
  refund,
}: {
  name: string;
  fullLabel: string;
  fullAvailable: boolean;
  choice: RefundChoice;
  onChoice: (choice: RefundChoice) => void;
  refund: RefundAmount;
}) {
  const anyLeft = refund.refundable > 0;
  return (
    <>
      <fieldset className="bk-choice">
        <legend>Refund</legend>
        <label className={cx("bk-radio", !fullAvailable && "bk-radio--off")}>
          <input
            type="radio"
            name={name}
            value="full"
            checked={choice === "full"}
            disabled={!fullAvailable}
            onChange={() => onChoice("full")}
          />
          <span>{fullLabel}</span>
        </label>
        <label className={cx("bk-radio", !anyLeft && "bk-radio--off")}>
          <input
            type="radio"
            name={name}
            value="amount"
            checked={choice === "amount"}
            disabled={!anyLeft}
            onChange={() => onChoice("amount")}
          />
          <span>Refund a chosen amount</span>
        </label>
        <label className="bk-radio">
          <input type="radio" name={name} value="none" checked={choice === "none"} onChange={() => onChoice("none")} />
          <span>No refund</span>
        </label>
      </fieldset>
      {choice === "amount" ? <RefundAmountField refund={refund} /> : null}
    </>
  );
}
