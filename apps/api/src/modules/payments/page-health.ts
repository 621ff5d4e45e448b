/**
 * Payment pages that could not be opened (decision 272): each failure is recorded; when failures
 * repeat an alert episode opens once (the office's bell and dashboard show it), and the next
 * payment page that opens closes it (the bell says payments open again).
 *
 * Repeating means either
 * - `IN_ROW` (3) failures in a row: no payment page opened since the first of them (within an hour), or
 * - in the last 15 minutes at least `IN_ROW` failures that are more than `SHARE` (20 %) of the orders
 *   placed (an intermittent fault on a busy day that "in a row" would miss).
 * One failure alone is not an alert: Stripe has the odd bad second, and the customer is told to
 * try again in a few minutes.
 */
import type { Db } from "../../db/client";
import * as repo from "./repository";
import type { PageAlertRow } from "./repository";

export const IN_ROW = 3;
export const SHARE = 0.2;
/** How long an instance trusts what it last read about an open episode before it asks again. */
const OPEN_CHECK_TTL_MS = 30_000;

export type { PageAlertRow };

export interface PageHealth {
  /** A payment page could not be opened for `orderId`. Answers whether this failure opened an episode. */
  failed(orderId: number, at: Date): Promise<{ alertOpened: boolean }>;
  /** A payment page opened. Answers whether this closed an open episode. */
  opened(at: Date): Promise<{ recovered: boolean }>;
}

/**
 * The payment-page watch of one API instance. A successful page costs no query while no episode
 * is open: the instance re-reads whether one is open at most every 30 s (another instance may
 * have opened it), and knows at once when it opened one itself.
 */
export function pageHealth(db: Db, provider: string): PageHealth {
  let open: { value: boolean; readAt: number } | null = null;
  const openNow = async (): Promise<boolean> => {
    if (open && Date.now() - open.readAt < OPEN_CHECK_TTL_MS) return open.value;
    const value = await repo.hasOpenPageAlert(db);
    open = { value, readAt: Date.now() };
    return value;
  };
  return {
    async failed(orderId, at) {
      await repo.insertPageFailure(db, { orderId, provider, at });
      const facts = await repo.pageFailureFacts(db, provider, at);
      const repeating =
        facts.inRow >= IN_ROW || (facts.failures15 >= IN_ROW && facts.failures15 > SHARE * Math.max(1, facts.attempts15));
      if (!repeating) return { alertOpened: false };
      const alertOpened = await repo.openPageAlert(db, { provider, startedAt: at, failures: facts.failures15 });
      open = { value: true, readAt: Date.now() };
      return { alertOpened };
    },
    async opened(at) {
      if (!(await openNow())) return { recovered: false };
      const recovered = await repo.closePageAlert(db, at);
      open = { value: false, readAt: Date.now() };
      return { recovered };
    },
  };
}

export { pageAlertsSince, pageFailureSummary } from "./repository";
