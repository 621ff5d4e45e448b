/** The office's changes to a waiting list: move someone up, take them off, offer places by hand. */
import type { WaitlistDate } from "@app/contract";
import type { Db, Tx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import * as entries from "./entry-repository";
import type { EntryRow } from "./entry-repository";
import { bookable, freePlaces, listDates, lockDate, type DateFacts } from "./repository";
import { dateText, expireOffersTx, makeOffer, offerOnDateTx, type WaitlistSettings } from "./service";

async function lockedEntry(tx: Tx, id: number): Promise<{ entry: EntryRow; date: DateFacts }> {
  const found = await entries.entryById(tx, id);
  if (!found) throw new HttpError(404, "Waiting-list entry not found");
  // Date first, then the entry: the lock order of the offers.
  const date = await lockDate(tx, found.courseDateId);
  const entry = await entries.entryById(tx, id, true);
  if (!entry || !date) throw new HttpError(404, "Waiting-list entry not found");
  return { entry, date };
}

async function dateView(db: Db | Tx, dateId: number, courseId: number, now: Date, siteUrl: string): Promise<WaitlistDate> {
  const all = await listDates(db, now, siteUrl, courseId);
  return all.find((d) => d.course_date_id === dateId)!;
}

/** Office: move someone one place up the line (swap with the live entry before them). Idempotent at the front. */
export async function moveUp(db: Db, id: number, now: Date, actor: Actor, settings: WaitlistSettings): Promise<WaitlistDate> {
  return db.transaction(async (tx) => {
    const { entry, date } = await lockedEntry(tx, id);
    if (entry.status !== "waiting" && entry.status !== "offered")
      throw new HttpError(409, "Only someone on the list can be moved up");
    const before = await entries.liveEntryBefore(tx, entry);
    if (before) {
      await entries.setPosition(tx, entry.id, before.position, now);
      await entries.setPosition(tx, before.id, entry.position, now);
      await logActivity(tx, {
        type: "other",
        action: "Waiting list changed",
        details: `${entry.name} moved up the waiting list for ${dateText(date)}`,
        actor,
        at: now,
      });
    }
    return dateView(tx, date.id, date.course_id, now, settings.mail.siteUrl);
  });
}

/** Office: take someone off the list; a live offer's places pass on at once (same transaction). */
export async function removeEntry(
  db: Db,
  id: number,
  now: Date,
  actor: Actor,
  settings: WaitlistSettings,
): Promise<WaitlistDate> {
  return db.transaction(async (tx) => {
    const { entry, date } = await lockedEntry(tx, id);
    if (entry.status === "waiting" || entry.status === "offered") {
      await entries.markRemoved(tx, entry.id, now);
      await logActivity(tx, {
        type: "other",
        action: "Waiting list changed",
        details: `${entry.name} was removed from the waiting list for ${dateText(date)}`,
        actor,
        at: now,
      });
      if (entry.status === "offered") await offerOnDateTx(tx, date.id, now, settings);
    }
    return dateView(tx, date.id, date.course_id, now, settings.mail.siteUrl);
  });
}

/**
 * Office: offer places to this person now, out of turn if need be, but only places that are free
 * (never oversold): 409 with how many are free otherwise. An offer already open is left as it is.
 */
export async function offerByHand(
  db: Db,
  id: number,
  now: Date,
  actor: Actor,
  settings: WaitlistSettings,
): Promise<WaitlistDate> {
  return db.transaction(async (tx) => {
    const { entry, date } = await lockedEntry(tx, id);
    if (entry.status === "offered") return dateView(tx, date.id, date.course_id, now, settings.mail.siteUrl);
    if (entry.status !== "waiting") throw new HttpError(409, "Only someone on the list can be offered places");
    await expireOffersTx(tx, date, now);
    if (!bookable(date, now)) throw new HttpError(409, "This date can no longer be booked");
    const free = await freePlaces(tx, date.id, now);
    if (entry.places > free) {
      throw new HttpError(
        409,
        `Not enough free places: ${entry.name} wants ${entry.places === 1 ? "1 place" : `${entry.places} places`} and ${free <= 0 ? "none is" : free === 1 ? "1 is" : `${free} are`} free. Raise the capacity or wait for a cancellation.`,
      );
    }
    await makeOffer(tx, date, entry, now, settings, actor);
    return dateView(tx, date.id, date.course_id, now, settings.mail.siteUrl);
  });
}
