/**
 * The whole-page states of /cart: redirecting, placed without a payment link, loading, empty.
 * Each is the inside of the page: CartPage keeps one wrapper element through every state, so the
 * swap after hydration never replaces it (docs/decisions/090).
 */
import type { ReactNode } from "react";
import { ButtonLink, Skeleton } from "@app/ui";
import { paths } from "../../../config/paths";
import { telHref } from "../../../config/provider";
import { runtimeConfig } from "../../../config/runtime";
import { escapeHtml } from "../../../lib/seo";
import { CART_HEADING, CART_MESSAGES } from "../messages";
import { Link } from "../../../components/Link";

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

/**
 * The page's wrapper, the same element in every state (a component renders to its element, so
 * React keeps the <div> when only its class changes).
 */
export function CartPageFrame({ variant, children }: { variant?: "state" | "loading"; children: ReactNode }) {
  return (
    <div
      className={variant ? `cart-page cart-page--${variant}` : "cart-page"}
      aria-busy={variant === "loading" ? "true" : undefined}
    >
      {children}
    </div>
  );
}

export function RedirectingState() {
  return (
    <div className="cart-state" role="status">
      <h1 className="cart-state__title">{CART_MESSAGES.redirecting}</h1>
      <p className="cart-state__text">Please wait while we take you to the secure payment page.</p>
    </div>
  );
}

export function NoPaymentLinkState({ bookingReference }: { bookingReference: string }) {
  return (
    <div className="cart-state">
      <h1 className="cart-state__title">Booking received</h1>
      <p className="cart-state__text">
        {CART_MESSAGES.noPaymentLink} Your booking reference is <strong>{bookingReference}</strong>. Please contact us to complete
        your payment.
      </p>
      <div className="cart-state__actions">
        <ButtonLink as={Link} to={paths.home}>
          Go Home
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * The server cannot see the cart (local storage), so it renders this until hydration. No element
 * of it survives into the result (its own key), so the swap only adds and removes nodes, which
 * Layout Instability does not count; and the page is a full viewport tall in every state
 * (cart.css), so the footer starts below the fold and never moves in view (docs/decisions/090).
 * Its heading is real (the first HTML has its h1), and without JavaScript the page says why the
 * cart cannot show and how to book anyway (cart.css hides the skeleton then).
 */
export function LoadingState() {
  return (
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
  );
}

export function EmptyState({ notice }: { notice: ReactNode }) {
  return (
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
      {notice}
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
  );
}

/** Course finder and prerequisites: the booking waits for the office; no payment yet, the link comes by e-mail once approved. */
export function AwaitingApprovalState({ bookingReference, until }: { bookingReference: string; until: string }) {
  const by = new Date(until).toLocaleString("en-GB", { timeZone: "Europe/London", dateStyle: "long", timeStyle: "short" });
  return (
    <div className="cart-state">
      <h1 className="cart-state__title">Booking waiting for approval</h1>
      <p className="cart-state__text">
        Thank you. Your booking reference is <strong>{bookingReference}</strong>. We hold your places until {by} while we check
        your details; no payment has been taken. Once we approve it we will e-mail you the link to pay, or tell you why we cannot
        accept it.
      </p>
      <div className="cart-state__actions">
        <ButtonLink as={Link} to={paths.home}>
          Go Home
        </ButtonLink>
      </div>
    </div>
  );
}
