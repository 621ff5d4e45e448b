/** Waiting-list entries (table waitlist_entries): the queue, offers and their tokens. The rules are in service.ts and office.ts. */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { waitlistEntries } from "../../db/schema";

export type EntryRow = typeof waitlistEntries.$inferSelect;

/** People on the date's list (waiting or holding an offer). */
export async function liveEntriesCount(tx: Tx, dateId: number): Promise<number> {
  const [inLine] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.courseDateId, dateId), inArray(waitlistEntries.status, ["waiting", "offered"])));
  return inLine?.n ?? 0;
}

/**
 * Adds the person to the date's list, or updates the live entry of the same e-mail (name, phone,
 * and places while still waiting); answers the entry's id and whether it is new.
 */
export async function upsertEntry(
  tx: Tx,
  dateId: number,
  input: { name: string; email: string; phone: string; places: number },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const { rows } = await tx.execute<{ id: number; created: boolean }>(sql`
    insert into waitlist_entries (course_date_id, name, email, phone, places, created_at, updated_at)
    values (${dateId}, ${input.name}, ${input.email}, ${input.phone}, ${input.places}, ${now.toISOString()}, ${now.toISOString()})
    on conflict (course_date_id, lower(email)) where status in ('waiting', 'offered')
    do update set name = excluded.name, phone = excluded.phone,
      places = case when waitlist_entries.status = 'waiting' then excluded.places else waitlist_entries.places end,
      updated_at = excluded.updated_at
    returning id, (xmax = 0) as created`);
  return { id: rows[0]!.id, created: Boolean(rows[0]?.created) };
}

/** The entry's place in its date's queue: live entries up to and including it, in the list's order. */
export async function queuePosition(tx: Tx, entryId: number): Promise<number | undefined> {
  const { rows: ahead } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from waitlist_entries w, waitlist_entries me
    where me.id = ${entryId} and w.course_date_id = me.course_date_id and w.status in ('waiting', 'offered')
      and (w.position, w.id) <= (me.position, me.id)`);
  return ahead[0]?.n;
}

/** A waiting entry becomes an offer; undefined when it was no longer waiting. */
export async function markOffered(
  tx: Tx,
  entry: EntryRow,
  offer: { token: string; expiresAt: Date; by: string },
  now: Date,
): Promise<EntryRow | undefined> {
  const [offered] = await tx
    .update(waitlistEntries)
    .set({
      status: "offered",
      offerToken: offer.token,
      offerPlaces: entry.places,
      offeredAt: now,
      offerExpiresAt: offer.expiresAt,
      offeredBy: offer.by,
      updatedAt: now,
    })
    .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "waiting")))
    .returning();
  return offered;
}

/** The date's offers that ran out by `now`, marked expired. */
export async function expireOffers(tx: Tx, dateId: number, now: Date): Promise<EntryRow[]> {
  return tx
    .update(waitlistEntries)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.courseDateId, dateId),
        eq(waitlistEntries.status, "offered"),
        sql`${waitlistEntries.offerExpiresAt} <= ${now.toISOString()}`,
      ),
    )
    .returning();
}

/** The date's waiting entries in the list's order. */
export async function waitingEntries(tx: Tx, dateId: number): Promise<EntryRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.courseDateId, dateId), eq(waitlistEntries.status, "waiting")))
    .orderBy(waitlistEntries.position, waitlistEntries.id);
}

/** Locks the course dates in id order (the lock order of decision 080). */
export async function lockDatesInOrder(tx: Tx, ids: number[]): Promise<void> {
  await tx.execute(sql`select id from course_dates where id = any(${sql.param(ids)}::int[]) order by id for no key update`);
}

/** The live offer of this token on one of the dates becomes booked; its id, or null. */
export async function bookOffer(tx: Tx, token: string, dateIds: number[], now: Date): Promise<number | null> {
  const [taken] = await tx
    .update(waitlistEntries)
    .set({ status: "booked", updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.offerToken, token),
        eq(waitlistEntries.status, "offered"),
        sql`${waitlistEntries.offerExpiresAt} > ${now.toISOString()}`,
        inArray(waitlistEntries.courseDateId, dateIds),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return taken?.id ?? null;
}

export async function setOrderOfEntry(tx: Tx, entryId: number, orderId: number): Promise<void> {
  await tx.update(waitlistEntries).set({ orderId }).where(eq(waitlistEntries.id, entryId));
}

/** The offer of a token with its course and date. */
export async function offerByToken(db: Db, token: string) {
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
  return rows[0];
}

export async function entryById(tx: Tx, id: number, forUpdate = false): Promise<EntryRow | undefined> {
  const query = tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  const [entry] = forUpdate ? await query.for("update") : await query;
  return entry;
}

/** The live entry just before this one in its date's list. */
export async function liveEntryBefore(tx: Tx, entry: EntryRow): Promise<EntryRow | undefined> {
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
  return before;
}

export async function setPosition(tx: Tx, id: number, position: number, now: Date): Promise<void> {
  await tx.update(waitlistEntries).set({ position, updatedAt: now }).where(eq(waitlistEntries.id, id));
}

export async function markRemoved(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(waitlistEntries).set({ status: "removed", updatedAt: now }).where(eq(waitlistEntries.id, id));
}
