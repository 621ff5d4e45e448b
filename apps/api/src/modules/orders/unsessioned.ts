import type { Db } from "../../db/client";
import { SYSTEM_ACTOR } from "../activity";
import { lockUnsessioned, setExpired } from "./repository";

/**
 * Releases holds whose payment page never opened (docs/decisions/102): the API placed the order
 * and then died, or lost its answer, while the payment provider was being asked for a checkout
 * session, so the customer never got a link and nobody can pay. Such an order has no provider
 * session after UNSESSIONED_HOLD_MINUTES (a checkout normally opens within seconds; the Stripe
 * client gives up well before): its places go back then instead of after the 30-minute hold.
 * The local development provider opens no session and is left alone. Safe with several API
 * instances (`FOR UPDATE SKIP LOCKED`); returns how many orders it released.
 */
export async function releaseUnsessionedHolds(db: Db, now: Date, minutes: number, batch = 100): Promise<number> {
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const picked = await lockUnsessioned(tx, cutoff, now, batch);
      if (!picked.length) return 0;
      await setExpired(
        tx,
        picked,
        now,
        (o) => ({
          action: "Order released early",
          details: `Order ${o.reference.slice(0, 8)}: the payment page never opened, so its places were released after ${minutes} minutes`,
          userName: SYSTEM_ACTOR.name,
        }),
        { countItems: false },
      );
      return picked.length;
    });
    total += n;
    if (n < batch) return total;
  }
}
