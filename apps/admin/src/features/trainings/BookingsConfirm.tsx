/**
 * The confirmation before unpublishing or deleting a course with bookings (attendee changes, decision
 * 336): the API answers 409 naming the bookings; this dialog lists them and sends the change again
 * with the office's confirmation.
 */
import { useState } from "react";
import type { CourseHasBookings } from "@app/contract";
import { ConfirmDialog } from "@app/ui";
import { formatDateRange } from "@app/rules";
import { ApiError } from "../../lib/errors";

type Pending = { action: string; bookings: CourseHasBookings["bookings"]; run: () => void };

/** The bookings of a 409 'course has bookings' answer, or null for any other error. */
export function bookingsOf(error: unknown): CourseHasBookings["bookings"] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const bookings = (error.body as { bookings?: CourseHasBookings["bookings"] }).bookings;
  return Array.isArray(bookings) && bookings.length ? bookings : null;
}

export function useBookingsConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  /** Opens the dialog when `error` is the API's 'has bookings' answer; true when it did. */
  const ask = (error: unknown, action: string, run: () => void) => {
    const bookings = bookingsOf(error);
    if (bookings) setPending({ action, bookings, run });
    return bookings !== null;
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? `${pending.action} a course with bookings` : ""}
      message={
        pending ? (
          <>
            <p>
              {pending.bookings.length === 1 ? "This booking is" : `These ${pending.bookings.length} bookings are`} on dates not
              yet over. They stay booked, and their pages and mails keep working.
            </p>
            <ul className="tr-bookings">
              {pending.bookings.map((b) => (
                <li key={b.booking_reference}>
                  <strong>{b.booking_reference}</strong> {b.customer_name}
                  {b.start_date ? `, ${formatDateRange(b.start_date, b.start_date)}` : ""}
                  {`, ${b.places} place${b.places === 1 ? "" : "s"}`}
                </li>
              ))}
            </ul>
          </>
        ) : null
      }
      confirmLabel={pending ? `${pending.action} anyway` : "Confirm"}
      danger
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const run = pending?.run;
        setPending(null);
        run?.();
      }}
    />
  );
  return { ask, dialog };
}
