import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ORDER_HOLD_MINUTES, OrderSchema } from "@app/contract";
import type { OrderInput } from "@app/contract";
import { Breadcrumb, Button, ButtonLink, Skeleton, useToast } from "@app/ui";
import { formatPence } from "@app/ui/format";
import { cancelOrder, checkDiscountCode, fetchOrderStatus, submitOrder } from "./api";
import { ApiError } from "../../lib/api";
import { paths } from "../../config/paths";
import { telHref } from "../../config/provider";
import { runtimeConfig } from "../../config/runtime";
import { escapeHtml } from "../../lib/seo";
import { CartLines } from "./CartLines";
import { useCart } from "../../stores/cart";
import type { CartItem } from "../../stores/cart";
import { CheckoutForm } from "./CheckoutForm";
import type { CheckoutErrors, CheckoutValues } from "./CheckoutForm";
import { CouponBox } from "./CouponBox";
import type { AppliedDiscount } from "./CouponBox";
import { leavePage } from "./links";
import { forgetPendingCart, readPendingCart, savePendingCart } from "./pending-cart";
import type { PendingCart } from "./pending-cart";
import { discountPence } from "./pricing";
import { readSavedDiscountCode, saveDiscount } from "./discount-store";
import { cartWarnings } from "./warnings";
import "./cart.css";

export const CART_MESSAGES = {
  redirecting: "Redirecting to payment...",
  noPaymentLink: "Enrollment completed, but no payment link received.",
  failed: "Something went wrong. Please try again.",
  cancelled: "Your payment was cancelled and you have not been charged.",
  notCompleted: "Your last payment was not completed and you have not been charged.",
  restored: "Your cart is as you left it.",
  changed: "Your booking was cancelled and its places released, so you can change it. Your cart is as you left it.",
} as const;

/** Query parameters of /cart: the checkout step, and the return from a cancelled payment. */
export const CHECKOUT_STEP_PARAM = "step";
export const CANCELLED_PARAM = "cancelled";

/** API field names of the order payload → fields of the buyer form. */
const ORDER_FIELD_TO_FORM: Record<string, keyof CheckoutErrors> = {
  first_name: "firstName",
  guest_name: "firstName",
  last_name: "lastName",
  phone_number: "phoneNumber",
  guest_email: "email",
  country: "country",
  street_address: "streetAddress",
  town_city: "townCity",
  state: "state",
  company_name: "companyName",
  building_type: "buildingType",
  order_notes: "orderNotes",
};

interface Conflict {
  message: string;
  /** Courses whose date should be chosen again. */
  items: CartItem[];
}

type Notice =
  | { kind: "cancelled" }
  | { kind: "not-completed" }
  | { kind: "changed" }
  | { kind: "awaiting"; paymentLink: string; reference: string; bookingReference: string | null; copy: PendingCart; totalPence: number | null }
  | { kind: "paid"; message: string; reference: string };

/** The heading of /cart before the cart is read from the browser (the first HTML). */
export const CART_HEADING = "Your Cart";

/**
 * What /cart says without JavaScript: the cart lives in the browser's storage and needs it; the
 * courses and the office are one link or call away. Static HTML inside <noscript>.
 */
export function noScriptCartHtml(provider: { phone: string; email: string }): string {
  const phone = escapeHtml(provider.phone).replace(/ /g, "&nbsp;");
  const email = escapeHtml(provider.email);
  return [
    '<div class="cart-notice cart-notice--info cart-noscript">',
    "<p>Your cart is kept in this browser and needs JavaScript to show. ",
    "Turn JavaScript on to see your cart and pay online, ",
    `or book by phone on <a href="${escapeHtml(telHref(provider.phone))}">${phone}</a> `,
    `or by e-mail at <a href="mailto:${email}">${email}</a>.</p>`,
    `<p><a href="${paths.allCourses}">Browse our courses</a> · <a href="${paths.contact}">Contact us</a></p>`,
    "</div>",
  ].join("");
}

/** How long the cart waits for the cancel's answer before giving the copy back anyway. */
export const CANCEL_WAIT_MS = 6000;

type Outcome = { kind: "redirecting" } | { kind: "no-link"; reference: string; bookingReference: string };

function issuesToFormErrors(issues: { path: string; message: string }[] | undefined): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const issue of issues ?? []) {
    const field = ORDER_FIELD_TO_FORM[issue.path.split(".")[0] ?? ""];
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

const mentionsItem = (message: string, items: CartItem[]) => items.some((i) => message.includes(i.title));

/**
 * Which courses a refused order points at: by the issues' paths (`courses.<n>.…`), else by the
 * course title in the message ('Sorry, <title> on <date> is fully booked…'). A refusal naming no
 * course while a code was applied is about the code: no date links then.
 */
export function describeConflict(
  message: string,
  issues: { path: string; message: string }[],
  items: CartItem[],
  hadDiscount: boolean,
): Conflict {
  const indexes = new Set(issues.map((i) => /^courses\.(\d+)/.exec(i.path)?.[1]).filter((x): x is string => x !== undefined).map(Number));
  let affected = items.filter((_, n) => indexes.has(n));
  if (affected.length === 0) affected = items.filter((i) => message.includes(i.title));
  const aboutCode = issues.some((i) => i.path.startsWith("discount_code")) || (affected.length === 0 && hadDiscount);
  return { message, items: aboutCode ? [] : affected.length > 0 ? affected : items };
}

/** /cart: empty state, cart summary with the discount code, and the checkout step (spec §2, §4, §5). */
export default function CartPage() {
  const cart = useCart();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const step = params.get(CHECKOUT_STEP_PARAM) === "checkout" ? "checkout" : "summary";

  const [discount, setDiscountState] = useState<AppliedDiscount | null>(null);
  // The applied code is kept with the cart (reload, return from payment) and checked again on load.
  const setDiscount = useCallback((d: AppliedDiscount | null) => {
    setDiscountState(d);
    saveDiscount(d);
  }, []);
  const [changing, setChanging] = useState(false);
  const [checkingCode, setCheckingCode] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Back from a cancelled payment: the cart waits (loading state) for the API to cancel the
  // order, so a payment that went through after all is shown instead of a restored cart.
  const [cancelling, setCancelling] = useState(() => params.has(CANCELLED_PARAM));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  // The submit button sits below a long form on a phone: bring the refusal and its links into view.
  useEffect(() => {
    if (!conflict) return;
    conflictRef.current?.scrollIntoView?.({ block: "center" });
    conflictRef.current?.focus({ preventScroll: true });
  }, [conflict]);

  const subtotal = cart.totalPence;
  const off = discount ? discountPence(subtotal, discount.percentOff) : 0;
  const total = subtotal - off;

  // Back from a payment page: give the submitted cart back when that payment did not happen
  // (docs/decisions/030). `?cancelled=<reference>` says so directly, and the order is cancelled
  // at once so its seats go back on sale (decision 031); otherwise the API is asked.
  const cancelledRef = params.get(CANCELLED_PARAM);
  const restoreChecked = useRef(false);
  const { hydrated, items, replace } = cart;
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const recheckCode = useCallback(
    (code: string) => {
      // Checked again with the API rather than trusted from storage (it may have run out).
      checkDiscountCode(code)
        .then((r) => setDiscount(r.valid && r.discount ? { code: code.toUpperCase(), percentOff: r.discount.percent_off } : null))
        .catch(() => undefined);
    },
    [setDiscount],
  );
  const restore = useCallback(
    (copy: PendingCart, kind: "cancelled" | "not-completed" | "changed") => {
      const current = itemsRef.current;
      const missing = copy.items.filter((p) => !current.some((i) => i.id === p.id));
      replace([...current, ...missing]);
      forgetPendingCart(copy.reference);
      setNotice({ kind });
      // The order gave its discount use back; check the code again rather than trust the copy.
      if (copy.discountCode) recheckCode(copy.discountCode);
    },
    [replace, recheckCode],
  );
  useEffect(() => {
    if (!hydrated || restoreChecked.current) return;
    restoreChecked.current = true;
    const pending = readPendingCart();
    const savedCode = readSavedDiscountCode();
    if (savedCode && !(pending && pending.discountCode)) recheckCode(savedCode);
    const checkSavedCopy = (copy: PendingCart) =>
      fetchOrderStatus(copy.reference)
        .then((s) => {
          if (s === "not-found" || s.status === "cancelled" || s.status === "expired") restore(copy, cancelledRef ? "cancelled" : "not-completed");
          else if (s.status === "paid") forgetPendingCart(copy.reference);
          else if (copy.paymentLink)
            setNotice({
              kind: "awaiting",
              paymentLink: copy.paymentLink,
              reference: copy.reference,
              bookingReference: s.booking_reference ?? copy.bookingReference ?? null,
              copy,
              totalPence: Math.round(s.total * 100),
            });
        })
        .catch(() => undefined);

    if (!cancelledRef) {
      if (pending) void checkSavedCopy(pending);
      return;
    }
    setParams(
      (p) => {
        p.delete(CANCELLED_PARAM);
        return p;
      },
      { replace: true },
    );
    const copy = pending && pending.reference === cancelledRef ? pending : null;
    // Asked once (this effect runs once per visit); whatever the answer, unless the order turns
    // out paid, the cart comes back: a failed call only means the hold ends with the session.
    cancelOrder(cancelledRef, AbortSignal.timeout(CANCEL_WAIT_MS))
      .then((answer) => {
        if (answer.paid) {
          if (copy) forgetPendingCart(copy.reference);
          setNotice({ kind: "paid", message: answer.message, reference: cancelledRef });
        } else if (copy) restore(copy, "cancelled");
        else setNotice({ kind: "cancelled" });
      })
      .catch(() => {
        if (copy) restore(copy, "cancelled");
        else setNotice({ kind: "cancelled" });
      })
      .finally(() => setCancelling(false));
    // A saved copy of another order (an older tab, say) is checked as without a reference.
    if (pending && !copy) void checkSavedCopy(pending);
  }, [hydrated, restore, recheckCode, cancelledRef, setParams]);

  /** 'Change booking': the held booking is cancelled at once (seats and code use freed) and its courses come back to the cart. */
  async function changeBooking(copy: PendingCart) {
    setChanging(true);
    try {
      const answer = await cancelOrder(copy.reference);
      if (answer.paid) {
        forgetPendingCart(copy.reference);
        setNotice({ kind: "paid", message: answer.message, reference: copy.reference });
      } else {
        restore(copy, "changed");
        // Changing means the summary (remove a course, pick another date), not the form.
        setParams(
          (p) => {
            p.delete(CHECKOUT_STEP_PARAM);
            return p;
          },
          { replace: true },
        );
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : CART_MESSAGES.failed);
    } finally {
      setChanging(false);
    }
  }

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

  function goToCheckout() {
    setParams(
      (p) => {
        p.set(CHECKOUT_STEP_PARAM, "checkout");
        return p;
      },
      { replace: false },
    );
  }

  async function placeOrder(values: CheckoutValues): Promise<CheckoutErrors | void> {
    const order: OrderInput = {
      courses: cart.items.map((i) => ({ id: i.id, selectedDate: i.selectedDateId, selectedAddons: i.selectedAddons.map((a) => a.id) })),
      guest_email: values.email,
      guest_name: values.firstName,
      discount_code: discount?.code ?? null,
      first_name: values.firstName,
      last_name: values.lastName,
      phone_number: values.phoneNumber,
      country: values.country,
      street_address: values.streetAddress,
      town_city: values.townCity,
      state: values.state,
      company_name: values.companyName || null,
      building_type: values.buildingType || null,
      order_notes: values.orderNotes || null,
      accept_terms: true,
    };
    // The same schema the API applies: what it would refuse is caught here with the same words.
    const checked = OrderSchema.safeParse(order);
    if (!checked.success) {
      const errors = issuesToFormErrors(checked.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
      if (Object.keys(errors).length > 0) return errors;
      toast.error(checked.error.issues[0]?.message ?? CART_MESSAGES.failed);
      return;
    }

    setSubmitting(true);
    setConflict(null);
    const submittedItems = cart.items;
    try {
      const res = await submitOrder(order);
      savePendingCart({
        reference: res.reference,
        bookingReference: res.booking_reference,
        items: submittedItems,
        discountCode: discount?.code ?? null,
        paymentLink: res.payment_link || null,
        savedAt: new Date().toISOString(),
      });
      cart.clear();
      // The code now travels with the saved copy (re-checked if the booking comes back to the cart).
      saveDiscount(null);
      if (res.payment_link) {
        setOutcome({ kind: "redirecting" });
        toast.success(CART_MESSAGES.redirecting);
        leavePage.to(res.payment_link);
      } else {
        setOutcome({ kind: "no-link", reference: res.reference, bookingReference: res.booking_reference });
        toast.info(CART_MESSAGES.noPaymentLink);
      }
    } catch (e) {
      const issues = e instanceof ApiError ? (e.body?.issues ?? []) : [];
      const courseIssue = issues.some((i) => i.path.startsWith("courses."));
      if (e instanceof ApiError && (e.status === 409 || (e.status === 400 && courseIssue))) {
        // A date filled up or closed, or the code ran out, meanwhile: keep the cart so the user can
        // choose another date (or go on without the code).
        toast.error(e.message);
        setConflict(describeConflict(e.message, issues, submittedItems, discount !== null));
        if (issues.some((i) => i.path.startsWith("discount_code")) || (discount && !courseIssue && !mentionsItem(e.message, submittedItems))) {
          setDiscount(null);
        }
        return;
      }
      if (e instanceof ApiError && e.status === 400) {
        const errors = issuesToFormErrors(issues);
        if (Object.keys(errors).length > 0) return errors;
      }
      toast.error(CART_MESSAGES.failed);
    } finally {
      setSubmitting(false);
    }
  }

  const pendingBox =
    notice?.kind === "awaiting" ? (
      <section className="cart-pending" aria-labelledby="cart-pending-heading">
        <h2 id="cart-pending-heading" className="cart-pending__title">
          {notice.bookingReference ? `Your booking ${notice.bookingReference} is waiting for payment` : "Your booking is waiting for payment"}
        </h2>
        <p className="cart-pending__text">
          Your places are held for a short time while you pay. You have not been charged yet. To change the courses, dates or add-ons, choose
          &apos;Change booking&apos;: this booking is cancelled at once and its courses come back to your cart.
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
          <Button variant="secondary" size="lg" loading={changing} loadingLabel="Cancelling..." onClick={() => void changeBooking(notice.copy)}>
            Change booking
          </Button>
        </div>
      </section>
    ) : null;

  const noticeBox = notice && notice.kind !== "awaiting" ? (
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
            : `${notice.kind === "cancelled" ? CART_MESSAGES.cancelled : CART_MESSAGES.notCompleted}${cart.count > 0 ? ` ${CART_MESSAGES.restored}` : ""}`}
        </p>
      )}
    </div>
  ) : null;

  if (outcome?.kind === "redirecting") {
    return (
      <div className="cart-page cart-page--state">
        <div className="cart-state" role="status">
          <h1 className="cart-state__title">{CART_MESSAGES.redirecting}</h1>
          <p className="cart-state__text">Please wait while we take you to the secure payment page.</p>
        </div>
      </div>
    );
  }

  if (outcome?.kind === "no-link") {
    return (
      <div className="cart-page cart-page--state">
        <div className="cart-state">
          <h1 className="cart-state__title">Booking received</h1>
          <p className="cart-state__text">
            {CART_MESSAGES.noPaymentLink} Your booking reference is <strong>{outcome.bookingReference}</strong>. Please contact us to complete
            your payment.
          </p>
          <div className="cart-state__actions">
            <ButtonLink as={Link} to={paths.home}>
              Go Home
            </ButtonLink>
          </div>
        </div>
      </div>
    );
  }

  // The server cannot see the cart (local storage), so it renders this until hydration. No element
  // of it survives into the result (its own key), so the swap only adds and removes nodes, which
  // Layout Instability does not count; and the page is a full viewport tall in every state
  // (cart.css), so the footer starts below the fold and never moves in view (docs/decisions/090).
  // Its heading is real (the first HTML has its h1), and without JavaScript the page says why the
  // cart cannot show and how to book anyway (cart.css hides the skeleton then).
  if (!cart.hydrated || cancelling) {
    return (
      <div className="cart-page cart-page--loading" aria-busy="true">
        <div key="loading" className="cart-page__inner cart-loading">
          <Skeleton variant="line" className="cart-skeleton cart-skeleton--crumbs" />
          <h1 className="cart-page__title">{CART_HEADING}</h1>
          <noscript dangerouslySetInnerHTML={{ __html: noScriptCartHtml(runtimeConfig().provider) }} />
          <div className="cart-layout">
            <Skeleton variant="block" className="cart-skeleton cart-skeleton--panel" />
            <Skeleton variant="block" className="cart-skeleton cart-skeleton--panel cart-skeleton--summary" />
          </div>
          <span className="ui-visually-hidden">Loading your cart</span>
        </div>
      </div>
    );
  }

  if (cart.count === 0 && pendingBox) {
    // Back from the payment page with the booking still held: show it once, never 'Your Cart is Empty'.
    return (
      <div className="cart-page">
        <div className="cart-page__inner">
          <Breadcrumb items={[{ label: "Home", href: paths.home }, { label: "Cart Summary" }]} renderLink={({ href, label, className }) => <Link to={href} className={className}>{label}</Link>} />
          <h1 ref={headingRef} tabIndex={-1} className="cart-page__title">
            Your booking
          </h1>
          {pendingBox}
        </div>
      </div>
    );
  }

  if (cart.count === 0) {
    return (
      <div className="cart-page cart-page--state">
        <div className="cart-state">
          <svg className="cart-state__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
            <path
              d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6.2M10 21a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h1 className="cart-state__title">Your Cart is Empty</h1>
          {noticeBox}
          <p className="cart-state__text">
            Looks like you haven&apos;t added any courses yet. Browse our SIA-approved training courses and book your place today.
          </p>
          <div className="cart-state__actions">
            <ButtonLink as={Link} to={paths.allCourses} size="lg">
              Browse Courses
            </ButtonLink>
            <ButtonLink as={Link} to={paths.home} variant="secondary" size="lg">
              Go Home
            </ButtonLink>
          </div>
        </div>
      </div>
    );
  }

  const crumbs =
    step === "checkout"
      ? [{ label: "Home", href: paths.home }, { label: "Cart Summary", href: paths.cart }, { label: "Cart Checkout" }]
      : [{ label: "Home", href: paths.home }, { label: "Cart Summary" }];

  const totals = (
    <dl className="cart-totals" aria-live="polite">
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatPence(subtotal)}</dd>
      </div>
      {discount ? (
        <div className="cart-totals__row cart-totals__row--discount">
          <dt>
            Discount ({discount.code}, {discount.percentOff}% off)
          </dt>
          <dd>-{formatPence(off)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total</dt>
        <dd>{formatPence(total)}</dd>
      </div>
    </dl>
  );

  const warnings = cartWarnings(cart.items);
  const warningBox =
    warnings.length > 0 ? (
      <div className="cart-notice cart-notice--warning" role="status" data-testid="cart-warnings">
        <p className="cart-notice__title">Please check your cart</p>
        <ul>
          {warnings.map((w) => (
            <li key={w.message}>{w.message}</li>
          ))}
        </ul>
      </div>
    ) : null;

  const conflictBox = conflict ? (
    <div ref={conflictRef} tabIndex={-1} className="cart-notice cart-notice--error" role="alert">
      <p>{conflict.message}</p>
      {conflict.items.length > 0 ? (
        <ul>
          {conflict.items.map((i) => (
            <li key={i.id}>
              <Link to={paths.course(i.slug)}>Choose another date for {i.title}</Link>
              {" or "}
              <button type="button" className="cart-notice__link" onClick={() => cart.remove(i.id)}>
                remove it from your cart
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  ) : null;

  return (
    <div className="cart-page">
      <div className="cart-page__inner">
        <Breadcrumb items={crumbs} renderLink={({ href, label, className }) => <Link to={href} className={className}>{label}</Link>} />
        <h1 ref={headingRef} tabIndex={-1} className="cart-page__title">
          {step === "checkout" ? "Checkout" : "Your Cart Summary"}
        </h1>
        {noticeBox}
        {pendingBox}
        {warningBox}

        {step === "summary" ? (
          <div className="cart-layout">
            <section className="cart-panel" aria-labelledby="cart-items-heading">
              <h2 id="cart-items-heading" className="cart-panel__title">
                {cart.count === 1 ? "1 course" : `${cart.count} courses`}
              </h2>
              <CartLines items={cart.items} onRemove={(item) => cart.remove(item.id)} />
            </section>
            <aside className="cart-panel cart-panel--summary" aria-labelledby="cart-total-heading">
              <h2 id="cart-total-heading" className="cart-panel__title">
                Order summary
              </h2>
              {conflictBox}
              {discount ? null : <CouponBox onApplied={setDiscount} onCheckingChange={setCheckingCode} />}
              {totals}
              <Button size="lg" fullWidth onClick={goToCheckout} disabled={cart.count === 0 || checkingCode}>
                Proceed to Checkout ({formatPence(total)})
              </Button>
              <p className="cart-panel__fine">Secure payment. Your places are held for {ORDER_HOLD_MINUTES} minutes while you pay.</p>
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
              {discount ? null : <CouponBox onApplied={setDiscount} onCheckingChange={setCheckingCode} />}
              {totals}
            </aside>
            <section className="cart-panel cart-panel--form">
              {conflictBox}
              <CheckoutForm
                submitLabel={`Proceed to Payment (${formatPence(total)})`}
                busy={submitting}
                disabled={checkingCode}
                onValid={placeOrder}
              />
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
