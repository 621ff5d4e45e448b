/**
 * The contract's checkout schemas (zod), in a chunk of their own: /cart's first load leaves them
 * out (they and zod are about 26 KB gzipped, which a phone parsed and ran during the page's
 * hydration: blocking time, performance). The form starts loading them when the customer first puts
 * the focus in it, and every check awaits them (decision 258). The rules and words are the API's.
 */
import type * as Rules from "./checkout-rules.schemas";

export type CheckoutRules = typeof Rules;

let loading: Promise<CheckoutRules> | null = null;

/** The schemas, loaded once; a failed load (no connection) is tried again on the next call. */
export function loadCheckoutRules(): Promise<CheckoutRules> {
  loading ??= import("./checkout-rules.schemas").catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
