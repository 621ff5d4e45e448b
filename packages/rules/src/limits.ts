/**
 * Order limits both the site (the cart) and the API (the order) apply: one constant each, so the
 * cart can never offer what the API refuses. The contract re-exports them (`@app/contract/order-facts`).
 */

/** Most places one order may hold on one date (group and employer bookings). */
export const MAX_PLACES_PER_ORDER = 10;

/** A pending order holds its places and its discount use this long while the customer pays. */
export const ORDER_HOLD_MINUTES = 30;
