/**
 * "Leave the list" from the customer's booking page: the office's own removal of a waiting-list
 * entry (activity entry, the next person offered the place) with the customer as the actor. Only an
 * entry of the booking's e-mail address can be left, so a booking's link never reaches anyone else's.
 */
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { removeEntry, type WaitlistSettings } from "../waitlist";
import { customerActor } from "./actions";
import * as repo from "./repository";

export async function leaveListByCustomer(
  db: Db,
  order: repo.OrderRow,
  entryId: number,
  key: string,
  now: Date,
  settings: WaitlistSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.claimAction(tx, { orderId: order.id, kind: "leave_list", key, summary: "", at: now }))) return;
    const entry = (await repo.waitingOf(tx, order.guestEmail)).find((w) => w.id === entryId);
    if (!entry) throw new HttpError(404, "You are not on this waiting list any more");
    // The removal's own transaction becomes a savepoint of this one, so the bell notice and the removal land together.
    await removeEntry(tx as unknown as Db, entryId, now, customerActor(order), settings);
    await repo.setActionSummary(tx, order.id, key, `left the waiting list for ${entry.course} on ${entry.startDate} online`);
  });
}
