import { z } from "zod";
import { adminResponses, c, ErrorSchema, MAX_INT, officeOnly, requiredText, TEXT_MAX } from "./common";
import { CHECKOUT_PHONE_PATTERN, MAX_PLACES_PER_ORDER } from "./orders";

/**
 * Waiting lists of fully booked course dates (waiting lists and reminders, docs/decisions/230-239): the public join
 * form, the offer link's answer, and the office's list with its actions.
 */

export const WAITLIST_JOINED_MESSAGE = "You are on the waiting list. We will e-mail you as soon as a place frees up.";
export const WAITLIST_ALREADY_MESSAGE =
  "You are already on the waiting list for this date. We have updated your details and kept your place in line.";
export const WAITLIST_NOT_FULL_MESSAGE = "This date still has places: you can book it now.";

/** The 'Join the waiting list' form (name, e-mail, phone, places wanted), messages in the style of spec §5. */
export const WaitlistJoinSchema = z.object({
  course_date_id: z
    .number({ required_error: "Please choose a course date", invalid_type_error: "Please choose a course date" })
    .int()
    .positive()
    .max(MAX_INT, "Please choose a course date"),
  name: requiredText("Name is required"),
  email: requiredText("Email address is required", TEXT_MAX.email).pipe(
    z.string().refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "Please enter a valid email address"),
  ),
  phone: requiredText("Phone number is required", TEXT_MAX.phone).pipe(
    z.string().refine((v) => CHECKOUT_PHONE_PATTERN.test(v.replace(/\s/g, "")), "Please enter a valid phone number"),
  ),
  places: z
    .number({ required_error: "Places wanted is required", invalid_type_error: "Places wanted is required" })
    .int("Places wanted must be a whole number")
    .min(1, "Places wanted must be at least 1")
    .max(MAX_PLACES_PER_ORDER, `Places wanted must be at most ${MAX_PLACES_PER_ORDER}`),
});
export type WaitlistJoinInput = z.input<typeof WaitlistJoinSchema>;

export const WaitlistJoinResponseSchema = z.object({
  message: z.string(),
  /** True when this e-mail was already in line for the date (details updated, place kept). */
  already: z.boolean(),
  /** The place in the queue for this date (1: next to be offered a place). */
  position: z.number().int().positive().optional(),
});

/** What the offer link opens: the date to put in the cart and the details to fill in. */
export const WaitlistOfferSchema = z.object({
  status: z.enum(["offered", "expired", "booked"]),
  course_id: z.number().int(),
  course_slug: z.string(),
  course_title: z.string(),
  course_date_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  date_label: z.string(),
  places: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** ISO time the held places pass to the next person. */
  expires_at: z.string(),
});
export type WaitlistOffer = z.infer<typeof WaitlistOfferSchema>;

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "expired", "removed"] as const;

export const WaitlistEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  places: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1-based place in line among the live entries (waiting or offered); null for others. */
  line: z.number().int().nullable(),
  offer_expires_at: z.string().nullable(),
  offered_by: z.string().nullable(),
  /** The offer's link while it is open (the office may pass it on by phone or text); null otherwise. */
  offer_link: z.string().nullable(),
  created_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

/** One course date with its list (live entries in line order, then the recent history). */
export const WaitlistDateSchema = z.object({
  course_date_id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  date_label: z.string(),
  capacity: z.number().int(),
  places_left: z.number().int(),
  /** Places held by open offers (not free to the public). */
  places_offered: z.number().int(),
  entries: z.array(WaitlistEntrySchema),
});
export type WaitlistDate = z.infer<typeof WaitlistDateSchema>;

const EntryParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });

export const waitlistContract = c.router({
  join: {
    method: "POST",
    path: "/waiting-list",
    body: WaitlistJoinSchema,
    responses: { 201: WaitlistJoinResponseSchema, 200: WaitlistJoinResponseSchema, 404: ErrorSchema, 409: ErrorSchema },
    summary: "Join the waiting list of a fully booked date (limited per client against floods)",
  },
  offer: {
    method: "GET",
    path: "/waiting-list/offers/:token",
    pathParams: z.object({ token: z.string().min(1).max(TEXT_MAX.reference) }),
    responses: { 200: WaitlistOfferSchema, 404: ErrorSchema },
    summary: "A waiting-list offer by its link's token: the date and the details for the checkout",
  },
  list: {
    method: "GET",
    path: "/admin/waiting-list",
    query: z.object({ course_id: z.coerce.number().int().positive().max(MAX_INT).optional() }).optional(),
    responses: { 200: z.array(WaitlistDateSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Every upcoming date with a waiting list (or the dates of one course)",
  },
  moveUp: {
    method: "POST",
    path: "/admin/waiting-list/:id/move-up",
    pathParams: EntryParams,
    body: c.noBody(),
    responses: { 200: WaitlistDateSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  remove: {
    method: "POST",
    path: "/admin/waiting-list/:id/remove",
    pathParams: EntryParams,
    body: c.noBody(),
    responses: { 200: WaitlistDateSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
  },
  offerNow: {
    method: "POST",
    path: "/admin/waiting-list/:id/offer",
    pathParams: EntryParams,
    body: c.noBody(),
    responses: { 200: WaitlistDateSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Offer places to this person now (only places that are free: never oversells)",
  },
});
