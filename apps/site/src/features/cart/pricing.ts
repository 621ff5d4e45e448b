/**
 * Display arithmetic of the cart in integer pence (the API prices the real order with the same
 * rules). Spec §4: total = subtotal minus percent of subtotal. The rules live in @app/rules.
 */
export { discountPence, totalAfterDiscount } from "@app/rules";
