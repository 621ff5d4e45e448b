import { BOOKING_STATUS_LABELS, REFUND_STATE_LABELS } from "@app/contract";
import type { BookingRow } from "@app/contract";

/**
 * A booking's state in one or two badges: its status, and what the office must not miss beside it
 * (money partly given back, an invoice still unpaid).
 */
export function BookingStatusBadge({ booking }: { booking: Pick<BookingRow, "status" | "refund_state" | "invoice_unpaid"> }) {
  const extra =
    booking.refund_state === "partly_refunded"
      ? REFUND_STATE_LABELS.partly_refunded
      : booking.invoice_unpaid && booking.status === "confirmed"
        ? "Invoice unpaid"
        : null;
  return (
    <span className="bk-badges">
      <span className={`bk-badge bk-badge--${booking.status}`}>{BOOKING_STATUS_LABELS[booking.status]}</span>
      {extra ? <span className="bk-badge bk-badge--note">{extra}</span> : null}
    </span>
  );
}
