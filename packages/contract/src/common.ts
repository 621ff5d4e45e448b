import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { isIsoDate, isWholePence } from "@app/rules";
import { TEXT_MAX } from "./order-facts";

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
  /** Seconds until the client may try again, also sent as Retry-After (429; 503 when the payment page could not be opened). */
  retry_after: z.number().int().optional(),
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
 * set up its second factor (the set-up screens themselves). `session`: a route without roles that
 * still reads the session itself (`/me`, the second sign-in step; `optional` for sign-out), so the
 * OpenAPI document declares its security. `totalCount`: a paged list whose answer carries the
 * TOTAL_COUNT_HEADER (decision 112), declared in the OpenAPI document.
 */
export type RouteMeta = {
  roles?: readonly StaffRole[];
  setup?: boolean;
  session?: "required" | "optional";
  totalCount?: boolean;
};
/** A route without a role guard that needs a session (it reads it itself). */
export const sessionNeeded = { session: "required" } as const satisfies RouteMeta;
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

/** Largest id, count or price in pence the database holds (Postgres integer): 2^31 − 1. */
export const MAX_INT = 2_147_483_647;
export { TEXT_MAX } from "./order-facts";
/** How many items one list in a request may hold (dates, add-ons, units, key points). */
export const LIST_MAX = 100;
/** Highest fee or add-on price an administrator can set, in pounds. */
export const MAX_PRICE_POUNDS = 100_000;

/**
 * Admin lists are paged on the server (decision 112): `?page=1&limit=100`; without them the
 * first PAGE_DEFAULT_LIMIT items. The answer stays the list itself; the header
 * TOTAL_COUNT_HEADER carries how many there are in all.
 */
export const PAGE_DEFAULT_LIMIT = 100;
export const PAGE_MAX_LIMIT = 200;
export const TOTAL_COUNT_HEADER = "x-total-count";
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).optional(),
});
export type PageQueryInput = z.input<typeof PageQuery>;

export const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });

export const MessageSchema = z.object({ message: z.string() });

/** Whitespace-only text counts as empty: trim first, then check. */
export const requiredText = (message: string, max: number = TEXT_MAX.short) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .max(max, `Please use at most ${max} characters`)
    .trim()
    .min(1, message);

/**
 * Money in the contract is pounds as a number with at most 2 decimals (the spec shows
 * pounds); the database and every computation use integer pence.
 */
export { isWholePence };
export const Pounds = z.number().nonnegative().refine(isWholePence, "Use at most 2 decimals");

/** A calendar date, 'YYYY-MM-DD', that exists ('2025-02-30' does not). */
const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
export const IsoDate = z
  .string()
  .regex(ISO_DATE_SHAPE, "Use a date like 2025-03-12")
  .refine((v) => !ISO_DATE_SHAPE.test(v) || isIsoDate(v), "Use a date like 2025-03-12");

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A base64 data URL of MAX_IMAGE_BYTES, with room for its header. */
export const DATA_URL_MAX_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 200;

/** Images arrive as data URLs; the API checks the real bytes. */
export const DataUrl = z
  .string()
  .max(DATA_URL_MAX_CHARS, "File size must be less than 5MB")
  .regex(/^data:[^;,]*(;[^,]*)?,/, "Please select an image file");
