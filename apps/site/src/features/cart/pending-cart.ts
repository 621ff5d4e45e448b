import { parseStoredCart, PENDING_CART_STORAGE_KEY, syncCartHint } from "../../stores/cart";
import type { CartItem } from "../../stores/cart";

/**
 * A copy of the cart taken when an order is submitted (the cart itself is cleared then, spec §4),
 * so a cancelled payment can give it back: the payment pages send the browser to
 * `/cart?cancelled=<reference>` (docs/decisions/030-cart-restore-after-cancelled-payment.md).
 */
export const PENDING_CART_KEY = PENDING_CART_STORAGE_KEY;

export interface PendingCart {
  /** Internal payment token of the order (addresses and API calls only). */
  reference: string;
  /** The booking reference people read (XXXX-XXXX), when known. */
  bookingReference?: string | null;
  items: CartItem[];
  /** The discount code that was applied, re-checked when the cart comes back. */
  discountCode: string | null;
  /** Where the order can still be paid while it is pending (shown if the customer comes back early). */
  paymentLink: string | null;
  /** ISO time the order was submitted. */
  savedAt: string;
}

export function savePendingCart(pending: PendingCart): void {
  try {
    window.localStorage.setItem(PENDING_CART_KEY, JSON.stringify(pending));
  } catch {
    /* blocked storage: nothing to restore later, the order itself is unaffected */
  }
  syncCartHint();
}

/** The saved copy, or null when there is none or it cannot be read. */
export function readPendingCart(): PendingCart | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(PENDING_CART_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown> | null;
    if (!v || typeof v !== "object" || typeof v.reference !== "string" || !v.reference) return null;
    const items = parseStoredCart(JSON.stringify(v.items ?? null));
    if (items.length === 0) return null;
    return {
      reference: v.reference,
      bookingReference: typeof v.bookingReference === "string" ? v.bookingReference : null,
      items,
      discountCode: typeof v.discountCode === "string" && v.discountCode ? v.discountCode : null,
      paymentLink: typeof v.paymentLink === "string" && /^https?:\/\//.test(v.paymentLink) ? v.paymentLink : null,
      savedAt: typeof v.savedAt === "string" ? v.savedAt : "",
    };
  } catch {
    return null;
  }
}

export function forgetPendingCart(reference?: string): void {
  try {
    const stored = readPendingCart();
    // Keep a copy that belongs to another (newer) order.
    if (reference !== undefined && stored && stored.reference !== reference) return;
    window.localStorage.removeItem(PENDING_CART_KEY);
  } catch {
    /* nothing stored */
  }
  syncCartHint();
}
