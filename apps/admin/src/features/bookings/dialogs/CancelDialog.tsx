import { useState } from "react";
import { Modal } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { useCancelBooking } from "../api";
import { money } from "../format";
import { DialogForm, type DoneHandler } from "./DialogForm";
import { ReasonNotifyError, RefundChoiceFields, useRefundAmount, type RefundChoice } from "./ActionFields";
import { closeUnless, useBookingAction } from "./useBookingAction";

/** Cancel a whole booking with a full, chosen or no refund; its places are freed at once. */
export function CancelDialog({ booking, onClose, onDone }: { booking: BookingDetail; onClose: () => void; onDone: DoneHandler }) {
  const refundable = booking.payment.refundable;
  const action = useBookingAction();
  const refund = useRefundAmount(refundable);
  const [choice, setChoice] = useState<RefundChoice>(refundable > 0 ? "full" : "none");
  const cancel = useCancelBooking(booking.id, {
    onSuccess: (b) => {
      const back = b.payment.refunded - booking.payment.refunded;
      onDone(back > 0 ? `Booking cancelled and ${money(back)} refunded` : "Booking cancelled", b);
    },
    onError: action.onError,
  });

  function submit() {
    action.setError(null);
    let chosen: number | undefined;
    if (choice === "amount") {
      const read = refund.read();
      if (read === null) return;
      chosen = read;
    } else refund.setAmountError(null);
    cancel.mutate({
      refund: choice,
      amount: chosen,
      reason: action.reasonText,
      notify: action.notify,
      idempotency_key: action.key,
    });
  }

  const close = closeUnless(cancel.isPending, onClose);
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
        <RefundChoiceFields
          name="refund"
          fullLabel={`Full refund: ${money(refundable)}`}
          fullAvailable={refundable > 0}
          choice={choice}
          onChoice={setChoice}
          refund={refund}
        />
        <ReasonNotifyError action={action} notifyLabel={`E-mail ${booking.email} that the booking is cancelled`} />
      </DialogForm>
    </Modal>
  );
}
