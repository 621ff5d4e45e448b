/** The system module's front door: what other modules may use (docs/decisions/370). */
export { systemRouter } from "./router";
