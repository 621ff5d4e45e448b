import { useCallback, useEffect, useState } from "react";
import { useParams } from "react-router";
import type { MyBooking } from "@app/contract";
import { ButtonLink, ErrorState, Spinner } from "@app/ui";
import { PageHero } from "../../components/PageHero";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api";
import { pageTitle, type RouteHandle } from "../../lib/seo";
import { formatPounds } from "@app/ui/format";
import { bookingPath, call } from "./client";
import { CancelPanel } from "./CancelPanel";
import { ChangePanel } from "./ChangePanel";
import { NamesPanel } from "./NamesPanel";
import { DocumentsSection } from "./DocumentsSection";
import { WaitingPanel } from "./WaitingPanel";
import { AwaitedChange } from "./AwaitedChange";
import "./my-bookings.css";

export const handle: RouteHandle = {
  meta: ({ config, params }) => ({
    title: pageTitle("Your booking", config.provider),
    description: "Your booking: dates, venue, attendees, payments, and what you can change.",
    keywords: ["my bookings", "manage booking"],
    path: paths.myBooking(params.token ?? ""),
    breadcrumbs: [{ name: "Your booking", path: paths.myBookings }],
    robots: "noindex, nofollow",
  }),
};

const STATUS: Record<MyBooking["status"], string> = {
  confirmed: "Confirmed",
  pending: "Waiting for payment",
  cancelled: "Cancelled",
  expired: "Not paid",
};

/** A booking's own page (its secret link, or from the list): what was booked and paid, and the customer's actions. */
export default function BookingPage() {
  const { token = "" } = useParams();
  const [booking, setBooking] = useState<MyBooking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    call<MyBooking>(bookingPath(token))
      .then(setBooking)
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again."));
  }, [token]);
  useEffect(load, [load]);

  if (error) return <ErrorState title="We could not open this booking" message={error} onRetry={load} />;
  if (!booking) return <Spinner label="Loading your booking" />;
  const m = booking.money;
  return (
    <>
      <PageHero
        crumbs={[
          { label: "Home", href: paths.home },
          { label: "My bookings", href: paths.myBookings },
          { label: booking.booking_reference },
        ]}
        title={`Booking ${booking.booking_reference}`}
        subtitle={STATUS[booking.status]}
      />
      <div className="my-bookings" data-testid="my-booking">
        <AwaitedChange booking={booking} onRecheck={load} />
        {booking.courses.map((c) => (
          <section key={c.item_id}>
            <h2>{c.title}</h2>
            <p>
              {c.date_label}
              {c.time ? ` · ${c.time}` : ""}
            </p>
            {c.add_ons.length ? <p>Add-ons: {c.add_ons.join(", ")}</p> : null}
            <ul>
              {c.attendees.map((a) => (
                <li key={a.id}>
                  {a.named ? a.name : "Place not named yet"}
                  {a.form_url ? (
                    <>
                      {" · "}
                      <a href={a.form_url}>{a.form === "complete" ? "Learner form complete" : "Fill in the learner form"}</a>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section>
          <h2>Where</h2>
          <p>
            {booking.venue.address} (<a href={booking.venue.map_url}>map</a>)
          </p>
        </section>
        <section>
          <h2>Payments</h2>
          <dl>
            <dt>Total</dt>
            <dd>{formatPounds(m.total)}</dd>
            <dt>Paid</dt>
            <dd data-testid="paid">{formatPounds(m.paid)}</dd>
            {m.refunded > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd data-testid="refunded">{formatPounds(m.refunded)}</dd>
              </>
            ) : null}
            {m.credit > 0 ? (
              <>
                <dt>Credit</dt>
                <dd>{formatPounds(m.credit)}</dd>
              </>
            ) : null}
            <dt>Due</dt>
            <dd>
              {formatPounds(m.due)}
              {m.due > 0 && m.balance_due_on ? ` by ${m.balance_due_on}` : ""}
            </dd>
          </dl>
          {m.pay_url ? <ButtonLink href={m.pay_url}>Pay the balance</ButtonLink> : null}
          <div className="my-bookings__row">
            <a href={booking.receipt_url}>Receipt (PDF)</a>
            <a href={booking.calendar_url}>Add to calendar</a>
          </div>
        </section>
        <DocumentsSection documents={booking.documents} />
        <WaitingPanel token={token} booking={booking} onDone={setBooking} />
        {booking.status === "confirmed" ? (
          <>
            <ChangePanel token={token} onDone={setBooking} />
            <NamesPanel token={token} booking={booking} onDone={setBooking} />
            <CancelPanel token={token} onDone={setBooking} />
          </>
        ) : null}
      </div>
    </>
  );
}
