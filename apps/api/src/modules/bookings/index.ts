/** What other modules use of the office's bookings: the same actions, run for a customer (self-service). */
export { cancelBooking } from "./refunds";
export { transferBooking, transferOptions } from "./transfer";
export { renameAttendee } from "./attendee-actions";
export { publicReceiptUrl, type BookingCtx } from "./service";
