import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { isIsoDate, isWholePence } from "@app/rules";

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
  /** ISO time until which the account is locked (login only). */
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

/** Route metadata read by the API (guard) and by the tests (401/403 sweep). */
export type RouteMeta = { auth?: "admin" };
export const adminOnly = { auth: "admin" } as const satisfies RouteMeta;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

export const MessageSchema = z.object({ message: z.string() });

/** Whitespace-only text counts as empty: trim first, then check. */
export const requiredText = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

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

/** Images arrive as data URLs; the API checks the real bytes. */
export const DataUrl = z.string().regex(/^data:[^;,]*(;[^,]*)?,/, "Please select an image file");

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
