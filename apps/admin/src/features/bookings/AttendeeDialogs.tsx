/**
 * The dialogs of one attendee's actions (issue 27): cancel their place (the seat is freed and offered
 * to the waiting list; their share, a chosen amount or nothing refunded), hand the place to another
 * person, or correct the name. Each makes its idempotency key when it opens (a retried click repeats
 * the same request); a failure stays in the dialog, success closes it and the page shows the result.
 */
import { useState } from "react";
import { CheckboxField, Modal, TextAreaField, TextField, cx } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { errorMessage } from "../../lib/errors";
import { newIdempotencyKey, useAttendeeAction } from "./api";
import { DialogError, DialogForm, type DoneHandler } from "./ActionDialogs";
import { parseRefundAmount } from "./amounts";
import { money } from "./format";

type Item = BookingDetail["items"][number];
type Attendee = Item["attendees"][number];
export type AttendeeAction = "cancel" | "swap" | "rename";

const fullName = (a: { first_name: string; last_name: string }) => `${a.first_name} ${a.last_name}`.trim();

/** This place's share of what the course line cost, never more than is left to refund. */
const shareOf = (booking: BookingDetail, item: Item) =>
  Math.min(Math.round((item.price_paid / Math.max(item.seats, 1)) * 100) / 100, booking.payment.refundable);

export function AttendeeCancelDialog({
  booking,
  item,
  attendee,
  onClose,
  onDone,
}: {
  booking: BookingDetail;
  item: Item;
  attendee: Attendee;
  onClose: () => void;
  onDone: DoneHandler;
}) {
  const refundable = booking.payment.refundable;
  const share = shareOf(booking, item);
  const [key] = useState(newIdempotencyKey);
  const [choice, setChoice] = useState<"full" | "amount" | "none">(share > 0 ? "full" : "none");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [notify, setNotify] = useState(true);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(attendee);
  const action = useAttendeeAction(booking.id, {
    onSuccess: (b) => {
      const back = b.payment.refunded - booking.payment.refunded;
      onDone(back > 0 ? `${name}'s place cancelled and ${money(back)} refunded` : `${name}'s place cancelled`, b);
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
    action.mutate({
      kind: "cancel",
      attendeeId: attendee.id,
      body: { refund: choice, amount: chosen, reason: reason.trim() || undefined, notify, idempotency_key: key },
    });
  }
  const close = () => {
    if (!action.isPending) onClose();
  };
  return (
    <Modal open onClose={close} title={`Cancel ${name}'s place?`} size="md">
      <DialogForm
        onSubmit={submit}
        onClose={close}
        busy={action.isPending}
        submitLabel="Cancel place"
        busyLabel="Cancelling..."
        danger
      >
        <p>
          {name} comes off {item.title} ({item.date_label}): the register, reminders and export. The place is freed at once and
          offered to the waiting list. The rest of the booking stays as it is.
        </p>
        <fieldset className="bk-choice">
          <legend>Refund</legend>
          <label className={cx("bk-radio", share <= 0 && "bk-radio--off")}>
            <input
              type="radio"
              name="attendee-refund"
              value="full"
              checked={choice === "full"}
              disabled={share <= 0}
              onChange={() => setChoice("full")}
            />
            <span>This place's share: {money(share)}</span>
          </label>
          <label className={cx("bk-radio", refundable <= 0 && "bk-radio--off")}>
            <input
              type="radio"
              name="attendee-refund"
              value="amount"
              checked={choice === "amount"}
              disabled={refundable <= 0}
              onChange={() => setChoice("amount")}
            />
            <span>Refund a chosen amount</span>
          </label>
          <label className="bk-radio">
            <input
              type="radio"
              name="attendee-refund"
              value="none"
              checked={choice === "none"}
              onChange={() => setChoice("none")}
            />
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
          label={`E-mail ${attendee.email ? `${name} and ` : ""}${booking.email} about the change`}
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
        />
        <DialogError error={error} />
      </DialogForm>
    </Modal>
  );
}

/** Swap (another person takes the place) or rename (the same person, name corrected). */
export function AttendeePersonDialog({
  booking,
  item,
  attendee,
  kind,
  onClose,
  onDone,
}: {
  booking: BookingDetail;
  item: Item;
  attendee: Attendee;
  kind: "swap" | "rename";
  onClose: () => void;
  onDone: DoneHandler;
}) {
  const [key] = useState(newIdempotencyKey);
  const swap = kind === "swap";
  const [first, setFirst] = useState(swap ? "" : attendee.first_name);
  const [last, setLast] = useState(swap ? "" : attendee.last_name);
  const [email, setEmail] = useState(swap ? "" : (attendee.email ?? ""));
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const name = fullName(attendee);
  const action = useAttendeeAction(booking.id, {
    onSuccess: (b) =>
      onDone(
        swap ? `${name}'s place now goes to ${first.trim()} ${last.trim()}` : `Renamed to ${first.trim()} ${last.trim()}`,
        b,
      ),
    onError: (e) => setError(errorMessage(e)),
  });
  function submit() {
    setError(null);
    if (!first.trim() || !last.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    action.mutate({
      kind,
      attendeeId: attendee.id,
      body: { first_name: first.trim(), last_name: last.trim(), email: email.trim(), notify, idempotency_key: key },
    });
  }
  const close = () => {
    if (!action.isPending) onClose();
  };
  return (
    <Modal open onClose={close} title={swap ? `Swap ${name} for another person` : `Rename ${name}`} size="md">
      <DialogForm
        onSubmit={submit}
        onClose={close}
        busy={action.isPending}
        submitLabel={swap ? "Swap attendee" : "Save name"}
        busyLabel="Saving..."
      >
        <p>
          {swap
            ? `The place on ${item.title} (${item.date_label}) is kept and goes to the new person, who gets their own learner form and joining mail. ${name}'s form and reminders are dropped.`
            : `The same person keeps the place, learner form and reminders; only the name changes.`}
        </p>
        <TextField
          label="First name"
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          error={missing && !first.trim() ? "First name is required" : undefined}
          autoFocus
        />
        <TextField
          label="Last name"
          value={last}
          onChange={(e) => setLast(e.target.value)}
          error={missing && !last.trim() ? "Last name is required" : undefined}
        />
        <TextField label="E-mail (optional)" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <CheckboxField
          label="E-mail the people concerned about the change"
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
        />
        <DialogError error={error} />
      </DialogForm>
    </Modal>
  );
}

export { fullName as attendeeFullName };
