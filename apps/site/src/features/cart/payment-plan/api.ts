import type { z } from "zod";
import type { PaymentOffersSchema } from "@app/contract";
import { apiFetch } from "../../../lib/api";
import { placesOf } from "../../../stores/cart";
import type { CartItem } from "../../../stores/cart";

export type PaymentOffers = z.infer<typeof PaymentOffersSchema>;
export type PaymentOffer = PaymentOffers["offers"][number];

/** POST /api/payment-offers: the ways of paying this cart (Full Payment first), today, later and when. */
export function fetchPaymentOffers(
  items: readonly CartItem[],
  discountCode: string | null,
  signal?: AbortSignal,
): Promise<PaymentOffers> {
  const courses = items.map((i) => {
    const line = { id: i.id, selectedDate: i.selectedDateId, selectedAddons: i.selectedAddons.map((a) => a.id) };
    const places = placesOf(i);
    return places > 1 ? { ...line, quantity: places } : line;
  });
  return apiFetch<PaymentOffers>("/api/payment-offers", {
    method: "POST",
    body: { courses, discount_code: discountCode },
    signal,
  });
}
