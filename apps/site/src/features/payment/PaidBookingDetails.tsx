/** The paid booking's details on /payment/success: courses, calendar and receipt files, learner forms, venue, what to bring. */
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { mapSearchUrl, WHAT_TO_BRING } from "@app/contract/booking-facts";
import type { OrderStatus } from "./api";
import { getApiBase } from "../../lib/api";
import { useSiteConfig } from "../../config/site";
import { paths } from "../../config/paths";
import { Link } from "../../components/Link";

/**
 * The receipt/invoice PDF by the order's secret reference (issue 13; the API's public receipt
 * route, `publicReceipt` in the bookings contract). Shown only once the order is paid.
 */
export const receiptUrl = (reference: string) => `${getApiBase()}/api/orders/${encodeURIComponent(reference)}/receipt.pdf`;

/** What was booked, where, what to bring, and the calendar file: the answers to the customer's first questions. */
export function PaidBookingDetails({ status, reference }: { status: OrderStatus; reference: string }) {
  const { provider } = useSiteConfig();
  const a = provider.address;
  const venue = [a.street, a.locality, a.region, a.postcode].filter(Boolean).join(", ");
  const calendarUrl = `${getApiBase()}/api/orders/${encodeURIComponent(reference)}/calendar.ics`;
  return (
    <div className="payment-details">
      <h2 className="payment-details__title">Your booking</h2>
      <ul className="payment-details__courses">
        {(status.courses ?? []).map((c, i) => (
          <li key={i} className="payment-details__course">
            <strong>{c.title}</strong>
            <span>{c.start_date ? formatDateRangeWithWeekday(c.start_date, c.end_date) : c.date_label}</span>
            <span>{c.time} each day</span>
            {c.add_ons.length ? <span>Add-ons: {c.add_ons.join(", ")}</span> : null}
          </li>
        ))}
      </ul>
      <div className="payment-details__files">
        <a className="ui-button ui-button--secondary ui-button--md payment-details__calendar" href={calendarUrl} download>
          Add to calendar
        </a>
        <a
          className="ui-button ui-button--secondary ui-button--md payment-details__receipt"
          href={receiptUrl(reference)}
          download
        >
          Download receipt (PDF)
        </a>
      </div>
      {status.learner_links?.length ? (
        <>
          <h2 className="payment-details__title">Learner forms</h2>
          <p>
            Before the course, each learner fills in their own form (ID, first aid and declarations). Send each person their link:
          </p>
          <ul className="payment-details__courses">
            {status.learner_links.map((l) => (
              <li key={l.url} className="payment-details__course">
                <strong>{l.name}</strong>
                <span>{l.course_title}</span>
                <a href={l.url}>Open the learner form for {l.name}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 className="payment-details__title">Where</h2>
      <p>
        {provider.name}, {venue}.{" "}
        <a href={mapSearchUrl(venue)} target="_blank" rel="noopener noreferrer">
          Open the map<span className="ui-visually-hidden"> (opens in a new tab)</span>
        </a>
        <br />
        Please arrive 15 minutes before the start time on the first day.
      </p>
      <h2 className="payment-details__title">What to bring</h2>
      <ul className="payment-details__bring">
        {WHAT_TO_BRING.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
      <p>
        Questions? Call us on <a href={`tel:${provider.phone.replace(/\s/g, "")}`}>{provider.phone}</a> and quote your booking
        reference. <Link to={paths.bookingTerms}>Booking terms</Link>
      </p>
    </div>
  );
}
