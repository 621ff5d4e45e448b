import { z } from "zod";
import { CourseSeriesInputSchema } from "./course-series";
import { PREREQUISITE_KEYS } from "./prerequisite-facts";
import { LICENCE_KINDS } from "./learner-facts";
import { officeOnly } from "./common";
import {
  adminResponses,
  c,
  DataUrl,
  ErrorSchema,
  IdParams,
  IsoDate,
  isWholePence,
  LIST_MAX,
  MAX_INT,
  MAX_PRICE_POUNDS,
  MessageSchema,
  Pounds,
  requiredText,
  TEXT_MAX,
} from "./common";

export * from "./course-series";

export const COURSE_TIMES = ["9 am - 6pm", "10 am - 5pm", "8 am - 4pm"] as const;
export const DEFAULT_COURSE_TIME = COURSE_TIMES[0];
/** Seats per course date when the training form gives none (spec's create default 0 means "not set"). */
export const DEFAULT_SEAT_CAPACITY = 12;
export const DESCRIPTION_MAX_CHARS = 30000;

/** Draft courses are hidden from the public site, sitemap, public API and /enroll until published (decision 190). */
export const COURSE_STATUSES = ["draft", "published"] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

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

const fee = (message: string) =>
  z
    .number({ required_error: message, invalid_type_error: message })
    .gt(0, message)
    .max(MAX_PRICE_POUNDS, message)
    .refine(isWholePence, message);

const addOnPrice = z
  .number({ invalid_type_error: "Please enter a valid add-on price" })
  .min(0, "Please enter a valid add-on price")
  .max(MAX_PRICE_POUNDS, "Please enter a valid add-on price")
  .refine(isWholePence, "Please enter a valid add-on price");

/**
 * One date range of the training form; `id` keeps an existing date (and its bookings) on update.
 * A one-day date needs no end date: absent, null or '' means it ends the day it starts (decision 192).
 */
export const CourseDateInputSchema = z
  .object({
    id: z.number().int().positive().max(MAX_INT).optional(),
    startDate: IsoDate,
    endDate: z.union([IsoDate, z.literal(""), z.null()]).optional(),
    /** Seats for this date; absent or 0 = the training's capacity. */
    capacity: z.number().int().min(0).max(1000).optional(),
  })
  .refine((d) => !d.endDate || d.endDate >= d.startDate, {
    message: "End date cannot be before start date",
    path: ["endDate"],
  });

const courseDates = z
  .array(CourseDateInputSchema, { required_error: "At least one course date is required" })
  .min(1, "At least one course date is required")
  .max(LIST_MAX, `Please add at most ${LIST_MAX} course dates`)
  .superRefine((dates, ctx) => {
    // The form shows one overall message besides the per-range ones.
    if (dates.some((d) => d.endDate && d.endDate < d.startDate)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Please check all date ranges" });
    }
  });

const KeyPointInput = z.object({
  title: requiredText("Key point title is required"),
  details: z.string().max(TEXT_MAX.details).trim().default(""),
});
const UnitInput = z.object({ title: requiredText("Unit title is required") });
const AddOnInput = z.object({
  id: z.number().int().positive().max(MAX_INT).optional(),
  name: requiredText("Add-on name is required"),
  price: addOnPrice,
  description: z.string().max(TEXT_MAX.details).trim().default(""),
});

const trainingFields = {
  title: requiredText("Course title is required"),
  description: requiredText("Course description is required", DESCRIPTION_MAX_CHARS).pipe(
    z.string().max(DESCRIPTION_MAX_CHARS, `Description cannot exceed ${DESCRIPTION_MAX_CHARS} characters`),
  ),
  duration: requiredText("Course duration is required"),
  time: z.enum(COURSE_TIMES).default(DEFAULT_COURSE_TIME),
  capacity: z.number().int().min(0).max(1000).default(0),
  courseDates,
  keyPoints: z.array(KeyPointInput).max(LIST_MAX).default([]),
  courseUnits: z.array(UnitInput).max(LIST_MAX).default([]),
  addOns: z.array(AddOnInput).max(LIST_MAX).default([]),
};

/** The last day of a date range as sent: a one-day date may leave it out. */
export const endDateOf = (d: { startDate: string; endDate?: string | null }) => d.endDate || d.startDate;

/**
 * Create training payload (spec §7): the fee is called `price` here. `status` absent = published,
 * as before drafts existed (decision 190); 'draft' keeps the new course off the public site.
 */
export const TrainingCreateSchema = z.object({
  ...trainingFields,
  price: fee("Please enter a valid course fee"),
  thumbnail: DataUrl.optional(),
  status: z.enum(COURSE_STATUSES).optional(),
});
export type TrainingCreateInput = z.input<typeof TrainingCreateSchema>;

/**
 * Update payload: every training field but id, each optional (the original edit screen
 * sends no required checks); the fee may come as `fee` or `price`, a new picture as `image`.
 * Dates with an id are kept, dates without are added, dates left out are removed
 * (a date with bookings is kept but closed for new bookings).
 */
export const TrainingUpdateSchema = z
  .object({
    title: trainingFields.title,
    description: trainingFields.description,
    duration: trainingFields.duration,
    time: z.enum(COURSE_TIMES),
    capacity: z.number().int().min(0).max(1000),
    courseDates,
    keyPoints: z.array(KeyPointInput).max(LIST_MAX),
    courseUnits: z.array(UnitInput).max(LIST_MAX),
    addOns: z.array(AddOnInput).max(LIST_MAX),
    fee: fee("Please enter a valid course fee"),
    price: fee("Please enter a valid course fee"),
    image: DataUrl.nullable(),
    thumbnail: z.union([DataUrl, z.string().max(TEXT_MAX.url), z.null()]),
    slug: z.string().max(TEXT_MAX.short),
    /** The course's own id, echoed by clients that send the whole course back; ignored (the path names the course). */
    id: z.union([z.number(), z.string().max(TEXT_MAX.short)]),
  })
  .partial()
  .passthrough();
export type TrainingUpdateInput = z.input<typeof TrainingUpdateSchema>;

/** The office's view of a course in its list: drafts included, with status and place in the order. */
export const AdminCourseListItemSchema = CourseListItemSchema.extend({
  status: z.enum(COURSE_STATUSES),
  position: z.number().int(),
});
export type AdminCourseListItem = z.infer<typeof AdminCourseListItemSchema>;

export const AdminCourseDetailSchema = CourseDetailSchema.extend({
  status: z.enum(COURSE_STATUSES),
  position: z.number().int(),
});
export type AdminCourseDetail = z.infer<typeof AdminCourseDetailSchema>;

export const CourseStatusInputSchema = z.object({
  status: z.enum(COURSE_STATUSES, { errorMap: () => ({ message: "Choose draft or published" }) }),
  /** Taking a course with bookings back to draft needs this (after the office saw the bookings, decision 336). */
  confirm: z.boolean().optional(),
});

/** A booking that a catalogue change would touch (named in the confirmation). */
export const CourseBookingRefSchema = z.object({
  booking_reference: z.string(),
  customer_name: z.string(),
  start_date: z.string().nullable(),
  places: z.number().int(),
});
/** 409 before unpublishing or deleting a course with paid or pending bookings on dates not yet over. */
export const CourseHasBookingsSchema = ErrorSchema.extend({ bookings: z.array(CourseBookingRefSchema) });
export type CourseHasBookings = z.infer<typeof CourseHasBookingsSchema>;
export const courseHasBookingsMessage = (n: number) =>
  `This course has ${n} booking${n === 1 ? "" : "s"} on dates not yet over. Confirm to go ahead: the booked learners keep their bookings, pages and mails.`;

/** The whole catalogue order: every live course's id once, first shown first (safe to send again). */
export const CourseOrderInputSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(MAX_INT))
    .min(1, "Send every course once")
    .max(10_000)
    .refine((ids) => new Set(ids).size === ids.length, "Send every course once"),
});

export const coursesContract = c.router({
  list: {
    method: "GET",
    path: "/courses",
    responses: { 200: z.array(CourseListItemSchema) },
    summary: "The public catalogue",
  },
  changes: {
    method: "GET",
    path: "/catalogue/changes",
    responses: { 200: CatalogueChangesSchema },
    summary: "When the public catalogue last changed (sitemap lastmod)",
  },
  byId: {
    method: "GET",
    path: "/courses/:id",
    pathParams: IdParams,
    responses: { 200: CourseDetailSchema, 404: ErrorSchema },
  },
  bySlug: {
    method: "GET",
    path: "/courses/slug/:slug",
    pathParams: z.object({ slug: z.string().min(1).max(TEXT_MAX.short) }),
    responses: { 200: CourseDetailSchema, 404: ErrorSchema },
  },
  create: {
    method: "POST",
    path: "/courses",
    body: TrainingCreateSchema,
    responses: { 201: AdminCourseDetailSchema, ...adminResponses },
    metadata: officeOnly,
  },
  update: {
    method: "PUT",
    path: "/courses/:id",
    pathParams: IdParams,
    body: TrainingUpdateSchema,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  adminList: {
    method: "GET",
    path: "/admin/courses",
    responses: { 200: z.array(AdminCourseListItemSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Every live course, drafts included, in the office's order",
  },
  adminById: {
    method: "GET",
    path: "/admin/courses/:id",
    pathParams: IdParams,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "A course for editing, draft or published",
  },
  setStatus: {
    method: "PUT",
    path: "/courses/:id/status",
    pathParams: IdParams,
    body: CourseStatusInputSchema,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, 409: CourseHasBookingsSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Publishes a draft or takes a course back to draft",
  },
  reorder: {
    method: "PUT",
    path: "/admin/courses/order",
    body: CourseOrderInputSchema,
    responses: { 200: z.array(AdminCourseListItemSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Sets the catalogue order (public lists follow it)",
  },
  addSeries: {
    method: "POST",
    path: "/courses/:id/dates/series",
    pathParams: IdParams,
    body: CourseSeriesInputSchema,
    responses: { 201: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Adds repeating dates with one capacity, in one transaction",
  },
  remove: {
    method: "DELETE",
    path: "/courses/:id",
    pathParams: IdParams,
    /** `confirm=true` after the office saw the bookings (decision 336). */
    query: z.object({ confirm: z.enum(["true", "false"]).optional() }).optional(),
    body: c.noBody(),
    responses: { 200: MessageSchema, 404: ErrorSchema, 409: CourseHasBookingsSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Removes the course from the catalogue; orders keep their snapshot",
  },
});
