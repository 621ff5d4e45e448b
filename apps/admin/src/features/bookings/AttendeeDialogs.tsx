/**
 * The dialogs of one attendee's actions (attendee actions): cancel their place (the seat is freed and offered
 * to the waiting list; their share, a chosen amount or nothing refunded), hand the place to another
 * person, or correct the name. Each makes its idempotency key when it opens (a retried click repeats
 * the same request); a failure stays in the dialog, success closes it and the page shows the result.
 */
import { useState } from "react";
import { Modal, TextField } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { useAttendeeAction } from "./api";
import { DialogForm, type DoneHandler } from "./dialogs/DialogForm";
import { ReasonNotifyError, RefundChoiceFields, useRefundAmount, type RefundChoice } from "./dialogs/ActionFields";
import { closeUnless, useBookingAction } from "./dialogs/useBookingAction";
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
  const act = useBookingAction();
  const refund = useRefundAmount(refundable);
  const [choice, setChoice] = useState<RefundChoice>(share > 0 ? "full" : "none");
  const name = fullName(attendee);
  const action = useAttendeeAction(booking.id, {
    onSuccess: (b) => {
      const back = b.payment.refunded - booking.payment.refunded;
      onDone(back > 0 ? `${name}'s place cancelled and ${money(back)} refunded` : `${name}'s place cancelled`, b);
    },
    onError: act.onError,
  });

  function submit() {
    act.setError(null);
    let chosen: number | undefined;
    if (choice === "amount") {
      const read = refund.read();
      if (read === null) return;
      chosen = read;
    } else refund.setAmountError(null);
    action.mutate({
      kind: "cancel",
      attendeeId: attendee.id,
      body: { refund: choice, amount: chosen, reason: act.reasonText, notify: act.notify, idempotency_key: act.key },
    });
  }
  const close = closeUnless(action.isPending, onClose);
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
        <RefundChoiceFields
          name="attendee-refund"
          fullLabel={`This place's share: ${money(share)}`}
          fullAvailable={share > 0}
          choice={choice}
          onChoice={setChoice}
          refund={refund}
        />
        <ReasonNotifyError
          action={act}
          notifyLabel={`E-mail ${attendee.email ? `${name} and ` : ""}${booking.email} about the change`}
        />
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
  const act = useBookingAction();
  const swap = kind === "swap";
  const [first, setFirst] = useState(swap ? "" : attendee.first_name);
  const [last, setLast] = useState(swap ? "" : attendee.last_name);
  const [email, setEmail] = useState(swap ? "" : (attendee.email ?? ""));
  const [missing, setMissing] = useState(false);
  const name = fullName(attendee);
  const action = useAttendeeAction(booking.id, {
    onSuccess: (b) =>
      onDone(
        swap ? `${name}'s place now goes to ${first.trim()} ${last.trim()}` : `Renamed to ${first.trim()} ${last.trim()}`,
        b,
      ),
    onError: act.onError,
  });
  function submit() {
    act.setError(null);
    if (!first.trim() || !last.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    action.mutate({
      kind,
      attendeeId: attendee.id,
      body: {
        first_name: first.trim(),
        last_name: last.trim(),
        email: email.trim(),
        notify: act.notify,
        idempotency_key: act.key,
      },
    });
  }
  const close = closeUnless(action.isPending, onClose);
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
        <ReasonNotifyError action={act} notifyLabel="E-mail the people concerned about the change" reason={false} />
      </DialogForm>
    </Modal>
  );
}

export { fullName as attendeeFullName };
