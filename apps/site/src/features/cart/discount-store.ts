import type { AppliedDiscount } from "./pricing";

/**
 * The applied discount code survives a reload and the return from the payment page: kept in
 * local storage beside the cart and always checked again with the API before it is shown.
 */
export const DISCOUNT_STORAGE_KEY = "cart:discount";

export function saveDiscount(discount: AppliedDiscount | null): void {
  try {
    if (discount) window.localStorage.setItem(DISCOUNT_STORAGE_KEY, JSON.stringify({ code: discount.code }));
    else window.localStorage.removeItem(DISCOUNT_STORAGE_KEY);
  } catch {
    /* blocked storage: the code lasts for this page only */
  }
}

/** The stored code (to be checked again), or null. */
export function readSavedDiscountCode(): string | null {
  try {
    const raw = window.localStorage.getItem(DISCOUNT_STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as { code?: unknown } | null;
    return v && typeof v.code === "string" && v.code.trim() ? v.code.trim() : null;
  } catch {
    return null;
  }
}
