/** What other modules use of customer self-service. */
export { recordCheckoutAnswer } from "./checkout";
export { cancellationInformation, manageLinkTx, withManageLinkTx } from "./links";
