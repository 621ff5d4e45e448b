/** What other modules use of the invoices module (issue 34). */
export { invoiceBookingTx, priceChangedTx, vatOn } from "./service";
export { invoicesRouter } from "./router";
export { default as invoicesPlugin } from "./plugin";
export { customerDocuments } from "./documents";
export { moneyReceivedAndRefunded } from "./reports";
