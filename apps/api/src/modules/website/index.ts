/** The website module's front door: what other modules may use (docs/decisions/370). */
export { websiteRouter } from "./router";
