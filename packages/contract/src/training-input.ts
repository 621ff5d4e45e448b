/**
 * What the office sends to create or change a training (spec §5 and §7): the course, its dates,
 * key points, units and add-ons, with the spec's validation messages, and the fixed choices of the form.
 */
import { z } from "zod";
import { DataUrl, IsoDate, isWholePence, LIST_MAX, MAX_INT, MAX_PRICE_POUNDS, requiredText, TEXT_MAX } from "./common";

export const COURSE_TIMES = ["9 am - 6pm", "10 am - 5pm", "8 am - 4pm"] as const;
export const DEFAULT_COURSE_TIME = COURSE_TIMES[0];
/** Seats per course date when the training form gives none (spec's create default 0 means "not set"). */
export const DEFAULT_SEAT_CAPACITY = 12;
export const DESCRIPTION_MAX_CHARS = 30000;

/** Draft courses are hidden from the public site, sitemap, public API and /enroll until published (decision 190). */
export const COURSE_STATUSES = ["draft", "published"] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

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
