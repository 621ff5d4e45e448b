import { useSyncExternalStore } from "react";
import { discountLines } from "@app/rules";
import { linePence, type CartItem } from "./cart";

/** An applied code as the cart holds it: exactly one of percentOff and amountOffPence is set. */
export interface AppliedDiscount {
  code: string;
  percentOff: number | null;
  /** A fixed amount off the order, in pence (office booking tools' '£X off' codes). */
  amountOffPence: number | null;
  /** Courses the code is limited to; empty: every course. */
  courseIds: number[];
}

/**
 * The applied discount code survives a reload and the return from the payment page: kept in
 * local storage beside the cart and always checked again with the API before the cart shows it.
 * The header's cart total reads the same code (attendee changes), so it shows what the cart page shows.
 */
export const DISCOUNT_STORAGE_KEY = "cart:discount";

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: AppliedDiscount | null } | null = null;

function parse(raw: string | null): AppliedDiscount | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<AppliedDiscount> | null;
    if (!v || typeof v.code !== "string" || !v.code.trim()) return null;
    // A code saved before the header priced it (code only) counts once the cart page checks it again.
    if (v.percentOff === undefined && v.amountOffPence === undefined) return null;
    return {
      code: v.code,
      percentOff: typeof v.percentOff === "number" ? v.percentOff : null,
      amountOffPence: typeof v.amountOffPence === "number" ? v.amountOffPence : null,
      courseIds: Array.isArray(v.courseIds) ? v.courseIds.filter((n): n is number => typeof n === "number") : [],
    };
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(DISCOUNT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The applied code as last saved (the same object while nothing changed, as useSyncExternalStore needs). */
function snapshot(): AppliedDiscount | null {
  const raw = readRaw();
  if (!cached || cached.raw !== raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab applying or removing a code.
  const onStorage = (e: StorageEvent) => {
    if (e.key === DISCOUNT_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function saveDiscount(discount: AppliedDiscount | null): void {
  try {
    if (discount) window.localStorage.setItem(DISCOUNT_STORAGE_KEY, JSON.stringify(discount));
    else window.localStorage.removeItem(DISCOUNT_STORAGE_KEY);
  } catch {
    /* blocked storage: the code lasts for this page only */
  }
  for (const l of listeners) l();
}

/** The stored code (to be checked again), or null. */
export function readSavedDiscountCode(): string | null {
  try {
    const raw = readRaw();
    if (!raw) return null;
    const v = JSON.parse(raw) as { code?: unknown } | null;
    return v && typeof v.code === "string" && v.code.trim() ? v.code.trim() : null;
  } catch {
    return null;
  }
}

/**
 * The discount of a cart in pence, from the rules package's `discountLines`: the very function the
 * API prices the order with (decision 174), so the cart and the header show the total the server
 * charges, a course-limited code included.
 */
export function cartDiscountPence(items: readonly CartItem[], discount: AppliedDiscount | null): number {
  if (!discount) return 0;
  return discountLines(
    items.map((i) => ({ courseId: i.id, pricePence: linePence(i) })),
    discount,
  ).discountPence;
}

/** The applied code for the header's total; none on the server (the cart lives in the browser). */
export function useAppliedDiscount(): AppliedDiscount | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
