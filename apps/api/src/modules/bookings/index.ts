/** The bookings module's front door: what other modules may use (docs/decisions/370). */
export { bookingsRouter } from "./router";
export { applyRefundEvent } from "./refunds";
// The office's own actions, run for a customer by self-service (decision 443).
export { cancelBooking } from "./refunds";
export { transferBooking } from "./transfer";
export { renameAttendee } from "./attendee-actions";
export { publicReceiptUrl, type BookingCtx } from "./service";
