/** The public catalogue's read models: a course in a list, its page with dates and add-ons, and when the catalogue changed. */
import { z } from "zod";
import { PREREQUISITE_KEYS } from "./prerequisite-facts";
import { LICENCE_KINDS } from "./learner-facts";
import { Pounds } from "./common";

export const CourseListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Path under the API host, e.g. /api/images/<hash>.webp, or null. */
  thumbnail: z.string().nullable(),
  fee: Pounds,
  duration: z.string(),
  time: z.string(),
  /** Earliest upcoming date with places left, 'YYYY-MM-DD', or null. */
  next_date: z.string().nullable(),
  /** Last change of the course or of one of its dates (ISO time): the course page's sitemap lastmod. */
  updated_at: z.string(),
  /** That date's last day ('YYYY-MM-DD') and its places left (course cards), or null. */
  next_date_end: z.string().nullable().optional(),
  next_date_places_left: z.number().int().nullable().optional(),
});
export type CourseListItem = z.infer<typeof CourseListItemSchema>;

export const CourseDateSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  /** Spec §9 label, e.g. '12 - 14th Mar 2025'. */
  label: z.string(),
  capacity: z.number().int(),
  placesLeft: z.number().int(),
});
export type CourseDate = z.infer<typeof CourseDateSchema>;

export const AddOnSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: Pounds,
  description: z.string(),
});
export type AddOn = z.infer<typeof AddOnSchema>;

/** When the public catalogue last changed (ISO times): the sitemap's lastmod of the list pages. */
export const CatalogueChangesSchema = z.object({
  /** Any course added, edited or removed, or any of their dates changed. */
  courses: z.string(),
  /** Any shop item added, edited or removed. */
  shop: z.string(),
});
export type CatalogueChanges = z.infer<typeof CatalogueChangesSchema>;

export const CourseDetailSchema = CourseListItemSchema.extend({
  capacity: z.number().int(),
  courseDates: z.array(CourseDateSchema),
  addOns: z.array(AddOnSchema),
  courseUnits: z.array(z.object({ id: z.number().int(), title: z.string() })),
  keyPoints: z.array(z.object({ id: z.number().int(), title: z.string(), details: z.string() })),
  updated_at: z.string(),
  /** Issue 33: bookings wait for the office's approval before payment. */
  needs_approval: z.boolean().optional(),
  /** Issue 33: the questions each attendee answers at checkout (PREREQUISITE_KEYS). */
  prerequisites: z.array(z.enum(PREREQUISITE_KEYS)).optional(),
  /** The SIA licence the course leads to or renews, or null (course settings, decision 369). */
  licence: z.enum(LICENCE_KINDS).nullable().optional(),
  /** The side box's lines and the assessment text, the site-wide ones where the course has none. */
  side_box_benefits: z.array(z.string()).optional(),
  assessment_text: z.string().optional(),
  /**
   * The course was unpublished or deleted while people hold bookings on dates not yet over: its page
   * stays for them (no dates, no booking; noindex), decision 369.
   */
  withdrawn: z.boolean().optional(),
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;
