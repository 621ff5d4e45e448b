/**
 * A payment that found nothing due (the balance paid by the link and by the saved card at once) is
 * given back in full at once, so the customer pays once (decision 470). It is noted first, so the
 * provider's echo of the refund (charge.refunded) is not taken for a refund of the booking's money.
 */
import { formatBookingRef } from "@app/contract";
import { penceToPounds as toPounds } from "@app/rules";
import type { Db } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import { logActivity, SYSTEM_ACTOR } from "../activity";
import { insertUnneededPayment, setUnneededRefund } from "./money-repository";
import type { PaymentProvider } from "./port";

export async function giveBackUnneeded(
  db: Db,
  provider: Pick<PaymentProvider, "name" | "refund">,
  payment: {
    order: Pick<OrderRow, "id" | "bookingRef">;
    /** The provider's payment id (its refunds' echo names it). */
    paymentId: string;
    /** What the provider refunds by (the payment id, or the checkout session that took it). */
    refundRef: string;
    amountPence: number;
    why: string;
  },
  now: Date,
): Promise<void> {
  const { order, paymentId, amountPence } = payment;
  const noted = await db.transaction((tx) =>
    insertUnneededPayment(tx, { orderId: order.id, provider: provider.name, paymentRef: paymentId, amountPence, createdAt: now }),
  );
  // Given back before (a redelivered event): the same key would name the same refund anyway.
  if (!noted) return;
  const refund = await provider.refund(payment.refundRef, amountPence, `unneeded-${paymentId}`);
  await db.transaction(async (tx) => {
    await setUnneededRefund(tx, provider.name, paymentId, refund.id);
    await logActivity(tx, {
      type: "payment",
      action: "Payment not needed: refunded",
      details: `${formatBookingRef(order.bookingRef)}: ${toPounds(amountPence).toFixed(2)} GBP (${paymentId}) was taken after ${payment.why}; given back in full (${refund.id})`,
      actor: SYSTEM_ACTOR,
      amountPence,
      at: now,
    });
  });
}
