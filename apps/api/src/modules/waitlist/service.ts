/**
 * Waiting lists (issue 15, decisions 230-239). An offer is a seat hold: the entry's offer_places
 * count in course_dates.seats_held (trigger, migration waitlist) while it is 'offered', so the
 * public 'places left', the booking fast path and the locked check all see them as taken, on every
 * API instance. Every offer is made under the date row's lock, after counting the free places in
 * a fresh statement: nothing is ever offered twice or oversold.
 */
import { randomBytes } from "node:crypto";
import {
  WAITLIST_ALREADY_MESSAGE,
  WAITLIST_JOINED_MESSAGE,
  WAITLIST_NOT_FULL_MESSAGE,
  type WaitlistJoinSchema,
  type WaitlistOffer,
} from "@app/contract";
import { formatDateRange as dateRangeLabel } from "@app/rules";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, SYSTEM_ACTOR, type Actor } from "../activity";
import type { MailSettings } from "../mail";
import { enqueueOfferMail, waitlistJoinedMail, waitlistOfferMail } from "./mail";
import * as entries from "./entry-repository";
import type { EntryRow } from "./entry-repository";
import { bookable, datesToCheck, freePlaces, lockDate, type DateFacts } from "./repository";

export type WaitlistSettings = { offerHours: number; mail: MailSettings };

/** The offer link's secret: 128 random bits, URL-safe. */
const newOfferToken = () => randomBytes(16).toString("base64url");

export const dateText = (d: DateFacts) => `${d.course_title} (${dateRangeLabel(d.start_date, d.end_date)})`;

/**
 * Joins the list of a fully booked date. The same e-mail on the same date again updates the name,
 * phone and places wanted and keeps the place in line (one live entry per e-mail and date, a
 * unique index, so two quick submits make one entry).
 */
export async function joinWaitlist(
  db: Db,
  input: z.output<typeof WaitlistJoinSchema>,
  now: Date,
  mail?: MailSettings,
): Promise<{ created: boolean; message: string; position: number }> {
  return db.transaction(async (tx) => {
    const date = await lockDate(tx, input.course_date_id);
    if (!date || !bookable(date, now)) throw new HttpError(404, "Course date not found");
    // A date with free places and nobody waiting can simply be booked.
    if ((await entries.liveEntriesCount(tx, date.id)) === 0 && (await freePlaces(tx, date.id, now)) > 0)
      throw new HttpError(409, WAITLIST_NOT_FULL_MESSAGE);
    const { id, created } = await entries.upsertEntry(tx, date.id, input, now);
    // The place in the queue: live entries of the date ahead of this one, in the list's order.
    const position = Math.max((await entries.queuePosition(tx, id)) ?? 1, 1);
    if (created && mail) {
      // A confirmation with the place in the queue (issue 27), sent with the join.
      await enqueueOfferMail(
        tx,
        input.email,
        input.name,
        waitlistJoinedMail(
          {
            name: input.name,
            courseTitle: date.course_title,
            startDate: date.start_date,
            endDate: date.end_date,
            time: date.course_time,
            places: input.places,
            position,
          },
          mail,
        ),
        now,
        "waitlist_joined",
      );
    }
    if (created) {
      await logActivity(tx, {
        type: "other",
        action: "Joined the waiting list",
        details: `${input.name} joined the waiting list for ${dateText(date)} (${input.places === 1 ? "1 place" : `${input.places} places`})`,
        actor: { id: null, name: input.name },
        at: now,
      });
    }
    return { created, message: created ? WAITLIST_JOINED_MESSAGE : WAITLIST_ALREADY_MESSAGE, position };
  });
}

/** Makes one offer, in the caller's transaction (which holds the date's lock and has counted the places). */
export async function makeOffer(
  tx: Tx,
  date: DateFacts,
  entry: EntryRow,
  now: Date,
  settings: WaitlistSettings,
  actor: Actor,
): Promise<boolean> {
  const token = newOfferToken();
  const expiresAt = new Date(now.getTime() + settings.offerHours * 3_600_000);
  const offered = await entries.markOffered(tx, entry, { token, expiresAt, by: actor.name }, now);
  if (!offered) return false;
  const mail = waitlistOfferMail(
    {
      name: entry.name,
      courseTitle: date.course_title,
      startDate: date.start_date,
      endDate: date.end_date,
      time: date.course_time,
      places: entry.places,
      token,
      expiresAt,
    },
    settings.mail,
  );
  await enqueueOfferMail(tx, entry.email, entry.name, mail, now);
  await logActivity(tx, {
    type: "other",
    action: "Waiting-list offer",
    details: `${entry.name} was offered ${entry.places === 1 ? "1 place" : `${entry.places} places`} on ${dateText(date)}, held for ${settings.offerHours} hours`,
    actor,
    at: now,
  });
  return true;
}

/** Marks the date's offers that ran out as expired: their places come free (trigger) for the next person. */
export async function expireOffersTx(tx: Tx, date: DateFacts, now: Date): Promise<number> {
  const expired = await entries.expireOffers(tx, date.id, now);
  for (const e of expired) {
    await logActivity(tx, {
      type: "other",
      action: "Waiting-list offer expired",
      details: `${e.name}'s offer on ${dateText(date)} was not taken in time; the places pass to the next person`,
      actor: SYSTEM_ACTOR,
      at: now,
    });
  }
  return expired.length;
}

/**
 * One date, in the caller's transaction: lock the date, expire its offers that ran out, count the
 * free places (fresh statement, after the lock), then offer them down the line: each waiting person
 * whose places fit gets an offer, in order, until the free places are used up.
 */
export async function offerOnDateTx(tx: Tx, dateId: number, now: Date, settings: WaitlistSettings): Promise<number> {
  const date = await lockDate(tx, dateId);
  if (!date) return 0;
  await expireOffersTx(tx, date, now);
  if (!bookable(date, now)) return 0;
  let free = await freePlaces(tx, date.id, now);
  if (free <= 0) return 0;
  const waiting = await entries.waitingEntries(tx, date.id);
  let made = 0;
  for (const entry of waiting) {
    if (free <= 0) break;
    if (entry.places > free) continue;
    if (await makeOffer(tx, date, entry, now, settings, SYSTEM_ACTOR)) {
      free -= entry.places;
      made++;
    }
  }
  return made;
}

/**
 * Compares free places with the lists and makes the offers (and expires offers that ran out):
 * `dateIds` given (after a cancel or a capacity change) or every date with someone waiting (the
 * periodic job). One short transaction per date; safe with several API instances (the date lock).
 */
export async function offerFreedPlaces(db: Db, now: Date, settings: WaitlistSettings, dateIds?: number[]): Promise<number> {
  const ids = dateIds ?? (await datesToCheck(db, now));
  let made = 0;
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    made += await db.transaction((tx) => offerOnDateTx(tx, id, now, settings));
  }
  return made;
}

/**
 * For an order carrying a waiting-list token (orders/service.ts, placeOrder's locked path): locks
 * the order's dates in id order (the order of decision 080), then turns the live offer on one of
 * them into 'booked': its held places come free inside this transaction, for this order alone
 * (nobody else can claim them before we commit: we hold the date). Null when the token is unknown,
 * ran out or was used: the order is then an ordinary one and the seat check decides.
 */
export async function takeWaitlistOfferTx(tx: Tx, token: string, dateIds: number[], now: Date): Promise<number | null> {
  const ids = [...new Set(dateIds)].sort((a, b) => a - b);
  if (!ids.length) return null;
  await entries.lockDatesInOrder(tx, ids);
  return entries.bookOffer(tx, token, ids, now);
}

/** Links the used offer to its order (same transaction as the order). */
export async function linkOfferToOrderTx(tx: Tx, entryId: number, orderId: number): Promise<void> {
  await entries.setOrderOfEntry(tx, entryId, orderId);
}

/** The offer link's answer: the date to put in the cart and the details to fill in. */
export async function findOffer(db: Db, token: string, now: Date): Promise<WaitlistOffer | null> {
  const r = await entries.offerByToken(db, token);
  if (!r) return null;
  const expiresAt = new Date(r.expires_at);
  const status = r.status === "offered" && expiresAt > now ? "offered" : r.status === "booked" ? "booked" : "expired";
  return {
    status,
    course_id: Number(r.course_id),
    course_slug: r.slug,
    course_title: r.title,
    course_date_id: Number(r.date_id),
    start_date: r.start_date,
    end_date: r.end_date,
    date_label: dateRangeLabel(r.start_date, r.end_date),
    places: Number(r.places),
    name: r.name,
    email: r.email,
    phone: r.phone,
    expires_at: expiresAt.toISOString(),
  };
}
