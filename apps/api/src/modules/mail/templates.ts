/**
 * Mail templates: every mail has an HTML part and a plain-text part with the same content. Each
 * use has its own file (the layout, the order's lines, the customer's confirmation, the office's
 * notices); this file keeps the one import path the module and its tests have always used.
 */
export { layout } from "./layout";
export { bookingConfirmation, mapLink, type RosterLine, WHAT_TO_BRING } from "./confirmation";
export {
  type ContactMessageMail,
  latePaymentNotice,
  newBookingNotice,
  newMessageNotice,
  paymentMismatchNotice,
} from "./office-notices";
export type { RenderedMail } from "./types";
