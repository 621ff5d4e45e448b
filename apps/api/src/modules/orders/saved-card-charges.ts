/**
 * The saved card charged without the customer on its day (decision 470): each scheduled instalment
 * of our own plan, and a deposit order's balance on its due day. Three steps per charge: under the
 * order's row lock the charge is checked and counted; the provider is asked outside any transaction
 * with an idempotency key per order and due charge (a retry is the same charge); the outcome is
 * recorded under the lock again through confirmBalanceTx, which takes money only while it is due.
 * A charge that lost to a payment by the link (nothing left due) is refunded at once, so the
 * customer pays once. When the bank asks for authentication or the card fails, the customer is
 * mailed the balance link instead, and the card is not tried again for that charge.
 */
import { formatBookingRef } from "@app/contract";
import type { Db, Tx } from "../../db/client";
import type { OrderRow } from "../../db/schema";
import { ukDate } from "../../lib/dates";
import { logActivity, SYSTEM_ACTOR } from "../activity";
import { withManageLinkTx } from "../customer-links";
import { customerRecipient, enqueueMail, type MailSettings } from "../mail";
import { balancePageUrl, confirmBalanceTx, ensureBalanceLinkTx } from "./balance";
import { savedCardFailedMail } from "./balance-due-mails";
import { amountDue } from "./payment-plan";
import type { PaymentProvider, SavedCard, SavedCardCharge } from "./port";
import { lockOrderRow } from "./balance-repository";
import { findItems } from "./repository";
import * as repo from "./saved-card-repository";
import { giveBackUnneeded } from "./unneeded-payments";

export type SavedCardRun = {
  /** Orders charged in this run (one entry per charge). */
  charged: number[];
  /** Orders whose charge did not go through: the customer was mailed the link. */
  fellBack: number[];
  /** Orders whose charge found the balance paid already (by the link) and was refunded. */
  refunded: number[];
  /** Orders the provider could not be asked about (tried again next run under the same key). */
  unreachable: number[];
};

type Provider = Pick<PaymentProvider, "name" | "chargeSavedCard" | "refund">;
type Due = { kind: "balance" } | { kind: "instalment"; instalmentId: number };
type Planned = { order: OrderRow; amountPence: number; key: string; due: Due };

/** Keeps the card a paid order's checkout saved (the local page's stand-in card; Stripe's comes with its webhook). */
export const keepCardOfOrder = (db: Db, orderId: number, card: SavedCard, now: Date) =>
  db.transaction((tx) => repo.saveCard(tx, { orderId }, card, now));

export async function runSavedCardCharges(db: Db, provider: Provider, settings: MailSettings, now: Date): Promise<SavedCardRun> {
  const today = ukDate(now);
  const run: SavedCardRun = { charged: [], fellBack: [], refunded: [], unreachable: [] };
  for (const i of await repo.findDueInstalments(db, today))
    await chargeOne(db, provider, settings, i.orderId, { kind: "instalment", instalmentId: i.id }, now, run);
  for (const id of await repo.findDueBalanceCharges(db, today))
    await chargeOne(db, provider, settings, id, { kind: "balance" }, now, run);
  return run;
}

/** Step 1, under the order's lock: what to charge now, and the attempt counted (null: nothing to charge). */
async function planCharge(tx: Tx, orderId: number, due: Due, now: Date): Promise<Planned | null> {
  const order = await lockOrderRow(tx, orderId);
  if (!order || order.status !== "paid" || order.releasedUnpaidAt || !order.providerPaymentMethodId) return null;
  const owed = amountDue(order);
  if (owed <= 0) return null;
  if (due.kind === "balance") {
    if (order.balanceChargeFailedAt) return null;
    await repo.markBalanceAttempt(tx, order.id, now);
    return { order, amountPence: owed, key: `balance-${order.reference}-${order.balanceDueOn}`, due };
  }
  const instalment = await repo.lockInstalment(tx, due.instalmentId);
  if (!instalment || instalment.status !== "scheduled") return null;
  await repo.countInstalmentAttempt(tx, instalment.id, now);
  return {
    order,
    amountPence: Math.min(instalment.amountPence, owed),
    key: `instalment-${order.reference}-${instalment.seq}`,
    due,
  };
}

async function chargeOne(
  db: Db,
  provider: Provider,
  settings: MailSettings,
  orderId: number,
  due: Due,
  now: Date,
  run: SavedCardRun,
) {
  const planned = await db.transaction((tx) => planCharge(tx, orderId, due, now));
  if (!planned) return;
  const { order } = planned;
  let result: SavedCardCharge;
  try {
    result = await provider.chargeSavedCard({
      card: { customerId: order.providerCustomerId ?? "", paymentMethodId: order.providerPaymentMethodId! },
      amountPence: planned.amountPence,
      reference: order.reference,
      purpose: due.kind,
      description: `${due.kind === "balance" ? "Balance" : "Instalment"} for booking ${formatBookingRef(order.bookingRef)}`,
      idempotencyKey: planned.key,
    });
  } catch {
    run.unreachable.push(order.id);
    return;
  }
  if (result.kind === "succeeded") {
    const lost = await db.transaction((tx) => recordSucceeded(tx, settings, provider.name, planned, result.paymentId, now));
    if (!lost) return void run.charged.push(order.id);
    // Paid by the link meanwhile: this charge is given back, so the balance is paid once.
    await giveBackUnneeded(
      db,
      provider,
      {
        order,
        paymentId: result.paymentId,
        refundRef: result.paymentId,
        amountPence: planned.amountPence,
        why: "the balance was paid (the saved card's charge on its day)",
      },
      now,
    );
    return void run.refunded.push(order.id);
  }
  await db.transaction((tx) => recordFailed(tx, settings, planned, result, now));
  run.fellBack.push(order.id);
}

/**
 * Step 3 of a charge that took money: recorded, and the customer mailed "Payment received" with the
 * invoice it issued, as for a balance paid by the link. Answers true when nothing of it was due any
 * more (to refund).
 */
async function recordSucceeded(
  tx: Tx,
  settings: MailSettings,
  provider: string,
  planned: Planned,
  paymentId: string,
  now: Date,
): Promise<boolean> {
  const { order, due } = planned;
  if (await repo.chargeRecorded(tx, order.id, provider, paymentId)) return false;
  const outcome = await confirmBalanceTx(
    tx,
    order.reference,
    { amountPence: planned.amountPence, provider, providerRef: paymentId, method: "card_saved", kind: due.kind },
    now,
    settings,
  );
  if (due.kind === "instalment") {
    await repo.closeInstalment(
      tx,
      due.instalmentId,
      outcome.kind === "paid" ? { status: "paid", chargeId: outcome.chargeId } : { status: "cancelled" },
      now,
    );
  }
  return outcome.kind !== "paid" && outcome.kind !== "already_recorded";
}

/** Step 3 of a charge the bank or the card refused: marked, the customer mailed the link, the office told. */
async function recordFailed(
  tx: Tx,
  settings: MailSettings,
  planned: Planned,
  result: Extract<SavedCardCharge, { kind: "authentication_required" | "failed" }>,
  now: Date,
) {
  const { order, due } = planned;
  const reason = result.kind === "authentication_required" ? `authentication required: ${result.message}` : result.message;
  if (due.kind === "instalment") await repo.closeInstalment(tx, due.instalmentId, { status: "failed", error: reason }, now);
  else await repo.markBalanceFailed(tx, order.id, reason, now);
  const locked = (await lockOrderRow(tx, order.id)) ?? order;
  const token = await ensureBalanceLinkTx(tx, order.id, now);
  const facts = {
    duePence: amountDue(locked),
    dueOn: order.balanceDueOn ?? ukDate(now),
    url: balancePageUrl(settings.siteUrl, token),
  };
  const items = await findItems(tx, order.id);
  await enqueueMail(
    tx,
    {
      ...customerRecipient(order),
      kind: "balance_card_failed",
      ...(await withManageLinkTx(
        tx,
        order.id,
        savedCardFailedMail(
          order,
          items,
          facts,
          { amountPence: planned.amountPence, authentication: result.kind === "authentication_required" },
          settings,
        ),
        settings,
        now,
      )),
    },
    now,
  );
  await logActivity(tx, {
    type: "payment",
    action: "Saved card not charged: balance link sent",
    details: `${formatBookingRef(order.bookingRef)}: the ${due.kind === "balance" ? "balance" : "instalment"} of ${planned.amountPence} pence was not taken (${reason}${result.paymentId ? `, ${result.paymentId}` : ""}); the customer was mailed the balance link`,
    actor: SYSTEM_ACTOR,
    amountPence: planned.amountPence,
    at: now,
  });
}
