import { useCallback, useContext, useEffect, useReducer, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { UNSAFE_DataRouterStateContext, UNSAFE_RouteContext } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { ORDER_HOLD_MINUTES } from "@app/contract/order-facts";
import { Breadcrumb, Button, useToast } from "@app/ui";
import { formatPence, formatPounds } from "@app/ui/format";
import { paths } from "../../config/paths";
import { hasCartHint, placesOf, useCart } from "../../stores/cart";
import { cartPageReducer, initialCartPageState } from "./cart-page-state";
import { CartLines } from "./CartLines";
import { CheckoutForm } from "./CheckoutForm";
import { CartStepHeading } from "./components/CartStepHeading";
import { CartTotals } from "./components/CartTotals";
import { CartWarnings, ConflictBox, PendingBooking, ReturnNotice } from "./components/CartNotices";
import {
  CartPageFrame,
  EmptyState,
  LoadingState,
  AwaitingApprovalState,
  NoPaymentLinkState,
  RedirectingState,
} from "./components/CartStates";
import { CouponBox } from "./CouponBox";
import { saveDiscount } from "../../stores/discount";
import { checkDiscountCode } from "./api";
import { cartDiscountPence, discountAppliesToCart } from "./pricing";
import type { AppliedDiscount } from "./pricing";
import { CANCELLED_PARAM, CHECKOUT_STEP_PARAM, usePaymentReturn } from "./usePaymentReturn";
import { useCheckout } from "./useCheckout";
import { PaymentPlanChoice } from "./payment-plan/PaymentPlanChoice";
import { FULL_PAYMENT_CHOICE } from "./payment-plan/choice";
import type { PaymentChoice } from "./payment-plan/choice";
import { cartWarnings } from "./warnings";
import "./cart.css";
import { Link } from "../../components/Link";

export { CART_HEADING, CART_MESSAGES } from "./messages";
export { describeConflict } from "./cart-page-state";
export { noScriptCartHtml } from "./components/CartStates";
export { CANCEL_WAIT_MS, CANCELLED_PARAM, CHECKOUT_STEP_PARAM } from "./usePaymentReturn";

interface CartRouteData {
  /** The browser says it holds a cart or a held booking (the cart flag cookie, decision 257). */
  holdsCart: boolean;
}

/**
 * Reads the cart flag: on the server from the request's cookies, in the browser (a later visit to
 * /cart in the same tab) from the document's. Only the first render uses it, before local storage
 * has been read: with no flag the server renders the empty cart itself, its final text, instead
 * of a skeleton that the scripts replace (the page's largest paint, performance).
 */
export function loader({ request }: LoaderFunctionArgs): CartRouteData {
  return { holdsCart: hasCartHint(typeof document === "undefined" ? request.headers.get("cookie") : document.cookie) };
}

/**
 * This route's loader data, or undefined outside a data router (the component tests mount the
 * page in a plain MemoryRouter, where `useLoaderData` would throw): the page then assumes a cart
 * may be held and waits for local storage, as it always did.
 */
function useCartRouteData(): CartRouteData | undefined {
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const { matches } = useContext(UNSAFE_RouteContext);
  const id = matches.at(-1)?.route.id;
  return id && routerState ? (routerState.loaderData[id] as CartRouteData | undefined) : undefined;
}

const renderCrumb = ({ href, label, className }: { href: string; label: string; className?: string }) => (
  <Link to={href} className={className}>
    {label}
  </Link>
);

/**
 * /cart: empty state, cart summary with the discount code, and the checkout step (spec §2, §4, §5).
 * The state is one reducer (cart-page-state.ts); the return from a payment page and the order
 * are hooks (usePaymentReturn, useCheckout); this component only composes the views.
 */
export default function CartPage() {
  const cart = useCart();
  const holdsCart = useCartRouteData()?.holdsCart ?? true;
  const [params, setParams] = useSearchParams();
  const step = params.get(CHECKOUT_STEP_PARAM) === "checkout" ? "checkout" : "summary";
  const [state, dispatch] = useReducer(cartPageReducer, params.has(CANCELLED_PARAM), initialCartPageState);
  const { discount, conflict, notice } = state;

  // The applied code is kept with the cart (reload, return from payment) and checked again on load.
  const setDiscount = useCallback((d: AppliedDiscount | null) => {
    dispatch({ type: "discount-set", discount: d });
    saveDiscount(d);
  }, []);
  const setCheckingCode = useCallback((checking: boolean) => dispatch({ type: "code-checking", checking }), []);
  const { changeBooking } = usePaymentReturn(dispatch, setDiscount);
  const [paymentChoice, setPaymentChoice] = useState<PaymentChoice>(FULL_PAYMENT_CHOICE);
  const placeOrder = useCheckout(dispatch, discount, setDiscount, paymentChoice);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  // The submit button sits below a long form on a phone: bring the refusal and its links into view.
  useEffect(() => {
    if (!conflict) return;
    conflictRef.current?.scrollIntoView?.({ block: "center" });
    conflictRef.current?.focus({ preventScroll: true });
  }, [conflict]);

  // A new step starts at the top with its heading announced.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [step]);

  // A course-limited code whose courses all left the cart: asked again with the cart's courses, so
  // it goes with the API's own words rather than sitting there at £0 until the order is refused.
  const toast = useToast();
  const { items: cartItems, hydrated: cartHydrated } = cart;
  useEffect(() => {
    if (!cartHydrated || !discount || cartItems.length === 0 || discountAppliesToCart(cartItems, discount)) return;
    let live = true;
    checkDiscountCode(
      discount.code,
      cartItems.map((i) => i.id),
    )
      .then((r) => {
        if (!live || r.valid) return;
        setDiscount(null);
        toast.error(r.message);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [cartHydrated, cartItems, discount, setDiscount, toast]);

  const subtotal = cart.totalPence;
  const off = cartDiscountPence(cart.items, discount);
  const total = subtotal - off;

  function goToCheckout() {
    setParams(
      (p) => {
        p.set(CHECKOUT_STEP_PARAM, "checkout");
        return p;
      },
      { replace: false },
    );
  }

  if (state.outcome?.kind === "redirecting")
    return (
      <CartPageFrame variant="state">
        <RedirectingState />
      </CartPageFrame>
    );
  if (state.outcome?.kind === "awaiting-approval")
    return (
      <CartPageFrame variant="state">
        <AwaitingApprovalState bookingReference={state.outcome.bookingReference} until={state.outcome.until} />
      </CartPageFrame>
    );
  if (state.outcome?.kind === "no-link")
    return (
      <CartPageFrame variant="state">
        <NoPaymentLinkState bookingReference={state.outcome.bookingReference} />
      </CartPageFrame>
    );
  // Before local storage is read, a browser without the cart flag holds no cart: it gets the empty
  // cart below at once (count 0, no notice yet), the same HTML the server sent.
  if ((!cart.hydrated && holdsCart) || state.cancelling)
    return (
      <CartPageFrame variant="loading">
        <LoadingState />
      </CartPageFrame>
    );

  const pendingBox =
    notice?.kind === "awaiting" ? (
      <PendingBooking notice={notice} changing={state.changing} onChange={(copy) => void changeBooking(copy)} />
    ) : null;
  const noticeBox = notice && notice.kind !== "awaiting" ? <ReturnNotice notice={notice} cartCount={cart.count} /> : null;

  if (cart.count === 0 && pendingBox) {
    // Back from the payment page with the booking still held: show it once, never 'Your Cart is Empty'.
    return (
      <CartPageFrame>
        <div className="cart-page__inner">
          <Breadcrumb items={[{ label: "Home", href: paths.home }, { label: "Cart Summary" }]} renderLink={renderCrumb} />
          <CartStepHeading headingRef={headingRef}>Your booking</CartStepHeading>
          {pendingBox}
        </div>
      </CartPageFrame>
    );
  }

  if (cart.count === 0)
    return (
      <CartPageFrame variant="state">
        <EmptyState notice={noticeBox} />
      </CartPageFrame>
    );

  const crumbs =
    step === "checkout"
      ? [{ label: "Home", href: paths.home }, { label: "Cart Summary", href: paths.cart }, { label: "Cart Checkout" }]
      : [{ label: "Home", href: paths.home }, { label: "Cart Summary" }];
  const totals = <CartTotals subtotal={subtotal} discount={discount} off={off} />;
  const conflictBox = conflict ? (
    <ConflictBox conflict={conflict} boxRef={conflictRef} onRemove={(i) => cart.remove(i.id)} />
  ) : null;
  const coupon = discount ? null : (
    <CouponBox courseIds={cart.items.map((i) => i.id)} onApplied={setDiscount} onCheckingChange={setCheckingCode} />
  );
  const attendeeLines = cart.items.map((i) => ({
    courseId: i.id,
    title: i.title,
    places: placesOf(i),
    asked: i.prerequisites ?? [],
  }));

  return (
    <CartPageFrame>
      <div className="cart-page__inner">
        <Breadcrumb items={crumbs} renderLink={renderCrumb} />
        <CartStepHeading headingRef={headingRef}>{step === "checkout" ? "Checkout" : "Your Cart Summary"}</CartStepHeading>
        {noticeBox}
        {pendingBox}
        <CartWarnings warnings={cartWarnings(cart.items)} />

        {step === "summary" ? (
          <div className="cart-layout">
            <section className="cart-panel" aria-labelledby="cart-items-heading">
              <h2 id="cart-items-heading" className="cart-panel__title">
                {cart.count === 1 ? "1 course" : `${cart.count} courses`}
              </h2>
              <CartLines
                items={cart.items}
                onRemove={(item) => cart.remove(item.id)}
                onPlacesChange={(item, n) => cart.setQuantity(item.id, n)}
              />
            </section>
            <aside className="cart-panel cart-panel--summary" aria-labelledby="cart-total-heading">
              <h2 id="cart-total-heading" className="cart-panel__title">
                Order summary
              </h2>
              {conflictBox}
              {coupon}
              {totals}
              <Button size="lg" fullWidth onClick={goToCheckout} disabled={cart.count === 0 || state.checkingCode}>
                Proceed to Checkout ({formatPence(total)})
              </Button>
              <p className="cart-panel__fine">
                Secure payment. Your places are held for {ORDER_HOLD_MINUTES} minutes while you pay.
              </p>
            </aside>
          </div>
        ) : (
          <div className="cart-layout cart-layout--checkout">
            {/* 'Your order' and the code come first in the page (read first on a phone); the grid puts them on the right on wide screens. */}
            <aside className="cart-panel cart-panel--summary cart-panel--order" aria-labelledby="cart-order-heading">
              <h2 id="cart-order-heading" className="cart-panel__title">
                Your order
              </h2>
              <CartLines items={cart.items} compact />
              {coupon}
              {totals}
            </aside>
            <section className="cart-panel cart-panel--form">
              {conflictBox}
              <CheckoutForm
                submitLabel={`Proceed to Payment (${paymentChoice.payToday === null ? formatPence(total) : formatPounds(paymentChoice.payToday)})`}
                busy={state.submitting}
                disabled={state.checkingCode}
                onValid={placeOrder}
                attendeeLines={attendeeLines}
                startDates={cart.items.map((i) => i.startDate)}
                paymentChoice={
                  <PaymentPlanChoice
                    items={cart.items}
                    discountCode={discount?.code ?? null}
                    value={paymentChoice}
                    onChange={setPaymentChoice}
                    disabled={state.submitting}
                  />
                }
              />
            </section>
          </div>
        )}
      </div>
    </CartPageFrame>
  );
}
