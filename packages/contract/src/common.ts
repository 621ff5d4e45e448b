import { initContract } from "@ts-rest/core";
import { z } from "zod";

export const c = initContract();

/**
 * The one error body of the API, for every 4xx (and the generic 500).
 * `issues` lists field problems for a 400; login answers add the attempt counter.
 */
export const ErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Failed login attempts counted on the server for this account (login only). */
  attempts: z.number().int().optional(),
  max_attempts: z.number().int().optional(),
  /** ISO time until which sign-in attempts from this client are held back (login only). */
  locked_until: z.string().optional(),
});
export type ApiError = z.infer<typeof ErrorSchema>;

/** Statuses every route may answer: bad input, rate limit, server fault. */
export const commonResponses = {
  400: ErrorSchema,
  429: ErrorSchema,
  500: ErrorSchema,
} as const;

/** Extra statuses for routes behind the admin guard. */
export const adminResponses = {
  401: ErrorSchema,
  403: ErrorSchema,
} as const;

/** Staff roles of the portal (docs/decisions/141): owner > office > trainer. */
export const STAFF_ROLES = ["owner", "office", "trainer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Route metadata read by the API (the one role guard) and by the tests (every route × every role).
 * `roles`: who may call the route; absent = public. `setup`: also open to a session that must first
 * set up its second factor (the set-up screens themselves).
 */
export type RouteMeta = { roles?: readonly StaffRole[]; setup?: boolean };
/** Owner only: staff, settings. */
export const ownerOnly = { roles: ["owner"] } as const satisfies RouteMeta;
/** Owner and office: bookings, refunds, messages, courses, shop, discounts, learner records. */
export const officeOnly = { roles: ["owner", "office"] } as const satisfies RouteMeta;
/** Every staff role, trainers included: registers, readiness boards, results of course dates. */
export const trainerToo = { roles: ["owner", "office", "trainer"] } as const satisfies RouteMeta;
/** Any signed-in staff member (own account: sessions, password). */
export const anyStaff = trainerToo;
/** Any staff member, even before the required second factor is set up (the set-up itself). */
export const anyStaffSetup = { roles: ["owner", "office", "trainer"], setup: true } as const satisfies RouteMeta;
/** The office level, the default for an admin route (kept so older route entries read the same). */
export const adminOnly = officeOnly;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const MessageSchema = z.object({ message: z.string() });

/** Whitespace-only text counts as empty: trim first, then check. */
export const requiredText = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

/**
 * Money in the contract is pounds as a number with at most 2 decimals (the spec shows
 * pounds); the database and every computation use integer pence.
 */
export const isWholePence = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
export const Pounds = z.number().nonnegative().refine(isWholePence, "Use at most 2 decimals");

/** A calendar date, 'YYYY-MM-DD'. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2025-03-12");

/** Images arrive as data URLs; the API checks the real bytes. */
export const DataUrl = z.string().regex(/^data:[^;,]*(;[^,]*)?,/, "Please select an image file");

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
