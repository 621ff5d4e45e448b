import { sql } from "drizzle-orm";
import {
  boolean,
  primaryKey,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, tstz, updatedAt, type PaymentOptions } from "./types";

/** Content-addressed images: `sha256` of the uploaded bytes; both WebP variants stored. */
export const images = pgTable("images", {
  sha256: text("sha256").primaryKey(),
  full: bytea("full").notNull(),
  card: bytea("card").notNull(),
  /** 400 px wide: course cards in a small slot (one of three columns on a desktop). Null for images stored before it existed: made from `card` on first request. */
  small: bytea("small"),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  sourceType: text("source_type").notNull(),
  createdAt: createdAt(),
});

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    /** Stable public address; never reused, kept after archiving so old links and orders still resolve. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    feePence: integer("fee_pence").notNull(),
    duration: text("duration").notNull(),
    time: text("time").notNull(),
    /** Default seat capacity for new dates. */
    capacity: integer("capacity").notNull().default(12),
    thumbnailSha: text("thumbnail_sha").references(() => images.sha256, { onDelete: "set null" }),
    /** Soft delete: archived courses leave the catalogue but keep order history intact. */
    archivedAt: tstz("archived_at"),
    /** 'draft' courses are hidden from the public site, sitemap, public API and /enroll until 'published' (decision 190). */
    status: text("status").notNull().default("published"),
    /** The office's order of the catalogue (lower first; ties by id); public lists follow it (decision 191). */
    position: integer("position").notNull().default(0),
    /** A booking of this course waits for the office's approval before payment (issue 33). */
    needsApproval: boolean("needs_approval").notNull().default(false),
    /** What each attendee answers at checkout (keys of the contract's PREREQUISITE_QUESTIONS). */
    prerequisites: text("prerequisites")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The course's own payment options (deposit, balance, instalments, overdue); null: the site-wide ones. */
    paymentOptions: jsonb("payment_options").$type<PaymentOptions>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("courses_slug_key").on(t.slug),
    check("courses_fee_positive", sql`${t.feePence} >= 0`),
    check("courses_status", sql`${t.status} in ('draft', 'published')`),
    index("courses_position_idx").on(t.position, t.id),
  ],
);

export const courseDates = pgTable(
  "course_dates",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    capacity: integer("capacity").notNull(),
    /** Closed dates take no new bookings (removed from the course but holding bookings). */
    closedAt: tstz("closed_at"),
    createdAt: createdAt(),
    /** Last change of what the course page shows of this date (dates, capacity, closing); kept by a trigger (migration catalogue_change_times). */
    updatedAt: updatedAt(),
    /**
     * Seats of the items of paid and pending orders on this date, kept by triggers on orders and
     * order_items (migration 0003, decision 080); never written by the application. Places left
     * come from `seats_taken(date, at)`, which also drops pending holds that ran out.
     */
    seatsHeld: integer("seats_held").notNull().default(0),
  },
  (t) => [
    index("course_dates_course_idx").on(t.courseId, t.startDate),
    check("course_dates_range", sql`${t.endDate} >= ${t.startDate}`),
    check("course_dates_capacity", sql`${t.capacity} >= 0`),
    check("course_dates_seats_held", sql`${t.seatsHeld} >= 0`),
  ],
);

export const courseAddOns = pgTable(
  "course_add_ons",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    pricePence: integer("price_pence").notNull(),
    description: text("description").notNull().default(""),
    position: smallint("position").notNull().default(0),
  },
  (t) => [index("course_add_ons_course_idx").on(t.courseId), check("course_add_ons_price", sql`${t.pricePence} >= 0`)],
);

export const courseUnits = pgTable(
  "course_units",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: smallint("position").notNull().default(0),
  },
  (t) => [index("course_units_course_idx").on(t.courseId)],
);

export const courseKeyPoints = pgTable(
  "course_key_points",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    details: text("details").notNull().default(""),
    position: smallint("position").notNull().default(0),
  },
  (t) => [index("course_key_points_course_idx").on(t.courseId)],
);

export const shopItems = pgTable("shop_items", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  imageSha: text("image_sha").references(() => images.sha256, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    /** Percent off (1-100), or null for a fixed-amount code. */
    percentOff: integer("percent_off"),
    /** Fixed amount off in pence (issue 13), or null for a percentage code; exactly one is set. */
    amountOffPence: integer("amount_off_pence"),
    /** UK calendar dates, both inclusive. */
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    maxUses: integer("max_uses").notNull(),
    /**
     * Orders holding a use of the code (pending + paid), kept by triggers (migration
     * discount_uses_counter, decision 131) like course_dates.seats_held; the uses the rule counts
     * come from `discount_uses_taken(code, at)`, which also drops pending holds that ran out.
     */
    usesHeld: integer("uses_held").notNull().default(0),
    /** Soft delete: orders keep the reference and their own snapshot of the code. */
    archivedAt: tstz("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A code is unique among live codes; a deleted code's text may be used again.
    uniqueIndex("discount_codes_live_code_key")
      .on(t.code)
      .where(sql`${t.archivedAt} is null`),
    check("discount_codes_percent", sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check("discount_codes_amount", sql`${t.amountOffPence} is null or ${t.amountOffPence} > 0`),
    check("discount_codes_one_kind", sql`(${t.percentOff} is null) <> (${t.amountOffPence} is null)`),
    check("discount_codes_max_uses", sql`${t.maxUses} > 0`),
    check("discount_codes_uses_held", sql`${t.usesHeld} >= 0`),
  ],
);

/**
 * One row whose `version` goes up (by trigger, see migration 0001) on every write to a
 * catalogue table; catalogue reads derive their ETag cache key from it.
 */
export const catalogueState = pgTable("catalogue_state", {
  id: smallint("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  /** Last write to shop_items (deletions included), kept by a trigger: the shop page's lastmod in the sitemap. */
  shopChangedAt: tstz("shop_changed_at").notNull().defaultNow(),
});

/** A discount code limited to chosen courses (no rows: the code works for every course). */
export const discountCodeCourses = pgTable(
  "discount_code_courses",
  {
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.courseId] }), index("discount_code_courses_course_idx").on(t.courseId)],
);

/** Row types, defined once beside their tables. */
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
