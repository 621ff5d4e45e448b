/**
 * /payment/success: asks the API for the order's status until it is paid (the webhook may land
 * after the browser), then shows the booking, calendar file, receipt PDF and learner-form links.
 * Long because each state (checking, paid, still pending, failed) has its own honest wording.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { BalanceDue } from "./BalanceDue";
import { useSearchParams } from "react-router";
import { Button, ButtonLink, Spinner } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import { formatDateRangeWithWeekday } from "@app/contract/dates";
import { mapSearchUrl, WHAT_TO_BRING } from "@app/contract/booking-facts";
import { fetchOrderStatus } from "./api";
import { getApiBase } from "../../lib/api";
import { useSiteConfig } from "../../config/site";
import type { OrderStatus } from "./api";
import { paths } from "../../config/paths";
import { PENDING_CART_STORAGE_KEY, syncCartHint } from "../../stores/cart";
import "./payment.css";
import { Link } from "../../components/Link";

export const PAYMENT_SUCCESS_TITLE = "Payment Successful!";
export const PAYMENT_SUCCESS_TEXT = "Your payment was completed successfully. A confirmation email has been sent to you.";

/** The payment provider's confirmation (webhook) may land a few seconds after the browser returns. */
export const STATUS_POLL_INTERVAL_MS = 2000;
export const STATUS_POLL_ATTEMPTS = 8;

/** Local-storage key of the cart copy kept for a cancelled payment (owned by the cart feature). */
const PENDING_CART_KEY = PENDING_CART_STORAGE_KEY;

type View =
  | { kind: "plain" }
  | { kind: "checking" }
  | { kind: "pending"; gaveUp: boolean; status?: OrderStatus }
  | { kind: "paid"; status: OrderStatus }
  | { kind: "expired" | "cancelled"; status: OrderStatus }
  | { kind: "not-found" }
  | { kind: "error" };

function forgetPendingCart(reference: string) {
  try {
    const raw = window.localStorage.getItem(PENDING_CART_KEY);
    if (raw && (JSON.parse(raw) as { reference?: unknown }).reference === reference)
      window.localStorage.removeItem(PENDING_CART_KEY);
  } catch {
    /* nothing to forget */
  }
  syncCartHint(); // the server's /cart follows: empty once no copy is held
}

/**
 * /payment/success (spec §2). With `?order=<reference>` (the API puts it in the return address;
 * Stripe adds `session_id`), it asks the API whether the order is paid: the webhook, never this
 * return, marks an order paid (DESIGN.md), so the page says plainly when that has not happened yet.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  // `order` is the agreed name (docs/decisions/030); `reference` is accepted as well.
  const reference = (params.get("order") ?? params.get("reference"))?.trim() || null;
  const [view, setView] = useState<View>(reference ? { kind: "checking" } : { kind: "plain" });
  const [round, setRound] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const poll = useCallback((ref: string, attempt: number, cancelled: () => boolean) => {
    fetchOrderStatus(ref)
      .then((s) => {
        if (cancelled()) return;
        if (s === "not-found") return setView({ kind: "not-found" });
        if (s.status === "paid") {
          forgetPendingCart(ref);
          return setView({ kind: "paid", status: s });
        }
        if (s.status === "expired" || s.status === "cancelled") return setView({ kind: s.status, status: s });
        const last = attempt + 1 >= STATUS_POLL_ATTEMPTS;
        setView({ kind: "pending", gaveUp: last, status: s });
        if (!last) timer.current = setTimeout(() => poll(ref, attempt + 1, cancelled), STATUS_POLL_INTERVAL_MS);
      })
      .catch(() => {
        if (!cancelled()) setView({ kind: "error" });
      });
  }, []);

  useEffect(() => {
    if (!reference) return;
    let stop = false;
    poll(reference, 0, () => stop);
    return () => {
      stop = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [reference, round, poll]);

  const retry = () => {
    setView({ kind: "checking" });
    setRound((r) => r + 1);
  };

  return (
    <div className="payment-page">
      <div className="payment-card" aria-live="polite">
        <PaymentView view={view} reference={reference} onRetry={retry} />
        <div className="payment-card__actions">
          <ButtonLink as={Link} to={paths.allCourses} variant="secondary">
            Browse Courses
          </ButtonLink>
          <ButtonLink as={Link} to={paths.home}>
            Go Home
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

function Icon({ kind }: { kind: "ok" | "wait" | "stop" }) {
  const d = kind === "ok" ? "M7 12.5l3.2 3.2L17 9" : kind === "stop" ? "M9 9l6 6M15 9l-6 6" : "M12 7v5l3 2";
  return (
    <svg
      className={`payment-card__icon payment-card__icon--${kind}`}
      viewBox="0 0 24 24"
      width="64"
      height="64"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The booking reference people read (XXXX-XXXX); the address's token is never shown. */
function Ref({ status }: { status?: OrderStatus | null }) {
  return status?.booking_reference ? (
    <p className="payment-card__ref">
      Booking reference: <strong>{status.booking_reference}</strong>
    </p>
  ) : null;
}

/**
 * The receipt/invoice PDF by the order's secret reference (issue 13; the API's public receipt
 * route, `publicReceipt` in the bookings contract). Shown only once the order is paid.
 */
export const receiptUrl = (reference: string) => `${getApiBase()}/api/orders/${encodeURIComponent(reference)}/receipt.pdf`;

/** What was booked, where, what to bring, and the calendar file: the answers to the customer's first questions. */
function BookingDetails({ status, reference }: { status: OrderStatus; reference: string }) {
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

function PaymentView({ view, reference, onRetry }: { view: View; reference: string | null; onRetry: () => void }) {
  switch (view.kind) {
    case "plain":
      // No order in the address: nothing is known about a payment, so nothing is claimed.
      return (
        <>
          <Icon kind="wait" />
          <h1 className="payment-card__title">Payment status unknown</h1>
          <p className="payment-card__text">
            This page shows a booking when you come back from the payment page. If you have paid, your confirmation e-mail has
            your booking reference and all the details; if you are not sure, please contact us before paying again.
          </p>
        </>
      );
    case "paid":
      return (
        <>
          <Icon kind="ok" />
          <h1 className="payment-card__title">{PAYMENT_SUCCESS_TITLE}</h1>
          <p className="payment-card__text">{PAYMENT_SUCCESS_TEXT}</p>
          <Ref status={view.status} />
          <p className="payment-card__amount">
            Amount paid: <strong>{formatPounds(view.status.amount_paid ?? view.status.total)}</strong>
          </p>
          <BalanceDue status={view.status} />
          {reference ? <BookingDetails status={view.status} reference={reference} /> : null}
        </>
      );
    case "checking":
    case "pending":
      return (
        <>
          {view.kind === "pending" && view.gaveUp ? (
            <Icon kind="wait" />
          ) : (
            <Spinner size="lg" label={null} className="payment-card__spinner" />
          )}
          <h1 className="payment-card__title">We&apos;re confirming your payment</h1>
          {view.kind === "pending" && view.gaveUp ? (
            <>
              <p className="payment-card__text">
                Your payment is still being confirmed by the payment provider. This can take a minute. You will receive a
                confirmation email as soon as it is done; you don&apos;t need to pay again.
              </p>
              <Button variant="secondary" onClick={onRetry}>
                Check again
              </Button>
            </>
          ) : (
            <p className="payment-card__text">
              Please wait a few seconds while we confirm your payment with the payment provider.
            </p>
          )}
          <Ref status={"status" in view ? (view.status as OrderStatus | undefined) : null} />
        </>
      );
    case "expired":
    case "cancelled":
      return (
        <>
          <Icon kind="stop" />
          <h1 className="payment-card__title">
            {view.kind === "expired" ? "This booking has expired" : "This booking was cancelled"}
          </h1>
          <p className="payment-card__text">
            {view.kind === "expired"
              ? "The payment was not completed in time, so the places were released and you have not been charged. Please book again."
              : "The payment was cancelled, so the places were released and you have not been charged. Please book again."}
          </p>
          <Ref status={"status" in view ? (view.status as OrderStatus | undefined) : null} />
        </>
      );
    case "not-found":
      return (
        <>
          <Icon kind="stop" />
          <h1 className="payment-card__title">Booking not found</h1>
          <p className="payment-card__text">
            We could not find a booking with this reference. Please check the link in your email or contact us.
          </p>
          <Ref status={"status" in view ? (view.status as OrderStatus | undefined) : null} />
        </>
      );
    case "error":
      return (
        <>
          <Icon kind="wait" />
          <h1 className="payment-card__title">We couldn&apos;t check your payment</h1>
          <p className="payment-card__text">
            Please check your internet connection and try again. You don&apos;t need to pay again.
          </p>
          <Button variant="secondary" onClick={onRetry}>
            Check again
          </Button>
          <Ref status={"status" in view ? (view.status as OrderStatus | undefined) : null} />
        </>
      );
  }
}
