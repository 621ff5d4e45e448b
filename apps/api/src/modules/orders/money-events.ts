/**
 * Money received and money given back, as events other modules act on in the same transaction
 * (invoices and credit notes are issued from them). Listeners register here; the orders module
 * never imports them, so no module pair imports each other (decision 368).
 */
import type { Tx } from "../../db/client";
import type { refunds } from "../../db/schema";
import { insertCharge, type ChargeRow, type NewCharge } from "./money-repository";

export type ChargeListener = (tx: Tx, charge: ChargeRow) => Promise<void>;
export type RefundRow = typeof refunds.$inferSelect;
export type RefundListener = (tx: Tx, refund: RefundRow) => Promise<void>;

const chargeListeners = new Set<ChargeListener>();
const refundListeners = new Set<RefundListener>();

/** Calls `listener` in the transaction of every new charge; returns a function that unregisters it. */
export function onChargeRecorded(listener: ChargeListener): () => void {
  chargeListeners.add(listener);
  return () => chargeListeners.delete(listener);
}

/** Calls `listener` in the transaction of every new refund row; returns a function that unregisters it. */
export function onRefundRecorded(listener: RefundListener): () => void {
  refundListeners.add(listener);
  return () => refundListeners.delete(listener);
}

/**
 * Records one amount received (the only writer of `order_charges`) and tells the listeners. Null, and
 * nothing told, when the same payment was recorded before (provider id or office retry key).
 */
export async function recordChargeTx(tx: Tx, charge: NewCharge): Promise<ChargeRow | null> {
  const row = await insertCharge(tx, charge);
  if (row) for (const listener of chargeListeners) await listener(tx, row);
  return row;
}

/** Tells the listeners of a refund row just inserted (the caller inserted it under the order's lock). */
export async function refundRecordedTx(tx: Tx, refund: RefundRow): Promise<void> {
  for (const listener of refundListeners) await listener(tx, refund);
}
