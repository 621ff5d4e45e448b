import { useState } from "react";
import { Modal, SelectField, TextField } from "@app/ui";
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "@app/contract";
import type { BookingDetail, ManualPaymentMethod } from "@app/contract";
import { useRecordPayment } from "../api";
import { parsePaymentAmount } from "../amounts";
import { money } from "../format";
import { DialogError, DialogForm, type DoneHandler } from "./DialogForm";
import { closeUnless, useBookingAction } from "./useBookingAction";

/** What a booking still owes: its total less what was received. */
export function owedOn(booking: BookingDetail): number {
  return Math.max(0, Math.round((booking.total - (booking.payment.amount_paid ?? 0)) * 100) / 100);
}

/** A payment received later (bank transfer, cash, card in the office, ...), never above what is owed. */
export function RecordPaymentDialog({
  booking,
  onClose,
  onDone,
}: {
  booking: BookingDetail;
  onClose: () => void;
  onDone: DoneHandler;
}) {
  const owed = owedOn(booking);
  const action = useBookingAction();
  const [amount, setAmount] = useState(owed.toFixed(2));
  const current = booking.payment.method;
  const [method, setMethod] = useState<ManualPaymentMethod>(
    (MANUAL_PAYMENT_METHODS as readonly string[]).includes(current) ? (current as ManualPaymentMethod) : "bank_transfer",
  );
  const [amountError, setAmountError] = useState<string | null>(null);
  const record = useRecordPayment(booking.id, {
    onSuccess: (b) => onDone(`${money((b.payment.amount_paid ?? 0) - (booking.payment.amount_paid ?? 0))} received`, b),
    onError: action.onError,
  });

  function submit() {
    action.setError(null);
    const parsed = parsePaymentAmount(amount, owed);
    if ("error" in parsed) {
      setAmountError(parsed.error);
      return;
    }
    setAmountError(null);
    record.mutate({ amount: parsed.amount, payment_method: method, idempotency_key: action.key });
  }

  const close = closeUnless(record.isPending, onClose);
  return (
    <Modal open onClose={close} title={`Record a payment for ${booking.booking_reference}`} size="md">
      <DialogForm onSubmit={submit} onClose={close} busy={record.isPending} submitLabel="Record payment" busyLabel="Saving...">
        <p>
          Total {money(booking.total)}, received so far {money(booking.payment.amount_paid ?? 0)}: {money(owed)} still owed.
        </p>
        <TextField
          label="Amount received (£)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError ?? undefined}
          autoFocus
        />
        <SelectField
          label="Paid by"
          value={method}
          onChange={(e) => setMethod(e.target.value as ManualPaymentMethod)}
          options={MANUAL_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        />
        <DialogError error={action.error} />
      </DialogForm>
    </Modal>
  );
}
