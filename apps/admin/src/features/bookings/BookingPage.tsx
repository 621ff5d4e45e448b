/**
 * /booking/{id}: everything about one booking on its own linkable page (issue 13), and the
 * office's actions on it. Longer than 300 lines on purpose: it is one screen of read-only
 * sections, each a few lines, and splitting them across files would only scatter the layout.
 */
import { useState } from "react";
import type { FormEvent } from "react";
import { Link } from "react-router-dom";
import { ArrowLeftRight, Ban, Banknote, FileText, Mail, PenLine, Printer, Undo2, UserRoundPen, UserX } from "lucide-react";
import { Button, Skeleton, TextAreaField, buttonClassName, useToast } from "@app/ui";
import { PAYMENT_METHOD_LABELS } from "@app/contract";
import type { BookingDetail } from "@app/contract";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import { Fact } from "../../components/Fact";
import { RecordDetailStates, useRecordId } from "../../components/RecordDetail";
import { apiLink, newIdempotencyKey, useAddNote, useBooking } from "./api";
import { BookingStatusBadge } from "./StatusBadge";
import { DocumentsSection } from "./DocumentsSection";
import { CancelDialog, RecordPaymentDialog, RefundDialog, ResendDialog, TransferDialog, owedOn } from "./ActionDialogs";
import type { DoneHandler } from "./ActionDialogs";
import { AttendeeCancelDialog, AttendeePersonDialog, type AttendeeAction } from "./AttendeeDialogs";
import { BookingMoneySection } from "./BookingMoneySection";
import { BookingSection as Section } from "./BookingSection";
import { courseDate, money, stamp } from "./format";
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
          <Courses
            booking={booking}
            canTransfer={live}
            onTransfer={(itemId) => setDialog({ kind: "transfer", itemId })}
            onAttendee={
              booking.status === "confirmed"
                ? (action, itemId, attendeeId) => setDialog({ kind: "attendee", action, itemId, attendeeId })
                : undefined
            }
          />
          <Amounts booking={booking} />
          <BookingMoneySection
            booking={booking}
            onRecordTransfer={canRecordBalance && !canRecordPayment ? () => setDialog({ kind: "payment" }) : undefined}
          />
          <Customer booking={booking} />
          <History booking={booking} />
        </div>
        <div className="bk-col bk-col--side">
          <Payment booking={booking} />
          <DocumentsSection bookingId={booking.id} />
          <Notes booking={booking} />
          <Mails booking={booking} />
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

function Courses({
  booking,
  canTransfer,
  onTransfer,
  onAttendee,
}: {
  booking: BookingDetail;
  canTransfer: boolean;
  onTransfer: (itemId: number) => void;
  onAttendee?: (kind: AttendeeAction, itemId: number, attendeeId: number) => void;
}) {
  return (
    <Section id="bk-courses" title={`Courses and dates (${booking.items.length})`}>
      <ul className="bk-items">
        {booking.items.map((item) => (
          <li key={item.id} className="bk-item">
            <div className="bk-item__head">
              <h3 className="bk-item__title">{item.title}</h3>
              <span className="bk-item__price">{money(item.price_paid)}</span>
            </div>
            <ul className="bk-item__meta">
              <li>{courseDate(item.start_date, item.end_date)}</li>
              {item.time ? <li>{item.time}</li> : null}
              {item.duration ? <li>{item.duration}</li> : null}
              <li>{item.seats === 1 ? "1 place" : `${item.seats} places`}</li>
              {item.original_price !== item.price_paid ? <li>Before discount {money(item.original_price)}</li> : null}
            </ul>
            {item.add_ons.length > 0 ? (
              <p>
                <strong>Add-ons:</strong> {item.add_ons.map((a) => `${a.name} (${money(a.price)})`).join(", ")}
              </p>
            ) : (
              <p className="ui-muted">No add-ons</p>
            )}
            <div>
              <h4 className="content-fact-label">Attendees</h4>
              <ol className="bk-item__attendees">
                {item.attendees.map((a) => (
                  <li key={a.id} className="bk-attendee">
                    <span>
                      {a.first_name} {a.last_name}
                      {a.email ? <span className="ui-muted"> · {a.email}</span> : null}
                      {a.learner_form && a.learner_form !== "none" ? (
                        <span className="ui-muted">
                          {" "}
                          · {a.learner_form === "complete" ? "Learner form complete" : "Learner form to fill in"}
                        </span>
                      ) : null}
                    </span>
                    {onAttendee ? (
                      <span
                        className="bk-attendee__actions"
                        role="group"
                        aria-label={`Actions for ${a.first_name} ${a.last_name}`}
                      >
                        <Button variant="ghost" size="sm" onClick={() => onAttendee("rename", item.id, a.id)}>
                          <PenLine size={16} aria-hidden="true" />
                          Rename
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => onAttendee("swap", item.id, a.id)}>
                          <UserRoundPen size={16} aria-hidden="true" />
                          Swap
                        </Button>
                        {item.seats > 1 ? (
                          <Button variant="ghost" size="sm" onClick={() => onAttendee("cancel", item.id, a.id)}>
                            <UserX size={16} aria-hidden="true" />
                            Cancel place
                          </Button>
                        ) : null}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </div>
            <div className="bk-item__links">
              {canTransfer && item.course_date_id !== null ? (
                <Button variant="secondary" size="sm" onClick={() => onTransfer(item.id)}>
                  <ArrowLeftRight size={16} aria-hidden="true" />
                  Transfer to another date
                </Button>
              ) : null}
              {item.course_date_id !== null ? (
                <Link className={buttonClassName({ variant: "ghost", size: "sm" })} to={paths.register(item.course_date_id)}>
                  <Printer size={16} aria-hidden="true" />
                  Register for this date
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Amounts({ booking }: { booking: BookingDetail }) {
  const p = booking.payment;
  return (
    <Section id="bk-amounts" title="Amounts">
      <ul className="bk-lines">
        <li>
          <span>Subtotal</span>
          <span>{money(booking.subtotal)}</span>
        </li>
        {booking.discount ? (
          <li>
            <span>
              Discount <span className="bk-mono">{booking.discount.code}</span>
              {booking.discount.percent_off !== null
                ? ` (${booking.discount.percent_off}%)`
                : booking.discount.amount_off
                  ? ` (${money(booking.discount.amount_off)} off)`
                  : ""}
            </span>
            <span>−{money(booking.discount.amount)}</span>
          </li>
        ) : null}
        <li className="bk-lines__total">
          <span>Total</span>
          <span>{money(booking.total)}</span>
        </li>
        <li>
          <span>Paid</span>
          <span>{p.invoice_unpaid ? "Unpaid, invoice sent" : money(p.amount_paid)}</span>
        </li>
        {p.refunded > 0 ? (
          <li>
            <span>Refunded</span>
            <span>−{money(p.refunded)}</span>
          </li>
        ) : null}
        {booking.status === "confirmed" && p.provider === "manual" && owedOn(booking) > 0 ? (
          <li>
            <span>Still owed</span>
            <span>{money(owedOn(booking))}</span>
          </li>
        ) : null}
        {(p.amount_paid ?? 0) > 0 ? (
          <li>
            <span>Left to refund</span>
            <span>{money(p.refundable)}</span>
          </li>
        ) : null}
      </ul>
    </Section>
  );
}

function Customer({ booking }: { booking: BookingDetail }) {
  const address = [booking.street_address, booking.town_city, booking.state, booking.country].filter(Boolean).join(", ");
  return (
    <Section id="bk-customer" title="Customer">
      <dl className="admin-details">
        <Fact label="Name">
          {booking.first_name} {booking.last_name}
        </Fact>
        <Fact label="Email address">
          <a href={`mailto:${booking.email}`}>{booking.email}</a>
        </Fact>
        <Fact label="Phone number">
          <a href={`tel:${booking.phone.replace(/\s/g, "")}`}>{booking.phone}</a>
        </Fact>
        {booking.company_name ? <Fact label="Company name">{booking.company_name}</Fact> : null}
        {booking.purchase_order ? <Fact label="Purchase order">{booking.purchase_order}</Fact> : null}
        {address ? <Fact label="Address">{address}</Fact> : null}
        <Fact label="Booking terms">
          {booking.terms_version
            ? `Version ${booking.terms_version}, agreed ${stamp(booking.terms_accepted_at)}`
            : "Not recorded (booked by the office or before terms were stored)"}
        </Fact>
        <Fact label="Renewal reminders">
          {booking.marketing_consent_at ? `Opted in ${stamp(booking.marketing_consent_at)}` : "Not opted in"}
        </Fact>
        {booking.order_notes ? (
          <div className="admin-details__wide">
            <dt className="content-fact-label">Order notes</dt>
            <dd className="admin-details__text">{booking.order_notes}</dd>
          </div>
        ) : null}
      </dl>
    </Section>
  );
}

function Payment({ booking }: { booking: BookingDetail }) {
  const p = booking.payment;
  return (
    <Section id="bk-payment" title="Payment">
      <dl className="admin-details bk-payment">
        <Fact label="Method">{PAYMENT_METHOD_LABELS[p.method]}</Fact>
        <Fact label="Provider">{p.provider}</Fact>
        <Fact label="Paid">
          {p.invoice_unpaid ? "Unpaid, invoice sent" : p.paid_at ? `${money(p.amount_paid)} on ${stamp(p.paid_at)}` : "Not paid"}
        </Fact>
        {booking.cancelled_at ? <Fact label="Cancelled">{stamp(booking.cancelled_at)}</Fact> : null}
        {booking.status === "pending" ? <Fact label="Hold ends">{stamp(booking.expires_at)}</Fact> : null}
        {p.provider_session_id ? (
          <Fact label="Checkout session id">
            <span className="bk-mono">{p.provider_session_id}</span>
          </Fact>
        ) : null}
        {p.provider_payment_id ? (
          <Fact label="Payment id">
            <span className="bk-mono">{p.provider_payment_id}</span>
          </Fact>
        ) : null}
      </dl>
      <h3 className="content-fact-label">Refunds</h3>
      {p.refunds.length === 0 ? (
        <p className="ui-muted">No refunds</p>
      ) : (
        <ul className="bk-timeline bk-refunds">
          {p.refunds.map((r) => (
            <li key={r.id}>
              <span className="bk-timeline__what">
                {money(r.amount)} by {r.admin_name}
              </span>
              {r.provider_refund_id ? <span className="bk-mono">{r.provider_refund_id}</span> : null}
              {r.reason ? <span>{r.reason}</span> : null}
              <span className="bk-timeline__when">{stamp(r.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Mails({ booking }: { booking: BookingDetail }) {
  return (
    <Section id="bk-mails" title={`Mails sent (${booking.mails.length})`}>
      {booking.mails.length === 0 ? (
        <p className="ui-muted">No mails yet</p>
      ) : (
        <ul className="bk-timeline bk-mails">
          {booking.mails.map((m) => (
            <li key={m.id}>
              <span className="bk-timeline__what">{m.subject}</span>
              <span>
                To {m.to} · {m.status}
              </span>
              <span className="bk-timeline__when">{stamp(m.sent_at ?? m.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function History({ booking }: { booking: BookingDetail }) {
  return (
    <Section id="bk-history" title="History">
      {booking.history.length === 0 ? (
        <p className="ui-muted">Nothing recorded yet</p>
      ) : (
        <ol className="bk-timeline bk-history">
          {booking.history.map((h) => (
            <li key={h.id}>
              <span className="bk-timeline__what">
                {h.action}
                {h.amount !== null ? ` · ${money(h.amount)}` : ""}
              </span>
              {h.details ? <span>{h.details}</span> : null}
              <span className="bk-timeline__when">
                {h.user_name} · {stamp(h.created_at)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Notes({ booking }: { booking: BookingDetail }) {
  const toast = useToast();
  const [text, setText] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const add = useAddNote(booking.id, {
    onSuccess: () => {
      setText("");
      setKey(newIdempotencyKey());
      toast.success("Note added");
    },
    onError: (e) => setError(errorMessage(e)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError("Write a note");
      return;
    }
    setError(null);
    add.mutate({ text: text.trim(), idempotency_key: key });
  }

  return (
    <Section id="bk-notes" title={`Notes (${booking.notes.length})`}>
      {booking.notes.length === 0 ? (
        <p className="ui-muted">No notes yet</p>
      ) : (
        <ul className="bk-timeline bk-notes">
          {booking.notes.map((n) => (
            <li key={n.id}>
              <span className="bk-note-text">{n.text}</span>
              <span className="bk-timeline__when">
                {n.author_name} · {stamp(n.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="bk-dialog" onSubmit={submit} noValidate>
        <TextAreaField
          label="Add a note"
          hint="Seen by the office only."
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // A changed text is another note: a new key, so it is not taken for a retry.
            setKey(newIdempotencyKey());
          }}
          error={error ?? undefined}
        />
        <div className="bk-form__actions">
          <Button type="submit" loading={add.isPending} loadingLabel="Saving...">
            Add note
          </Button>
        </div>
      </form>
    </Section>
  );
}
