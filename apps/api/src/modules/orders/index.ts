/** What other modules use of the orders module (issue 27: its attendees' mails and single-place changes). */
export {
  attendeeName,
  cancelPlaceTx,
  mailAttendeesTx,
  renamePlaceTx,
  rosterOf,
  swapPlaceTx,
  tellAttendeesTx,
  type RosterLine,
} from "./attendees";
export {
  attendeeCancelledMail,
  attendeePlaceMail,
  attendeeRenamedMail,
  buyerPlaceChangeMail,
  type PlaceChange,
} from "./attendee-mail";
export { skipPlannedMail } from "./attendee-repository";
export { calendarContentType } from "./calendar";
export {
  onChargeRecorded,
  onRefundRecorded,
  recordChargeTx,
  refundRecordedTx,
  type ChargeListener,
  type RefundListener,
} from "./money-events";
export type { ChargeRow, NewCharge } from "./repository";
export {
  afterOfficePaymentTx,
  bookingMoney,
  moneyStateOf,
  outstandingTotals,
  phoneDepositTerms,
  resultsHeld,
  type PhoneDepositTerms,
} from "./balance";
export { runOverdueBalances, type OverdueRun } from "./overdue";
export { findCharges as chargesOf, type ChargeListRow } from "./balance-repository";
export { overdueAlertsSince } from "./balance-repository";
