/** The office's catalogue: courses with their status and order, publishing, and the bookings a change would touch. */
import { z } from "zod";
import { ErrorSchema, MAX_INT } from "./common";
import { CourseDetailSchema, CourseListItemSchema } from "./course-read";
import { COURSE_STATUSES } from "./training-input";

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
