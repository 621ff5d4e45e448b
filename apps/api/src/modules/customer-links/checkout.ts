/**
 * The checkout's express request (decision 442): asked only when a course starts inside the 14-day
 * cancellation period; the answer is stored then, and null (not asked) otherwise.
 */
import { startsInsideCancellationPeriod } from "@app/rules";
import type { Db } from "../../db/client";
import { ukDate } from "../../lib/dates";
import * as repo from "./repository";
import { firstStart } from "./first-start";

export async function recordCheckoutAnswer(db: Db, orderId: number, answer: boolean | undefined, now: Date): Promise<void> {
  const start = firstStart(await repo.startDatesOf(db, orderId));
  const asked = start !== null && startsInsideCancellationPeriod(ukDate(now), start);
  await repo.updateSelfFacts(db, orderId, { earlyStartRequested: asked ? answer === true : null });
}
