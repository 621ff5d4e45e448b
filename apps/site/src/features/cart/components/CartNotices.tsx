/** The boxes above the cart: the return from a payment page, the held booking, warnings, a refused order. */
import type { Ref } from "react";
import { Button } from "@app/ui";
import { formatPence } from "@app/ui/format";
import { paths } from "../../../config/paths";
import type { CartItem } from "../../../stores/cart";
import type { Conflict, Notice } from "../cart-page-state";
import { CartLines } from "../CartLines";
import { CART_MESSAGES } from "../messages";
import type { PendingCart } from "../pending-cart";
import type { CartWarning } from "../warnings";
import { Link } from "../../../components/Link";

/** 'Your payment was cancelled…', 'Your booking was cancelled…' or 'This order has already been paid.' */
export function ReturnNotice({ notice, cartCount }: { notice: Exclude<Notice, { kind: "awaiting" }>; cartCount: number }) {
  return (
    <div className="cart-notice cart-notice--info" role="status">
      {notice.kind === "paid" ? (
        <p>
          {notice.message}{" "}
          <Link to={`${paths.paymentSuccess}?order=${encodeURIComponent(notice.reference)}`}>See your booking</Link>
        </p>
      ) : (
        <p>
          {notice.kind === "changed"
            ? CART_MESSAGES.changed
            : `${notice.kind === "cancelled" ? CART_MESSAGES.cancelled : CART_MESSAGES.notCompleted}${cartCount > 0 ? ` ${CART_MESSAGES.restored}` : ""}`}
        </p>
      )}
    </div>
  );
}

/** A booking still held for payment: continue to pay, or change it (cancelled at once, back to the cart). */
export function PendingBooking({
  notice,
  changing,
  onChange,
}: {
  notice: Extract<Notice, { kind: "awaiting" }>;
  changing: boolean;
  onChange: (copy: PendingCart) => void;
}) {
  return (
    <section className="cart-pending" aria-labelledby="cart-pending-heading">
      <h2 id="cart-pending-heading" className="cart-pending__title">
        {notice.bookingReference
          ? `Your booking ${notice.bookingReference} is waiting for payment`
          : "Your booking is waiting for payment"}
      </h2>
      <p className="cart-pending__text">
        Your places are held for a short time while you pay. You have not been charged yet. To change the courses, dates or
        add-ons, choose &apos;Change booking&apos;: this booking is cancelled at once and its courses come back to your cart.
      </p>
      <CartLines items={notice.copy.items} compact />
      {notice.totalPence !== null ? (
        <p className="cart-pending__total">
          Total to pay <strong>{formatPence(notice.totalPence)}</strong>
        </p>
      ) : null}
      <div className="cart-pending__actions">
        <a className="ui-button ui-button--primary ui-button--lg" href={notice.paymentLink}>
          Continue to payment
        </a>
        <Button
          variant="secondary"
          size="lg"
          loading={changing}
          loadingLabel="Cancelling..."
          onClick={() => onChange(notice.copy)}
        >
          Change booking
        </Button>
      </div>
    </section>
  );
}

/** Warnings that never block (the same qualification twice, overlapping dates). */
export function CartWarnings({ warnings }: { warnings: CartWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="cart-notice cart-notice--warning" role="status" data-testid="cart-warnings">
      <p className="cart-notice__title">Please check your cart</p>
      <ul>
        {warnings.map((w) => (
          <li key={w.message}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** A refused order in the API's words, with a way back to each course concerned. */
export function ConflictBox({
  conflict,
  boxRef,
  onRemove,
}: {
  conflict: Conflict;
  boxRef: Ref<HTMLDivElement>;
  onRemove: (item: CartItem) => void;
}) {
  return (
    <div ref={boxRef} tabIndex={-1} className="cart-notice cart-notice--error" role="alert">
      <p>{conflict.message}</p>
      {conflict.items.length > 0 ? (
        <ul>
          {conflict.items.map((i) => (
            <li key={i.id}>
              <Link to={paths.course(i.slug)}>Choose another date for {i.title}</Link>
              {" or "}
              <button type="button" className="cart-notice__link" onClick={() => onRemove(i)}>
                remove it from your cart
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
