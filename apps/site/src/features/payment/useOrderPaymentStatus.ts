/**
 * The order's payment status on /payment/success: asked of the API until it is paid (the webhook
 * may land after the browser), a few times, then the page says it is still being confirmed.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchOrderStatus } from "./api";
import type { OrderStatus } from "./api";
import { PENDING_CART_STORAGE_KEY, syncCartHint } from "../../stores/cart";

/** The payment provider's confirmation (webhook) may land a few seconds after the browser returns. */
export const STATUS_POLL_INTERVAL_MS = 2000;
export const STATUS_POLL_ATTEMPTS = 8;

/** Local-storage key of the cart copy kept for a cancelled payment (owned by the cart feature). */
const PENDING_CART_KEY = PENDING_CART_STORAGE_KEY;

export type PaymentStatusView =
  | { kind: "plain" }
  | { kind: "checking" }
  | { kind: "pending"; gaveUp: boolean; status?: OrderStatus }
  | { kind: "paid"; status: OrderStatus }
  | { kind: "expired" | "cancelled"; status: OrderStatus }
  | { kind: "not-found" }
  | { kind: "error" };

function forgetPendingCart(reference: string) {
  try {
    const raw = window.localStorage.getItem(PENDING_CART_KEY);
    if (raw && (JSON.parse(raw) as { reference?: unknown }).reference === reference)
      window.localStorage.removeItem(PENDING_CART_KEY);
  } catch {
    /* nothing to forget */
  }
  syncCartHint(); // the server's /cart follows: empty once no copy is held
}

/** Polls the order `reference` names (none: nothing is asked); `retry` starts a new round of checks. */
export function useOrderPaymentStatus(reference: string | null) {
  const [view, setView] = useState<PaymentStatusView>(reference ? { kind: "checking" } : { kind: "plain" });
  const [round, setRound] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const poll = useCallback((ref: string, attempt: number, cancelled: () => boolean) => {
    fetchOrderStatus(ref)
      .then((s) => {
        if (cancelled()) return;
        if (s === "not-found") return setView({ kind: "not-found" });
        if (s.status === "paid") {
          forgetPendingCart(ref);
          return setView({ kind: "paid", status: s });
        }
        if (s.status === "expired" || s.status === "cancelled") return setView({ kind: s.status, status: s });
        const last = attempt + 1 >= STATUS_POLL_ATTEMPTS;
        setView({ kind: "pending", gaveUp: last, status: s });
        if (!last) timer.current = setTimeout(() => poll(ref, attempt + 1, cancelled), STATUS_POLL_INTERVAL_MS);
      })
      .catch(() => {
        if (!cancelled()) setView({ kind: "error" });
      });
  }, []);

  useEffect(() => {
    if (!reference) return;
    let stop = false;
    poll(reference, 0, () => stop);
    return () => {
      stop = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [reference, round, poll]);

  const retry = () => {
    setView({ kind: "checking" });
    setRound((r) => r + 1);
  };

  return { view, retry };
}
