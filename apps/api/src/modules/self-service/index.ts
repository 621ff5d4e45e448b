/** What other modules use of customer self-service. */
export { recordCheckoutAnswer } from "./checkout";
export { manageLinkTx } from "./links";
