import type { Db, Tx } from "../../db/client";
import type { Actor } from "../activity";
import type { PaymentProvider } from "./port";

/**
 * What the office's order steps (office bookings, payments received later, refunds, transfers)
 * need from the app: the database, the payment provider, the clock and the administrator acting.
 * The bookings module's context (its routes' mails and links) extends it.
 */
export type OfficeCtx = {
  db: Db;
  provider: Pick<PaymentProvider, "name" | "refund" | "expireCheckout" | "paymentRefunds">;
  now: Date;
  actor: Actor;
};

/**
 * The caller's part of an office step, run inside the step's transaction: `once` claims the
 * step's retry key (false: done before, the step changes nothing), `then` queues what the caller
 * tells people (mails), so the change and its mails commit together or not at all.
 */
export type StepHooks<Facts> = {
  once?: (tx: Tx, orderId: number) => Promise<boolean>;
  then?: (tx: Tx, facts: Facts) => Promise<void>;
};
