/**
 * The plain values of orders and text limits that forms show and the API applies, in a module
 * without zod: a page can name the countries, the hold time or a field's longest length without
 * loading the schemas (about 26 KB gzipped with zod). The cart page loads the schemas only when
 * the customer starts the checkout form (decision 258). `orders.ts` and `common.ts`
 * re-export these, so `@app/contract` offers them as before.
 */

export const COUNTRIES = ["United Kingdom", "United States", "Canada", "Australia"] as const;
export const STATES = ["England", "Scotland", "Wales", "Northern Ireland"] as const;
export const DEFAULT_COUNTRY = COUNTRIES[0];
/** The order limits are rules of @app/rules (the cart applies them too): the hold time and the places per order. */
export { MAX_PLACES_PER_ORDER, ORDER_HOLD_MINUTES } from "@app/rules";

/** The booking terms page's version; the order stores the version the customer agreed to. */
export const BOOKING_TERMS_VERSION = "2026-11-27";
export const BOOKING_TERMS_REQUIRED_MESSAGE = "Please tick 'I agree to the booking terms' to continue";

/** Longest text of each kind the API accepts (decision 110); the forms show the same limits. */
export const TEXT_MAX = {
  short: 200,
  email: 254,
  phone: 40,
  postcode: 16,
  code: 32,
  reference: 100,
  url: 2048,
  details: 2000,
  message: 5000,
} as const;
