/**
 * The confirmation dialogs of a booking's actions: cancel (with a full, chosen or no refund),
 * refund without cancelling, transfer to another date of the same course, resend the confirmation.
 * Each dialog makes its idempotency key when it opens, so pressing its button again after a lost
 * answer repeats the same request instead of refunding twice. A failure stays in the dialog (with
 * the server's words); success closes it and the page shows what happened.
 */
import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { Button, CheckboxField, Modal, SelectField, Spinner, TextAreaField, TextField, cx } from "@app/ui";
import { MANUAL_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "@app/contract";
import type { BookingDetail, ManualPaymentMethod } from "@app/contract";
import { errorMessage } from "../../lib/errors";
import {
  newIdempotencyKey,
  useCancelBooking,
  useRecordPayment,
  useRefundBooking,
  useResendConfirmation,
  useTransferBooking,
  useTransferOptions,
} from "./api";
import { parsePaymentAmount, parseRefundAmount } from "./amounts";
import { courseDate, money } from "./format";

export type DoneHandler = (message: string, booking: BookingDetail) => void;

export function DialogError({ error }: { error: string | null }) {
  return error ? (
    <p className="bk-result bk-result--error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The form inside a Modal: Cancel and a submit button in the footer's place, so Enter submits. */
export function DialogForm({
  onSubmit,
  onClose,
  busy,
  submitLabel,
  busyLabel,
  danger,
  children,
  disabled,
}: {
  onSubmit: () => void;
  onClose: () => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <form className="bk-dialog" onSubmit={submit} noValidate>
      {children}
      <div className="bk-form__actions">
        <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant={danger ? "danger" : "primary"} loading={busy} loadingLabel={busyLabel} disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

// ------------------------------------------------------------------ cancel and refund

type RefundChoice = "full" | "amount" | "none";

export function CancelDialog({ booking, onClose, onDone }: { booking: BookingDetail; onClose: () => void; onDone: DoneHandler }) {
  const refundable = booking.payment.refundable;
  const [key] = useState(newIdempotencyKey);
  const [choice, setChoice] = useState<RefundChoice>(refundable > 0 ? "full" : "none");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [notify, setNotify] = useState(true);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelBooking(booking.id, {
    onSuccess: (b) => {
      const back = b.payment.refunded - booking.payment.refunded;
      onDone(back > 0 ? `Booking cancelled and ${money(back)} refunded` : "Booking cancelled", b);
    },
    onError: (e) => setError(errorMessage(e)),
  });

  function submit() {
    setError(null);
    let chosen: number | undefined;
    if (choice === "amount") {
      const parsed = parseRefundAmount(amount, refundable);
      if ("error" in parsed) {
        setAmountError(parsed.error);
        return;
      }
      chosen = parsed.amount;
    }
    setAmountError(null);
    cancel.mutate({ refund: choice, amount: chosen, reason: reason.trim() || undefined, notify, idempotency_key: key });
  }

  const close = () => {
    if (!cancel.isPending) onClose();
  };
  return (
    <Modal open onClose={close} title={`Cancel booking ${booking.booking_reference}?`} size="md">
      <DialogForm
        onSubmit={submit}
        onClose={close}
        busy={cancel.isPending}
        submitLabel="Cancel booking"
        busyLabel="Cancelling..."
        danger
      >
        <p>
          The places are freed at once. {booking.customer_name} paid {money(booking.payment.amount_paid ?? 0)}
          {booking.payment.refunded > 0 ? `, ${money(booking.payment.refunded)} already refunded` : ""}.
        </p>
        <fieldset className="bk-choice">
          <legend>Refund</legend>
          <label className={cx("bk-radio", refundable <= 0 && "bk-radio--off")}>
            <input
              type="radio"
              name="refund"
              value="full"
              checked={choice === "full"}
              disabled={refundable <= 0}
              onChange={() => setChoice("full")}
            />
            <span>Full refund: {money(refundable)}</span>
          </label>
          <label className={cx("bk-radio", refundable <= 0 && "bk-radio--off")}>
            <input
              type="radio"
              name="refund"
              value="amount"
              checked={choice === "amount"}
              disabled={refundable <= 0}
              onChange={() => setChoice("amount")}
            />
            <span>Refund a chosen amount</span>
          </label>
          <label className="bk-radio">
            <input type="radio" name="refund" value="none" checked={choice === "none"} onChange={() => setChoice("none")} />
            <span>No refund</span>
          </label>
        </fieldset>
        {choice === "amount" ? (
          <TextField
            label="Amount to refund (£)"
            hint={`At most ${money(refundable)}`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={amountError ?? undefined}
            autoFocus
          />
        ) : null}
        <TextAreaField
          label="Reason (optional, kept in the history)"
          rows={2}
          value={reason}
          maxLength={2000}
          onChange={(e) => setReason(e.target.value)}
        />
        <CheckboxField
          label={`E-mail ${booking.email} that the booking is cancelled`}
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
        />
        <DialogError error={error} />
      </DialogForm>
    </Modal>
  );
}

// ------------------------------------------------------------------ refund without cancelling

export function RefundDialog({ booking, onClose, onDone }: { booking: BookingDetail; onClose: () => void; onDone: DoneHandler }) {
  const refundable = booking.payment.refundable;
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [notify, setNotify] = useState(true);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundBooking(booking.id, {
    onSuccess: (b) => onDone(`${money(b.payment.refunded - booking.payment.refunded)} refunded`, b),
    onError: (e) => setError(errorMessage(e)),
  });

  function submit() {
    setError(null);
    const parsed = parseRefundAmount(amount, refundable);
    if ("error" in parsed) {
      setAmountError(parsed.error);
      return;
    }
    setAmountError(null);
    refund.mutate({ amount: parsed.amount, reason: reason.trim() || undefined, notify, idempotency_key: key });
  }

  const close = () => {
    if (!refund.isPending) onClose();
  };
  return (
    <Modal open onClose={close} title={`Refund part of ${booking.booking_reference}`} size="md">
      <DialogForm onSubmit={submit} onClose={close} busy={refund.isPending} submitLabel="Refund" busyLabel="Refunding...">
        <p>The booking stays confirmed. Up to {money(refundable)} can be refunded.</p>
        <TextField
          label="Amount to refund (£)"
          hint={`At most ${money(refundable)}`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError ?? undefined}
          autoFocus
        />
        <TextAreaField
          label="Reason (optional, kept in the history)"
          rows={2}
          value={reason}
          maxLength={2000}
          onChange={(e) => setReason(e.target.value)}
        />
        <CheckboxField
          label={`E-mail ${booking.email} about the refund`}
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
        />
        <DialogError error={error} />
      </DialogForm>
    </Modal>
  );
}

// ------------------------------------------------------------------ transfer

export function TransferDialog({
  booking,
  itemId,
  onClose,
  onDone,
}: {
  booking: BookingDetail;
  itemId: number;
  onClose: () => void;
  onDone: DoneHandler;
}) {
  const item = booking.items.find((i) => i.id === itemId);
  const options = useTransferOptions(booking.id, true);
  const [dateId, setDateId] = useState<number | null>(null);
  const [notify, setNotify] = useState(true);
  const [reason, setReason] = useState("");
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const transfer = useTransferBooking(booking.id, {
    onSuccess: (b) => {
      const moved = b.items.find((i) => i.id === itemId);
      onDone(moved ? `Moved to ${courseDate(moved.start_date, moved.end_date)}` : "Booking transferred", b);
    },
    onError: (e) => {
      setError(errorMessage(e));
      // Places may have gone meanwhile: show the dates as they are now.
      void options.refetch();
    },
  });
  const dates = (options.data ?? []).filter((o) => o.item_id === itemId);

  function submit() {
    setError(null);
    if (dateId === null) {
      setChoiceError("Choose a date");
      return;
    }
    setChoiceError(null);
    transfer.mutate({ item_id: itemId, course_date_id: dateId, notify, reason: reason.trim() || undefined });
  }

  const close = () => {
    if (!transfer.isPending) onClose();
  };
  const seats = item?.seats ?? 1;
  return (
    <Modal open onClose={close} title={`Transfer ${item?.title ?? "course"} to another date`} size="md">
      <DialogForm
        onSubmit={submit}
        onClose={close}
        busy={transfer.isPending}
        submitLabel="Transfer"
        busyLabel="Transferring..."
        disabled={options.isPending}
      >
        <p>
          Now on {item ? courseDate(item.start_date, item.end_date) : "—"}, {seats === 1 ? "1 place" : `${seats} places`}. The
          customer is sent the new dates with a new calendar file.
        </p>
        {options.isPending ? (
          <Spinner label="Loading the course's dates" />
        ) : options.isError ? (
          <DialogError error={errorMessage(options.error)} />
        ) : dates.filter((d) => !d.current).length === 0 ? (
          <p>This course has no other upcoming dates.</p>
        ) : (
          <fieldset className="bk-choice" aria-describedby={choiceError ? "bk-transfer-error" : undefined}>
            <legend>New date</legend>
            {dates.map((d) => {
              const off = d.current || !d.fits;
              const left = d.places_left === 1 ? "1 place left" : `${d.places_left} places left`;
              return (
                <label key={d.course_date_id} className={cx("bk-radio", off && "bk-radio--off")}>
                  <input
                    type="radio"
                    name="date"
                    value={d.course_date_id}
                    checked={dateId === d.course_date_id}
                    disabled={off}
                    onChange={() => setDateId(d.course_date_id)}
                  />
                  <span>
                    {courseDate(d.start_date, d.end_date)} · {d.current ? "current date" : d.fits ? left : `${left}, not enough`}
                  </span>
                </label>
              );
            })}
            {choiceError ? (
              <p id="bk-transfer-error" className="bk-field-error">
                {choiceError}
              </p>
            ) : null}
          </fieldset>
        )}
        <TextAreaField
          label="Reason (optional, kept in the history)"
          rows={2}
          value={reason}
          maxLength={2000}
          onChange={(e) => setReason(e.target.value)}
        />
        <CheckboxField
          label={`E-mail ${booking.email} the new dates`}
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
        />
        <DialogError error={error} />
      </DialogForm>
    </Modal>
  );
}

// ------------------------------------------------------------------ resend confirmation

export function ResendDialog({ booking, onClose, onDone }: { booking: BookingDetail; onClose: () => void; onDone: DoneHandler }) {
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const resend = useResendConfirmation(booking.id, {
    onSuccess: (b) => onDone(`Confirmation sent again to ${b.email}`, b),
    onError: (e) => setError(errorMessage(e)),
  });
  const close = () => {
    if (!resend.isPending) onClose();
  };
  return (
    <Modal open onClose={close} title="Resend the confirmation?" size="sm">
      <DialogForm
        onSubmit={() => {
          setError(null);
          resend.mutate(key);
        }}
        onClose={close}
        busy={resend.isPending}
        submitLabel="Resend confirmation"
        busyLabel="Sending..."
      >
        <p>
          {booking.customer_name} ({booking.email}) is sent the booking confirmation again, with the calendar file and the receipt
          link.
        </p>
        <DialogError error={error} />
      </DialogForm>
    </Modal>
  );
}

// ------------------------------------------------------------------ payment received later

/** What a booking still owes: its total less what was received. */
export function owedOn(booking: BookingDetail): number {
  return Math.max(0, Math.round((booking.total - (booking.payment.amount_paid ?? 0)) * 100) / 100);
}

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
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState(owed.toFixed(2));
  const current = booking.payment.method;
  const [method, setMethod] = useState<ManualPaymentMethod>(
    (MANUAL_PAYMENT_METHODS as readonly string[]).includes(current) ? (current as ManualPaymentMethod) : "bank_transfer",
  );
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const record = useRecordPayment(booking.id, {
    onSuccess: (b) => onDone(`${money((b.payment.amount_paid ?? 0) - (booking.payment.amount_paid ?? 0))} received`, b),
    onError: (e) => setError(errorMessage(e)),
  });

  function submit() {
    setError(null);
    const parsed = parsePaymentAmount(amount, owed);
    if ("error" in parsed) {
      setAmountError(parsed.error);
      return;
    }
    setAmountError(null);
    record.mutate({ amount: parsed.amount, payment_method: method, idempotency_key: key });
  }

  const close = () => {
    if (!record.isPending) onClose();
  };
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
        <DialogError error={error} />
      </DialogForm>
    </Modal>
  );
}
