/** The messages module's front door: what other modules may use (docs/decisions/370). */
export { messagesRouter } from "./router";
