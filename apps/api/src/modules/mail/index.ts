/** The mail module's front door: what other modules may use (docs/decisions/370). */
export { enqueueNewMessageNotice } from "./notices";
export { addressingColumns, customerRecipient, enqueueMail, mailSettings, type MailSettings } from "./outbox";
export { bookingConfirmation, layout } from "./templates";
export { fileTransport, type MailTransport, type OutgoingMail, smtpTransport } from "./transport";
export { type RenderedMail } from "./types";
export { customerAddress, type MailAddressing, officeRecipient } from "./outbox";
export { latePaymentNotice, newBookingNotice, paymentMismatchNotice } from "./templates";
