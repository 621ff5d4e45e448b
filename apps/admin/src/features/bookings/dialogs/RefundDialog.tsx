import { Modal } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { useRefundBooking } from "../api";
import { money } from "../format";
import { DialogForm, type DoneHandler } from "./DialogForm";
import { ReasonNotifyError, RefundAmountField, useRefundAmount } from "./ActionFields";
import { closeUnless, useBookingAction } from "./useBookingAction";

/** Refund part of a booking without cancelling it. */
export function RefundDialog({ booking, onClose, onDone }: { booking: BookingDetail; onClose: () => void; onDone: DoneHandler }) {
  const refundable = booking.payment.refundable;
  const action = useBookingAction();
  const amount = useRefundAmount(refundable);
  const refund = useRefundBooking(booking.id, {
    onSuccess: (b) => onDone(`${money(b.payment.refunded - booking.payment.refunded)} refunded`, b),
    onError: action.onError,
  });

  function submit() {
    action.setError(null);
    const chosen = amount.read();
    if (chosen === null) return;
    refund.mutate({ amount: chosen, reason: action.reasonText, notify: action.notify, idempotency_key: action.key });
  }

  const close = closeUnless(refund.isPending, onClose);
  return (
    <Modal open onClose={close} title={`Refund part of ${booking.booking_reference}`} size="md">
      <DialogForm onSubmit={submit} onClose={close} busy={refund.isPending} submitLabel="Refund" busyLabel="Refunding...">
        <p>The booking stays confirmed. Up to {money(refundable)} can be refunded.</p>
        <RefundAmountField refund={amount} />
        <ReasonNotifyError action={action} notifyLabel={`E-mail ${booking.email} about the refund`} />
      </DialogForm>
    </Modal>
  );
}
