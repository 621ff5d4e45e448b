/**
 * The orders module's front door (docs/decisions/370): the one place where an order changes, and
 * the read models other modules need. The module owns its tables (orders, order_items,
 * order_attendees, order_payments, refunds, payment_events): no other module writes them.
 */
// Placing and the order-row builder.
export { placeOrder, priceCart, type PlaceOptions, type PricedCart } from "./placing";
export { newReference } from "./order-row";
export type { OrderInput } from "./pricing";
export { newBookingRef, withUniqueBookingRef } from "./booking-reference";
// The lifecycle: confirm payment, cancel, expire.
export {
  cancelOrderAndCheckout,
  cancelPending,
  cancelPendingTx,
  confirmPayment,
  confirmPaymentTx,
  expireDueOrders,
  expireOrdersTx,
  type ConfirmOptions,
} from "./lifecycle";
export type { CancelOutcome, ConfirmOutcome, PlaceOutcome, PlacedOrder } from "./outcomes";
export { refusalError } from "./http-answers";
export { releaseUnsessionedHolds } from "./unsessioned";
// The office's steps: bookings it takes, money received later, refunds, transfers.
export type { OfficeCtx, StepHooks } from "./office-context";
export { recordOfficeBooking, recordOfficePayment, type OfficeBooked, type OfficeBookingInput } from "./office-booking";
export {
  cancelPaidOrder,
  recordProviderRefunds,
  refundOrder,
  refundTx,
  type CancelledPaid,
  type ProviderRefunded,
  type RefundEventResult,
} from "./refunds";
export { transferOptions, transferPlace, type Transferred } from "./transfer";
export { lockOrderById } from "./office-repository";
export { orderSearchIds } from "./search-repository";
// Single-place changes and the attendees' mails.
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
export { bookingCalendar, calendarContentType } from "./calendar";
// The payment port (implemented by the payments module's adapters) and the provider's events.
export {
  cancelUrl,
  successUrl,
  WebhookSignatureError,
  type CheckoutDetails,
  type CheckoutOrder,
  type CheckoutStop,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
  type SavedCard,
  type SavedCardCharge,
  type SavedCardChargeRequest,
} from "./port";
export { adoptCheckoutSession, applyPaymentEvent, onceForEvent, type EventResult } from "./provider-events";
export { notFoundPage, renderLocalPaymentPage } from "./local-page";
export { effectiveStatus } from "./mappers";
// Read models.
export { enrollmentById, listEnrollments, orderWithItems } from "./queries";
export {
  attachCheckoutSession,
  findAttendeesOf,
  findItems,
  findOrderById,
  findOrderByReference,
  findOrderBySession,
  findUnsessionedByReference,
  type OrderKey,
} from "./repository";
export { findPayment, findRefunds, sumRefunded, type ChargeRow, type NewCharge } from "./money-repository";
// Money received and given back, as events other modules act on in the same transaction (decision 368).
export {
  onChargeRecorded,
  onRefundRecorded,
  recordChargeTx,
  refundRecordedTx,
  type ChargeListener,
  type RefundListener,
} from "./money-events";
export { provideDocumentLinks, withDocumentLinksTx, type DocumentLink, type DocumentLinkQuery } from "./document-links";
export { amountDue, dueToday } from "./payment-plan";
export { balancePageUrl, confirmBalanceTx, ensureBalanceLinkTx } from "./balance";
export { trainerEnrollments } from "./trainer-view";
// The routers (registered by app.ts).
export { ordersRouter } from "./router";
export { approvalsRouter } from "./approval-router";
export { paymentOptionsRouter } from "./payment-options-router";
export {
  afterOfficePaymentTx,
  bookingMoney,
  moneyStateOf,
  outstandingTotals,
  phoneDepositTerms,
  resultsHeld,
  type PhoneDepositTerms,
} from "./money-view";
export { runOverdueBalances, type OverdueRun } from "./overdue";
export { keepCardOfOrder, runSavedCardCharges, type SavedCardRun } from "./saved-card-charges";
export { runBalanceReminders } from "./balance-reminders";
export { giveBackUnneeded } from "./unneeded-payments";
export { findCharges as chargesOf, type ChargeListRow } from "./balance-repository";
export { overdueAlertsSince } from "./balance-repository";
export { paymentOptionsRoutes } from "./payment-options-routes";
