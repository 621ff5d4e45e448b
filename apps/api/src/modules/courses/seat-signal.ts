import type { Db, DbOrTx } from "../../db/client";
import { batched, perKey } from "../../lib/batch";
import { CATALOGUE_CHANNEL } from "./catalogue-listener";
import { notify } from "./seat-repository";

/**
 * "Places left moved" for every API instance (decision 255), after new bookings commit. A booking's
 * own transaction does not NOTIFY (migration 0021): Postgres serialises the commits of notifying
 * transactions, WAL flush included, and that capped bookings at ~360/s. Instead the caller awaits
 * this after its booking committed and before it answers: one `pg_notify` in a transaction of its
 * own that writes nothing (so no flush), shared by the bookings of one event-loop turn. It starts
 * after each of their commits, so every listener hears of each booking before the customer does,
 * as with the trigger. Deletes and status changes still notify from their own transactions.
 */
export const seatsMoved = (db: Db): Promise<void> => signalOf(db)(null);

/**
 * The signal itself, sent from `db` or inside a transaction `tx` (then at its commit, as Postgres
 * delivers notifications: office bookings, which are few, use that).
 */
export async function announceSeatsMoved(db: DbOrTx): Promise<void> {
  await notify(db, CATALOGUE_CHANNEL, "seats");
}

const signalOf = perKey((db: Db) =>
  batched(async (calls: null[]) => {
    await announceSeatsMoved(db);
    return calls.map(() => undefined);
  }),
);
