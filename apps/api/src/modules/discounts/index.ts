/** The discounts module's front door: what other modules may use (docs/decisions/370). */
export { takeDiscountCheck } from "./limits";
export { discountsRouter } from "./router";
export { checkDiscount } from "./service";
