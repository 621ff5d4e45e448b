import { Modal } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { useResendConfirmation } from "../api";
import { DialogError, DialogForm, type DoneHandler } from "./DialogForm";
import { closeUnless, useBookingAction } from "./useBookingAction";

/** Send the booking confirmation again, with the calendar file and the receipt link. */
export function ResendDialog({ booking, onClose, onDone }: { booking: BookingDetail; onClose: () => void; onDone: DoneHandler }) {
  const action = useBookingAction();
  const resend = useResendConfirmation(booking.id, {
    onSuccess: (b) => onDone(`Confirmation sent again to ${b.email}`, b),
    onError: action.onError,
  });
  const close = closeUnless(resend.isPending, onClose);
  return (
    <Modal open onClose={close} title="Resend the confirmation?" size="sm">
      <DialogForm
        onSubmit={() => {
          action.setError(null);
          resend.mutate(action.key);
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
        <DialogError error={action.error} />
      </DialogForm>
    </Modal>
  );
}
