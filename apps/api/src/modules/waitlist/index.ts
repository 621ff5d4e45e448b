/** The waitlist module's front door: what other modules may use (docs/decisions/370). */
export { waitlistRouter } from "./router";
export { linkOfferToOrderTx, takeWaitlistOfferTx } from "./service";
export { removeEntry } from "./office";
export type { WaitlistSettings } from "./service";
export { default as waitlistPlugin } from "./plugin";
