/** The booking page's customer: contact details, address, the terms agreed and the order notes. */
import type { BookingDetail } from "@app/contract";
import { Fact } from "../../components/Fact";
import { BookingSection as Section } from "./BookingSection";
import { stamp } from "./format";

export function BookingCustomerSection({ booking }: { booking: BookingDetail }) {
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
