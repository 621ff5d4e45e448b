import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { courseDates } from "./catalogue";
import { orders } from "./orders";
import { createdAt, tstz, updatedAt } from "./types";

/**
 * waiting: in line; offered: places held for them until offer_expires_at (counted in
 * course_dates.seats_held by a trigger, migration waitlist); booked: an order used the offer;
 * expired: the offer ran out and passed on; removed: taken off the list by the office.
 */
export const waitlistStatus = pgEnum("waitlist_status", ["waiting", "offered", "booked", "expired", "removed"]);

/** One person waiting for places on one fully booked course date (issue 15, decisions 230-239). */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    courseDateId: integer("course_date_id")
      .notNull()
      .references(() => courseDates.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** Places wanted (1..MAX_PLACES_PER_ORDER). */
    places: integer("places").notNull(),
    /** Place in line: lower goes first; "move up" swaps it with the entry before. */
    position: bigserial("position", { mode: "number" }).notNull(),
    status: waitlistStatus("status").notNull().default("waiting"),
    /** The secret of the offer link (128 random bits); null until an offer is made. */
    offerToken: text("offer_token"),
    /** Places held for this person while offered (the trigger adds them to seats_held). */
    offerPlaces: integer("offer_places"),
    offeredAt: tstz("offered_at"),
    offerExpiresAt: tstz("offer_expires_at"),
    /** Who made the offer: 'System' (freed places) or the administrator's name. */
    offeredBy: text("offered_by"),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("waitlist_entries_date_idx").on(t.courseDateId, t.status, t.position),
    uniqueIndex("waitlist_entries_offer_token_key").on(t.offerToken),
    // One live entry per person and date: joining twice is answered, not duplicated.
    uniqueIndex("waitlist_entries_live_email_key")
      .on(t.courseDateId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("waitlist_entries_offer_expiry_idx")
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    check("waitlist_entries_places", sql`${t.places} between 1 and 10`),
    check(
      "waitlist_entries_offer",
      sql`(${t.status} <> 'offered') or (${t.offerToken} is not null and ${t.offerPlaces} > 0 and ${t.offerExpiresAt} is not null)`,
    ),
  ],
);
