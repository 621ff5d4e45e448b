/**
 * Waiting lists (issue 15, decisions 230-239). An offer is a seat hold: the entry's offer_places
 * count in course_dates.seats_held (trigger, migration waitlist) while it is 'offered', so the
 * public 'places left', the booking fast path and the locked check all see them as taken, on every
 * API instance. Every offer is made under the date row's lock, after counting the free places in
 * a fresh statement: nothing is ever offered twice or oversold.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  WAITLIST_ALREADY_MESSAGE,
  WAITLIST_JOINED_MESSAGE,
  WAITLIST_NOT_FULL_MESSAGE,
  type WaitlistDate,
  type WaitlistJoinSchema,
  type WaitlistOffer,
} from "@app/contract";
import { formatDateRange as dateRangeLabel } from "@app/rules";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { waitlistEntries } from "../../db/schema";
import { HttpError } from "../../lib/http-error";
import { logActivity, SYSTEM_ACTOR, type Actor } from "../activity";
import type { MailSettings } from "../mail";
import { enqueueOfferMail, waitlistJoinedMail, waitlistOfferMail } from "./mail";
import { bookable, datesToCheck, freePlaces, listDates, lockDate, type DateFacts } from "./repository";

export type WaitlistSettings = { offerHours: number; mail: MailSettings };
type EntryRow = typeof waitlistEntries.$inferSelect;

/** The offer link's secret: 128 random bits, URL-safe. */
const newOfferToken = () => randomBytes(16).toString("base64url");

const dateText = (d: DateFacts) => `${d.course_title} (${dateRangeLabel(d.start_date, d.end_date)})`;

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
    const [inLine] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.courseDateId, date.id), inArray(waitlistEntries.status, ["waiting", "offered"])));
    // A date with free places and nobody waiting can simply be booked.
    if ((inLine?.n ?? 0) === 0 && (await freePlaces(tx, date.id, now)) > 0) throw new HttpError(409, WAITLIST_NOT_FULL_MESSAGE);
    const { rows } = await tx.execute<{ id: number; created: boolean }>(sql`
      insert into waitlist_entries (course_date_id, name, email, phone, places, created_at, updated_at)
      values (${date.id}, ${input.name}, ${input.email}, ${input.phone}, ${input.places}, ${now.toISOString()}, ${now.toISOString()})
      on conflict (course_date_id, lower(email)) where status in ('waiting', 'offered')
      do update set name = excluded.name, phone = excluded.phone,
        places = case when waitlist_entries.status = 'waiting' then excluded.places else waitlist_entries.places end,
        updated_at = excluded.updated_at
      returning id, (xmax = 0) as created`);
    const created = Boolean(rows[0]?.created);
    // The place in the queue: live entries of the date ahead of this one, in the list's order.
    const { rows: ahead } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from waitlist_entries w, waitlist_entries me
      where me.id = ${rows[0]!.id} and w.course_date_id = me.course_date_id and w.status in ('waiting', 'offered')
        and (w.position, w.id) <= (me.position, me.id)`);
    const position = Math.max(ahead[0]?.n ?? 1, 1);
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
async function makeOffer(
  tx: Tx,
  date: DateFacts,
  entry: EntryRow,
  now: Date,
  settings: WaitlistSettings,
  actor: Actor,
): Promise<boolean> {
  const token = newOfferToken();
  const expiresAt = new Date(now.getTime() + settings.offerHours * 3_600_000);
  const [offered] = await tx
    .update(waitlistEntries)
    .set({
      status: "offered",
      offerToken: token,
      offerPlaces: entry.places,
      offeredAt: now,
      offerExpiresAt: expiresAt,
      offeredBy: actor.name,
      updatedAt: now,
    })
    .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "waiting")))
    .returning();
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
async function expireOffersTx(tx: Tx, date: DateFacts, now: Date): Promise<number> {
  const expired = await tx
    .update(waitlistEntries)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.courseDateId, date.id),
        eq(waitlistEntries.status, "offered"),
        sql`${waitlistEntries.offerExpiresAt} <= ${now.toISOString()}`,
      ),
    )
    .returning();
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
  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.courseDateId, date.id), eq(waitlistEntries.status, "waiting")))
    .orderBy(waitlistEntries.position, waitlistEntries.id);
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
  await tx.execute(sql`select id from course_dates where id = any(${sql.param(ids)}::int[]) order by id for no key update`);
  const [taken] = await tx
    .update(waitlistEntries)
    .set({ status: "booked", updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.offerToken, token),
        eq(waitlistEntries.status, "offered"),
        sql`${waitlistEntries.offerExpiresAt} > ${now.toISOString()}`,
        inArray(waitlistEntries.courseDateId, ids),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return taken?.id ?? null;
}

/** Links the used offer to its order (same transaction as the order). */
export async function linkOfferToOrderTx(tx: Tx, entryId: number, orderId: number): Promise<void> {
  await tx.update(waitlistEntries).set({ orderId }).where(eq(waitlistEntries.id, entryId));
}

/** The offer link's answer: the date to put in the cart and the details to fill in. */
export async function findOffer(db: Db, token: string, now: Date): Promise<WaitlistOffer | null> {
  const { rows } = await db.execute<{
    status: EntryRow["status"];
    course_id: number;
    slug: string;
    title: string;
    date_id: number;
    start_date: string;
    end_date: string;
    places: number;
    name: string;
    email: string;
    phone: string;
    expires_at: Date | string;
  }>(sql`
    select w.status, c.id as course_id, c.slug, c.title, d.id as date_id, d.start_date::text as start_date, d.end_date::text as end_date,
      coalesce(w.offer_places, w.places) as places, w.name, w.email, w.phone, w.offer_expires_at as expires_at
    from waitlist_entries w join course_dates d on d.id = w.course_date_id join courses c on c.id = d.course_id
    where w.offer_token = ${token}`);
  const r = rows[0];
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

async function lockedEntry(tx: Tx, id: number): Promise<{ entry: EntryRow; date: DateFacts }> {
  const [found] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!found) throw new HttpError(404, "Waiting-list entry not found");
  // Date first, then the entry: the lock order of the offers.
  const date = await lockDate(tx, found.courseDateId);
  const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for("update");
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
    const [before] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.courseDateId, entry.courseDateId),
          inArray(waitlistEntries.status, ["waiting", "offered"]),
          sql`(${waitlistEntries.position}, ${waitlistEntries.id}) < (${entry.position}, ${entry.id})`,
        ),
      )
      .orderBy(sql`${waitlistEntries.position} desc, ${waitlistEntries.id} desc`)
      .limit(1);
    if (before) {
      await tx.update(waitlistEntries).set({ position: before.position, updatedAt: now }).where(eq(waitlistEntries.id, entry.id));
      await tx.update(waitlistEntries).set({ position: entry.position, updatedAt: now }).where(eq(waitlistEntries.id, before.id));
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
      await tx.update(waitlistEntries).set({ status: "removed", updatedAt: now }).where(eq(waitlistEntries.id, entry.id));
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
