/**
 * Payment pages that could not be opened (decisions 272, 313): each failure is recorded in
 * `payment_page_failures`. Whether failures repeat, and so whether the office is alerted, is the
 * ops alerts' call (modules/ops, decision 296): one owner, so one episode gives one bell entry,
 * one mail and one recovery notice. Repeating means 3 in a row, or over 20 % of at least 5
 * attempts in 15 minutes; one failure alone is not an alert (Stripe has the odd bad second, and
 * the customer is told to try again in a few minutes).
 *
 * The ops-alerts job judges each minute; a failure, and a page that opens while the alert is
 * open, ask for a judgement at once, so the office hears within seconds and the alert ends with
 * the first customer who can pay again.
 */
import type { Db } from "../../db/client";
import * as repo from "./repository";

/** How long an instance trusts what it last read about an open alert before it asks again. */
const OPEN_CHECK_TTL_MS = 30_000;

export interface PageHealth {
  /** A payment page could not be opened for `orderId`: recorded, then the alerts are judged. */
  failed(orderId: number, at: Date): Promise<void>;
  /** A payment page opened: while an alert is open, the alerts are judged (it may end). */
  opened(): Promise<void>;
}

/** What the ops module offers the watch (wired in plugins/payments.ts). */
export type AlertHooks = {
  /** One run of the alert evaluator. */
  evaluate: () => Promise<unknown>;
  /** Whether a payment-page alert is open now. */
  isOpen: () => Promise<boolean>;
};

/**
 * The payment-page watch of one API instance. A page that opens costs no query while no alert is
 * open: the instance re-reads whether one is open at most every 30 s (another instance may have
 * opened it), and knows at once after a judgement of its own.
 */
export function pageHealth(db: Db, provider: string, alerts: AlertHooks): PageHealth {
  let open: { value: boolean; readAt: number } | null = null;
  const openNow = async (): Promise<boolean> => {
    if (open && Date.now() - open.readAt < OPEN_CHECK_TTL_MS) return open.value;
    const value = await alerts.isOpen();
    open = { value, readAt: Date.now() };
    return value;
  };
  const judge = async () => {
    await alerts.evaluate();
    open = { value: await alerts.isOpen(), readAt: Date.now() };
  };
  return {
    async failed(orderId, at) {
      await repo.insertPageFailure(db, { orderId, provider, at });
      await judge();
    },
    async opened() {
      if (await openNow()) await judge();
    },
  };
}

export { pageFailureSummary } from "./repository";
