/**
 * The payment provider's payouts (decision 424): the office's button fetches Stripe's payouts and
 * each one's balance transactions (charges, refunds, fees, adjustments), matches them to bookings by
 * the provider's ids we recorded (charge, PaymentIntent, Checkout Session, refund), records the fees,
 * and keeps what did not match for the office to look at.
 */
import type { Payout } from "@app/contract";
import type Stripe from "stripe";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { formatBookingRef } from "@app/contract";
import { HttpError } from "../../lib/http-error";
import { lazyRequire } from "../../lib/lazy-require";
import * as repo from "./payouts-repository";

const loadStripe = lazyRequire<typeof Stripe>("stripe");
/** At most this many payouts per sync (the newest first; older ones were synced before). */
const MAX_PAYOUTS = 100;

function client(env: Env): Stripe {
  if (env.PAYMENT_PROVIDER !== "stripe" || !env.STRIPE_SECRET_KEY)
    throw new HttpError(409, "Payouts come from Stripe, and this site does not take payments through Stripe");
  const target = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const StripeClient = loadStripe();
  return new StripeClient(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

type Source = {
  id: string;
  object?: string;
  payment_intent?: string | { id: string } | null;
  charge?: string | { id: string } | null;
};
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/**
 * Our charges carry the Checkout Session's id (`cs_…`) when paid online; a balance transaction names
 * the charge and its PaymentIntent, so the session of that PaymentIntent is asked for too.
 */
async function sessionsOf(stripe: Stripe, paymentIntent: string | null): Promise<string[]> {
  if (!paymentIntent) return [];
  const list = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 3 });
  return list.data.map((s) => s.id);
}

async function matchLine(db: Db, stripe: Stripe, txn: Stripe.BalanceTransaction): Promise<repo.Match> {
  const source = (typeof txn.source === "string" ? { id: txn.source } : txn.source) as Source | null;
  if (!source) return { orderId: null, chargeId: null, refundId: null };
  const pi = idOf(source.payment_intent);
  const related = [pi, idOf(source.charge)].filter((x): x is string => !!x);
  const refund = source.id.startsWith("re_") || source.object === "refund";
  const first = refund ? await repo.matchRefund(db, source.id, related) : await repo.matchPayment(db, [source.id, ...related]);
  if (first.orderId) return first;
  const sessions = await sessionsOf(stripe, pi);
  if (!sessions.length) return first;
  const bySession = await repo.matchPayment(db, sessions);
  return refund ? { ...bySession, chargeId: null } : bySession;
}

export async function syncPayouts(db: Db, env: Env, now: Date): Promise<Payout[]> {
  const stripe = client(env);
  try {
    let count = 0;
    for await (const payout of stripe.payouts.list({ limit: 100 })) {
      if (++count > MAX_PAYOUTS) break;
      const lines: repo.PayoutLineRow[] = [];
      for await (const txn of stripe.balanceTransactions.list({ payout: payout.id, limit: 100, expand: ["data.source"] })) {
        if (txn.type === "payout") continue;
        const match = await matchLine(db, stripe, txn);
        const source = typeof txn.source === "string" ? txn.source : (txn.source?.id ?? null);
        lines.push({
          id: txn.id,
          payoutId: payout.id,
          type: txn.type,
          source,
          description: txn.description ?? null,
          amountPence: txn.amount,
          feePence: txn.fee,
          netPence: txn.net,
          ...match,
          created: new Date(txn.created * 1000),
        });
      }
      await repo.savePayout(
        db,
        {
          id: payout.id,
          amountPence: payout.amount,
          currency: payout.currency,
          status: payout.status,
          arrivalDate: new Date(payout.arrival_date * 1000),
          created: new Date(payout.created * 1000),
          syncedAt: now,
        },
        lines,
      );
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new HttpError(502, `The payment provider did not answer: ${message}`);
  }
  return listPayouts(db);
}

const pounds = (pence: number) => pence / 100;

export async function listPayouts(db: Db): Promise<Payout[]> {
  return (await repo.listPayouts(db)).map(({ payout, lines }) => ({
    id: payout.id,
    amount: pounds(payout.amountPence),
    currency: payout.currency,
    status: payout.status,
    arrival_date: payout.arrivalDate.toISOString(),
    fees: pounds(lines.reduce((sum, l) => sum + l.line.feePence, 0)),
    // Stripe's own fee lines (no source) are expected; charges and refunds must match a booking.
    unmatched: lines.filter((l) => l.line.source && !l.line.orderId).length,
    lines: lines.map(({ line, bookingRef }) => ({
      id: line.id,
      type: line.type,
      source: line.source,
      description: line.description,
      amount: pounds(line.amountPence),
      fee: pounds(line.feePence),
      net: pounds(line.netPence),
      booking_id: line.orderId,
      booking_reference: bookingRef ? formatBookingRef(bookingRef) : null,
      matched: !!line.orderId || !line.source,
    })),
  }));
}
