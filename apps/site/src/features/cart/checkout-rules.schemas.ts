/** What `loadCheckoutRules` (./checkout-rules.ts) loads: the schemas the checkout applies. */
export { AttendeeInputSchema, CheckoutFormSchema, OrderSchema } from "@app/contract";
