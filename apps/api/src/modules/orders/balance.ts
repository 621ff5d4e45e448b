/**
 * Paying the balance of a part-paid order: the secret link of the mails (`order_links`, purpose
 * 'balance'), what it shows, and recording the money when it arrives. Under the order's row lock
 * the amount must be exactly what is still due, so two payments of the same balance can never
 * both be taken: the second finds nothing due and is refused.
 */
import { randomBytes } from "node:crypto";
import { formatBookingRef } from "@app/contract";
import type { Db, Tx } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import { logActivity } from "../activity";
import { withManageLinkTx } from "../customer-links";
import { customerRecipient, enqueueMail, type MailSettings } from "../mail";
import { paymentReceivedMail } from "./balance-mails";
import { withDocumentLinksTx } from "./document-links";
import { recordChargeTx } from "./money-events";
import { amountDue } from "./payment-plan";
import * as planRepo from "./payment-plan-repository";
import * as repo from "./repository";

/** A balance link: 192 random bits, URL-safe. */
const newToken = () => randomBytes(24).toString("base64url");

/** The order's balance link, made once (in the transaction that records its deposit). */
export async function ensureBalanceLinkTx(tx: Tx, orderId: number, now: Date): Promise<string> {
  const existing = await planRepo.balanceLinkOf(tx, orderId);
  if (existing) return existing;
  const token = newToken();
  await planRepo.insertLink(tx, orderId, token, "balance", now);
  return token;
}

/** The site's page a balance link opens. */
export const balancePageUrl = (siteUrl: string, token: string) => `${siteUrl}/pay/${encodeURIComponent(token)}`;

/** What the confirmation says of a part-paid order: the amount due, when, and the link. */
export const balanceDue = (order: OrderRow, token: string, siteUrl: string) => ({
  url: balancePageUrl(siteUrl, token),
  duePence: amountDue(order),
  dueOn: order.balanceDueOn ?? null,
});

/** The success page's part on a part-paid order: the balance link, what is due and when (empty otherwise). */
export async function balanceStatus(
  db: Db,
  order: OrderRow,
  siteUrl: string,
): Promise<{ balance_link?: string; amount_due?: number; balance_due_on?: string | null }> {
  if (order.status !== "paid" || amountDue(order) <= 0) return {};
  const token = await planRepo.balanceLinkOf(db, order.id);
  if (!token) return {};
  return {
    balance_link: balancePageUrl(siteUrl, token),
    amount_due: amountDue(order) / 100,
    balance_due_on: order.balanceDueOn ?? null,
  };
}

/** The order a balance link is for (null: unknown or revoked). */
export const orderOfBalanceLink = (db: Db, token: string) => planRepo.orderOfLink(db, token, "balance");

export type BalanceView = {
  order: OrderRow;
  items: Awaited<ReturnType<typeof repo.findItems>>;
  duePence: number;
  closed: boolean;
};

export async function balanceView(db: Db, token: string): Promise<BalanceView | null> {
  const order = await orderOfBalanceLink(db, token);
  if (!order) return null;
  const items = await repo.findItems(db, order.id);
  return { order, items, duePence: order.status === "paid" ? amountDue(order) : 0, closed: order.status !== "paid" };
}

export type BalanceOutcome =
  | { kind: "paid"; order: OrderRow; chargeId: number }
  /** Nothing is due (paid in full already: a second payment of the same balance). */
  | { kind: "nothing_due"; order: OrderRow }
  /** This very payment was recorded before (a second event of the same payment): nothing changes. */
  | { kind: "already_recorded"; order: OrderRow }
  /** Cancelled, released or never paid: no balance to take. */
  | { kind: "closed"; order: OrderRow }
  /** The provider took another amount than is due (handled like any mismatch: not recorded). */
  | { kind: "amount_mismatch"; order: OrderRow; duePence: number }
  | { kind: "not_found" };

/**
 * Records a balance (or instalment) payment, once: under the order's lock, only while exactly
 * `amountPence` is due. The provider's id makes a redelivered confirmation a no-op.
 */
export async function confirmBalanceTx(
  tx: Tx,
  reference: string,
  payment: { amountPence: number; provider: string; providerRef: string | null; method: string; kind: "balance" | "instalment" },
  now: Date,
  // The customer is mailed that the money arrived, with the invoice it issued (decision 490).
  mail?: MailSettings,
): Promise<BalanceOutcome> {
  const order = await repo.lockOrder(tx, { reference });
  if (!order) return { kind: "not_found" };
  if (order.status !== "paid" || order.releasedUnpaidAt) return { kind: "closed", order };
  const due = amountDue(order);
  if (due <= 0) return { kind: "nothing_due", order };
  if (payment.amountPence !== due && payment.kind === "balance") return { kind: "amount_mismatch", order, duePence: due };
  if (payment.amountPence > due) return { kind: "amount_mismatch", order, duePence: due };
  const charge = await recordChargeTx(tx, {
    orderId: order.id,
    kind: payment.kind,
    amountPence: payment.amountPence,
    method: payment.method,
    provider: payment.provider,
    providerRef: payment.providerRef,
    at: now,
  });
  // Recorded before (the same provider payment): nothing changes.
  if (!charge) return { kind: "already_recorded", order };
  const paid = await planRepo.addPaid(tx, order.id, payment.amountPence, now);
  if (amountDue(paid) === 0) await planRepo.settleInstalments(tx, order.id, now);
  const name = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "payment",
    action: amountDue(paid) === 0 ? "Balance paid: paid in full" : "Instalment received",
    details: `${formatBookingRef(order.bookingRef)}: ${name} paid ${payment.kind === "balance" ? "the balance" : "an instalment"}`,
    actor: { id: null, name },
    amountPence: payment.amountPence,
    at: now,
  });
  if (mail) {
    const received = paymentReceivedMail(paid, payment.amountPence, amountDue(paid), mail);
    const withInvoice = await withDocumentLinksTx(tx, paid.id, received, { type: "invoice", issuedFrom: now });
    const linked = await withManageLinkTx(tx, paid.id, withInvoice, mail, now);
    await enqueueMail(tx, { ...customerRecipient(paid), kind: "balance_paid", ...linked }, now);
  }
  return { kind: "paid", order: paid, chargeId: charge.id };
}

export async function confirmBalance(
  db: Db,
  reference: string,
  payment: Parameters<typeof confirmBalanceTx>[2],
  now: Date,
  mail?: MailSettings,
): Promise<BalanceOutcome> {
  return db.transaction((tx) => confirmBalanceTx(tx, reference, payment, now, mail));
}
