/**
 * /booking/{id}: everything about one booking on its own linkable page (issue 13), and the
 * office's actions on it. Each section has its own file (Booking*Section); this one lays them out
 * and opens the action dialogs.
 */
import { useState } from "react";
import { Ban, Banknote, FileText, Mail, Undo2 } from "lucide-react";
import { Button, Skeleton, buttonClassName, useToast } from "@app/ui";
import { PAYMENT_METHOD_LABELS } from "@app/contract";
import type { BookingDetail } from "@app/contract";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { RecordDetailStates, useRecordId } from "../../components/RecordDetail";
import { apiLink, useBooking } from "./api";
import { BookingStatusBadge } from "./StatusBadge";
import { DocumentsSection } from "./DocumentsSection";
import { CancelDialog, RecordPaymentDialog, RefundDialog, ResendDialog, TransferDialog, owedOn } from "./ActionDialogs";
import type { DoneHandler } from "./ActionDialogs";
import { AttendeeCancelDialog, AttendeePersonDialog, type AttendeeAction } from "./AttendeeDialogs";
import { BookingMoneySection } from "./BookingMoneySection";
import { BookingCoursesSection } from "./BookingCoursesSection";
import { BookingAmountsSection } from "./BookingAmountsSection";
import { BookingCustomerSection } from "./BookingCustomerSection";
import { BookingPaymentSection } from "./BookingPaymentSection";
import { BookingHistorySection, BookingMailsSection } from "./BookingTimelineSections";
import { BookingNotesSection } from "./BookingNotesSection";
import { stamp } from "./format";
import "./bookings.css";

type OpenDialog =
  | { kind: "cancel" }
  | { kind: "refund" }
  | { kind: "resend" }
  | { kind: "payment" }
  | { kind: "transfer"; itemId: number }
  | { kind: "attendee"; action: AttendeeAction; itemId: number; attendeeId: number }
  | null;

export default function BookingPage() {
  const { id, validId } = useRecordId();
  const query = useBooking(id, validId);
  usePageTitle(query.data ? `Booking ${query.data.booking_reference}` : "Booking");
  return (
    <RecordDetailStates
      query={query}
      validId={validId}
      breadcrumb={[
        { label: "Bookings", href: paths.enrolments },
        { label: query.data ? `Booking ${query.data.booking_reference}` : "Booking" },
      ]}
      notFoundTitle="Booking not found"
      listPath={paths.enrolments}
      backLabel="Back to Bookings"
      loadingLabel="Loading booking"
      skeleton={
        <div className="admin-card admin-card__body" aria-hidden="true">
          <Skeleton width="40%" height={32} />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} width="70%" height={20} />
          ))}
        </div>
      }
    >
      {(booking: BookingDetail) => <BookingView booking={booking} />}
    </RecordDetailStates>
  );
}

function BookingView({ booking }: { booking: BookingDetail }) {
  const toast = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [result, setResult] = useState<string | null>(null);
  const onDone: DoneHandler = (message) => {
    setDialog(null);
    setResult(message);
    toast.success(message);
  };
  const live = booking.status === "confirmed" || booking.status === "pending";
  const canRefund = booking.payment.refundable > 0;
  // Money still to come on an office booking (an invoice not yet paid, or paid in part).
  const canRecordPayment = booking.status === "confirmed" && booking.payment.provider === "manual" && owedOn(booking) > 0;
  // A balance after a deposit or instalments may arrive by bank transfer however the first part was paid.
  const canRecordBalance =
    booking.status === "confirmed" && booking.money.plan !== "full" && booking.money.plan !== "klarna" && owedOn(booking) > 0;

  return (
    <div className="bk-detail">
      <header className="bk-head">
        <div>
          <h1 className="admin-page__title bk-head__title">
            <span>
              Booking <span className="bk-head__ref">{booking.booking_reference}</span>
            </span>
            <BookingStatusBadge booking={booking} />
          </h1>
          <p className="bk-head__sub">
            {booking.customer_name} · booked {stamp(booking.booked_on)} · {PAYMENT_METHOD_LABELS[booking.payment.method]}
          </p>
        </div>
        <div className="bk-action-bar" role="group" aria-label="Actions">
          {live ? (
            <Button variant="danger" onClick={() => setDialog({ kind: "cancel" })}>
              <Ban size={18} aria-hidden="true" />
              Cancel and refund
            </Button>
          ) : null}
          {canRecordPayment ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: "payment" })}>
              <Banknote size={18} aria-hidden="true" />
              Record payment
            </Button>
          ) : null}
          {canRefund ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: "refund" })}>
              <Undo2 size={18} aria-hidden="true" />
              Refund
            </Button>
          ) : null}
          {booking.status === "confirmed" ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: "resend" })}>
              <Mail size={18} aria-hidden="true" />
              Resend confirmation
            </Button>
          ) : null}
          <a
            className={buttonClassName({ variant: "secondary" })}
            href={apiLink(booking.receipt_path)}
            target="_blank"
            rel="noopener"
          >
            <FileText size={18} aria-hidden="true" />
            Receipt PDF
          </a>
        </div>
      </header>

      <div role="status" aria-live="polite">
        {result ? <p className="bk-result bk-result--ok">{result}</p> : null}
      </div>

      <div className="bk-grid">
        <div className="bk-col">
          <BookingCoursesSection
            booking={booking}
            canTransfer={live}
            onTransfer={(itemId) => setDialog({ kind: "transfer", itemId })}
            onAttendee={
              booking.status === "confirmed"
                ? (action, itemId, attendeeId) => setDialog({ kind: "attendee", action, itemId, attendeeId })
                : undefined
            }
          />
          <BookingAmountsSection booking={booking} />
          <BookingMoneySection
            booking={booking}
            onRecordTransfer={canRecordBalance && !canRecordPayment ? () => setDialog({ kind: "payment" }) : undefined}
          />
          <BookingCustomerSection booking={booking} />
          <BookingHistorySection booking={booking} />
        </div>
        <div className="bk-col bk-col--side">
          <BookingPaymentSection booking={booking} />
          <DocumentsSection bookingId={booking.id} />
          <BookingNotesSection booking={booking} />
          <BookingMailsSection booking={booking} />
        </div>
      </div>

      {dialog?.kind === "cancel" ? <CancelDialog booking={booking} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === "refund" ? <RefundDialog booking={booking} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === "payment" ? (
        <RecordPaymentDialog booking={booking} onClose={() => setDialog(null)} onDone={onDone} />
      ) : null}
      {dialog?.kind === "resend" ? <ResendDialog booking={booking} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === "transfer" ? (
        <TransferDialog booking={booking} itemId={dialog.itemId} onClose={() => setDialog(null)} onDone={onDone} />
      ) : null}
      <AttendeeDialog booking={booking} dialog={dialog} onClose={() => setDialog(null)} onDone={onDone} />
    </div>
  );
}

/** The open single-attendee dialog (issue 27), if any. */
function AttendeeDialog({
  booking,
  dialog,
  onClose,
  onDone,
}: {
  booking: BookingDetail;
  dialog: OpenDialog;
  onClose: () => void;
  onDone: DoneHandler;
}) {
  if (dialog?.kind !== "attendee") return null;
  const item = booking.items.find((i) => i.id === dialog.itemId);
  const attendee = item?.attendees.find((a) => a.id === dialog.attendeeId);
  if (!item || !attendee) return null;
  return dialog.action === "cancel" ? (
    <AttendeeCancelDialog booking={booking} item={item} attendee={attendee} onClose={onClose} onDone={onDone} />
  ) : (
    <AttendeePersonDialog
      booking={booking}
      item={item}
      attendee={attendee}
      kind={dialog.action}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
