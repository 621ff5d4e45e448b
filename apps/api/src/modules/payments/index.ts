/**
 * The payments module's front door (docs/decisions/370): the provider adapters, the webhook and
 * local-page routes, the payment pages' health and the mismatch entry the ops readings count. The
 * orders themselves change only through the orders module (orders/index.ts), which this module calls.
 */
export { localProvider } from "./local";
export { pageFailureSummary, pageHealth, type PageHealth } from "./page-health";
export { paymentsRoutes } from "./router";
export { stripeProvider } from "./stripe";
export { PAYMENT_MISMATCH_ACTION } from "./verify";
