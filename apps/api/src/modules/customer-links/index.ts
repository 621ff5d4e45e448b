/**
 * The customer's links to a booking and the checkout's answers kept for self-service (decisions
 * 440, 442): used by orders (confirmation mail, placement) and by self-service, importing neither.
 */
export { recordCheckoutAnswer } from "./checkout";
export { firstStart } from "./first-start";
export { cancellationInformation, manageLinkTx, withManageLinkTx } from "./links";
export { manageToken, newToken, updateSelfFacts } from "./repository";
