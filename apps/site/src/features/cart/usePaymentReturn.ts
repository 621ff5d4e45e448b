import { useCallback, useEffect, useRef } from "react";
import type { Dispatch } from "react";
import { useSearchParams } from "react-router";
import { useToast } from "@app/ui";
import { poundsToPence } from "@app/ui/format";
import { useCart } from "../../stores/cart";
import { cancelOrder, checkDiscountCode, fetchOrderStatus } from "./api";
import type { CartPageAction } from "./cart-page-state";
import { readSavedDiscountCode } from "../../stores/discount";
import { CART_MESSAGES } from "./messages";
import { forgetPendingCart, readPendingCart } from "./pending-cart";
import type { PendingCart } from "./pending-cart";
import { appliedDiscountFrom } from "./pricing";
import type { AppliedDiscount } from "./pricing";

/** Query parameters of /cart: the checkout step, and the return from a cancelled payment. */
export const CHECKOUT_STEP_PARAM = "step";
export const CANCELLED_PARAM = "cancelled";

/** How long the cart waits for the cancel's answer before giving the copy back anyway. */
export const CANCEL_WAIT_MS = 6000;

/**
 * Back from a payment page: gives the submitted cart back when that payment did not happen
 * (docs/decisions/030). `?cancelled=<reference>` says so directly, and the order is cancelled at
 * once so its seats go back on sale (decision 031); otherwise the API is asked about a saved copy.
 * Also re-checks a saved discount code, and offers 'Change booking' for a held order.
 */
export function usePaymentReturn(dispatch: Dispatch<CartPageAction>, setDiscount: (d: AppliedDiscount | null) => void) {
  const { hydrated, items, replace } = useCart();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const cancelledRef = params.get(CANCELLED_PARAM);
  const restoreChecked = useRef(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const recheckCode = useCallback(
    (code: string, courseIds: readonly number[] = itemsRef.current.map((i) => i.id)) => {
      // Checked again with the API rather than trusted from storage (it may have run out).
      checkDiscountCode(code, courseIds)
        .then((r) => setDiscount(r.valid && r.discount ? appliedDiscountFrom(code, r.discount) : null))
        .catch(() => undefined);
    },
    [setDiscount],
  );

  const restore = useCallback(
    (copy: PendingCart, kind: "cancelled" | "not-completed" | "changed") => {
      const current = itemsRef.current;
      const missing = copy.items.filter((p) => !current.some((i) => i.id === p.id));
      const restored = [...current, ...missing];
      replace(restored);
      forgetPendingCart(copy.reference);
      dispatch({ type: "notice", notice: { kind } });
      // The order gave its discount use back; check the code again rather than trust the copy.
      if (copy.discountCode)
        recheckCode(
          copy.discountCode,
          restored.map((i) => i.id),
        );
    },
    [replace, recheckCode, dispatch],
  );

  useEffect(() => {
    if (!hydrated || restoreChecked.current) return;
    restoreChecked.current = true;
    const pending = readPendingCart();
    const savedCode = readSavedDiscountCode();
    if (savedCode && !(pending && pending.discountCode)) recheckCode(savedCode);
    const checkSavedCopy = (copy: PendingCart) =>
      fetchOrderStatus(copy.reference)
        .then((s) => {
          if (s === "not-found" || s.status === "cancelled" || s.status === "expired")
            restore(copy, cancelledRef ? "cancelled" : "not-completed");
          else if (s.status === "paid") forgetPendingCart(copy.reference);
          else if (copy.paymentLink)
            dispatch({
              type: "notice",
              notice: {
                kind: "awaiting",
                paymentLink: copy.paymentLink,
                reference: copy.reference,
                bookingReference: s.booking_reference ?? copy.bookingReference ?? null,
                copy,
                totalPence: poundsToPence(s.total),
              },
            });
        })
        .catch(() => undefined);

    if (!cancelledRef) {
      if (pending) void checkSavedCopy(pending);
      return;
    }
    setParams(
      (p) => {
        p.delete(CANCELLED_PARAM);
        return p;
      },
      { replace: true },
    );
    const copy = pending && pending.reference === cancelledRef ? pending : null;
    // Asked once (this effect runs once per visit); whatever the answer, unless the order turns
    // out paid, the cart comes back: a failed call only means the hold ends with the session.
    cancelOrder(cancelledRef, AbortSignal.timeout(CANCEL_WAIT_MS))
      .then((answer) => {
        if (answer.paid) {
          if (copy) forgetPendingCart(copy.reference);
          dispatch({ type: "notice", notice: { kind: "paid", message: answer.message, reference: cancelledRef } });
        } else if (copy) restore(copy, "cancelled");
        else dispatch({ type: "notice", notice: { kind: "cancelled" } });
      })
      .catch(() => {
        if (copy) restore(copy, "cancelled");
        else dispatch({ type: "notice", notice: { kind: "cancelled" } });
      })
      .finally(() => dispatch({ type: "cancel-answered" }));
    // A saved copy of another order (an older tab, say) is checked as without a reference.
    if (pending && !copy) void checkSavedCopy(pending);
  }, [hydrated, restore, recheckCode, cancelledRef, setParams, dispatch]);

  /** 'Change booking': the held booking is cancelled at once (seats and code use freed) and its courses come back to the cart. */
  const changeBooking = useCallback(
    async (copy: PendingCart) => {
      dispatch({ type: "change-started" });
      try {
        const answer = await cancelOrder(copy.reference);
        if (answer.paid) {
          forgetPendingCart(copy.reference);
          dispatch({ type: "notice", notice: { kind: "paid", message: answer.message, reference: copy.reference } });
        } else {
          restore(copy, "changed");
          // Changing means the summary (remove a course, pick another date), not the form.
          setParams(
            (p) => {
              p.delete(CHECKOUT_STEP_PARAM);
              return p;
            },
            { replace: true },
          );
        }
      } catch (e) {
        toast.error(e instanceof Error ? e.message : CART_MESSAGES.failed);
      } finally {
        dispatch({ type: "change-ended" });
      }
    },
    [dispatch, restore, setParams, toast],
  );

  return { changeBooking };
}
