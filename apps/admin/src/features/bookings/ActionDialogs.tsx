/**
 * The confirmation dialogs of a booking's actions, one per file in `dialogs/`: cancel (with a full,
 * chosen or no refund), refund without cancelling, transfer to another date of the same course,
 * resend the confirmation, record a payment received later. Each dialog makes its idempotency key
 * when it opens (`useBookingAction`), so pressing its button again after a lost answer repeats the
 * same request instead of refunding twice. A failure stays in the dialog (with the server's words);
 * success closes it and the page shows what happened.
 */
export { CancelDialog } from "./dialogs/CancelDialog";
export { RefundDialog } from "./dialogs/RefundDialog";
export { TransferDialog } from "./dialogs/TransferDialog";
export { ResendDialog } from "./dialogs/ResendDialog";
export { RecordPaymentDialog, owedOn } from "./dialogs/RecordPaymentDialog";
export { DialogError, DialogForm, type DoneHandler } from "./dialogs/DialogForm";
