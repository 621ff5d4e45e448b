/** The ratelimit module's front door: what other modules may use (docs/decisions/370). */
export { takeHit } from "./service";
