/**
 * /payment/success: asks the API for the order's status until it is paid (the webhook may land
 * after the browser), then shows the booking, calendar file, receipt PDF and learner-form links.
 * Each state (checking, paid, still pending, failed) has its own honest wording; the polling is in
 * useOrderPaymentStatus and the paid booking's details in PaidBookingDetails.
 */
import { BalanceDue } from "./BalanceDue";
import { useSearchParams } from "react-router";
import { Button, ButtonLink, Spinner } from "@app/ui";
import { formatPounds } from "@app/ui/format";
import type { OrderStatus } from "./api";
import { paths } from "../../config/paths";
import { PaidBookingDetails } from "./PaidBookingDetails";
import { useOrderPaymentStatus } from "./useOrderPaymentStatus";
import type { PaymentStatusView } from "./useOrderPaymentStatus";
import "./payment.css";
import { Link } from "../../components/Link";

export const PAYMENT_SUCCESS_TITLE = "Payment Successful!";
export const PAYMENT_SUCCESS_TEXT = "Your payment was completed successfully. A confirmation email has been sent to you.";

/**
 * /payment/success (spec §2). With `?order=<reference>` (the API puts it in the return address;
 * Stripe adds `session_id`), it asks the API whether the order is paid: the webhook, never this
 * return, marks an order paid (DESIGN.md), so the page says plainly when that has not happened yet.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  // `order` is the agreed name (docs/decisions/030); `reference` is accepted as well.
  const reference = (params.get("order") ?? params.get("reference"))?.trim() || null;
  const { view, retry } = useOrderPaymentStatus(reference);

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

function PaymentView({ view, reference, onRetry }: { view: PaymentStatusView; reference: string | null; onRetry: () => void }) {
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
          {reference ? <PaidBookingDetails status={view.status} reference={reference} /> : null}
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
