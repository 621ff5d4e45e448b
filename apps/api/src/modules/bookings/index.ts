/** The bookings module's front door: what other modules may use (docs/decisions/370). */
export { bookingsRouter } from "./router";
export { applyRefundEvent } from "./refunds";
