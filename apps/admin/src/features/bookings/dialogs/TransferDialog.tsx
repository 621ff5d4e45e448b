import { useState } from "react";
import { Modal, Spinner, cx } from "@app/ui";
import type { BookingDetail } from "@app/contract";
import { errorMessage } from "../../../lib/errors";
import { useTransferBooking, useTransferOptions } from "../api";
import { courseDate } from "../format";
import { DialogError, DialogForm, type DoneHandler } from "./DialogForm";
import { ReasonNotifyError } from "./ActionFields";
import { closeUnless, useBookingAction } from "./useBookingAction";

/** Move one course of a booking to another date of the same course; the customer gets the new dates. */
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
  const action = useBookingAction();
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const transfer = useTransferBooking(booking.id, {
    onSuccess: (b) => {
      const moved = b.items.find((i) => i.id === itemId);
      onDone(moved ? `Moved to ${courseDate(moved.start_date, moved.end_date)}` : "Booking transferred", b);
    },
    onError: (e) => {
      action.onError(e);
      // Places may have gone meanwhile: show the dates as they are now.
      void options.refetch();
    },
  });
  const dates = (options.data ?? []).filter((o) => o.item_id === itemId);

  function submit() {
    action.setError(null);
    if (dateId === null) {
      setChoiceError("Choose a date");
      return;
    }
    setChoiceError(null);
    transfer.mutate({ item_id: itemId, course_date_id: dateId, notify: action.notify, reason: action.reasonText });
  }

  const close = closeUnless(transfer.isPending, onClose);
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
        <ReasonNotifyError action={action} notifyLabel={`E-mail ${booking.email} the new dates`} />
      </DialogForm>
    </Modal>
  );
}
