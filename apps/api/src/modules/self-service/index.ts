/** The customer self-service module's front door (decisions 440-446). */
export { selfServiceRouter } from "./router";
