import { z } from "zod";
import { adminResponses, c, officeOnly } from "./common";

/** What is running (decision 295): public, so a deploy script or a person can check a release. */
export const VersionSchema = z.object({
  version: z.string(),
  /** The release's git commit (null when it could not be learnt). */
  commit: z.string().nullable(),
  /** ISO timestamp of the build (null when running from source). */
  built_at: z.string().nullable(),
});
export type Version = z.infer<typeof VersionSchema>;

export const STATUS_LEVELS = ["green", "amber", "red"] as const;
export type StatusLevel = (typeof STATUS_LEVELS)[number];

export const StatusPartSchema = z.object({
  name: z.string(),
  version: z.string().nullable(),
  commit: z.string().nullable(),
  /** ISO timestamp the part started (null: it could not be asked). */
  started_at: z.string().nullable(),
  uptime_seconds: z.number().int().nullable(),
});
export type StatusPart = z.infer<typeof StatusPartSchema>;

export const StatusItemSchema = z.object({
  /** `outgoing` appears only while mail and jobs are held after a restore (decision 302). */
  key: z.enum(["outgoing", "database", "jobs", "mail", "backup", "payments", "webhooks", "disk"]),
  title: z.string(),
  level: z.enum(STATUS_LEVELS),
  /** The measured figures, short (e.g. "3 waiting, 0 failed"). */
  reading: z.string(),
  /** What it means, in plain words. */
  summary: z.string(),
  /** What to do about it (null when nothing is needed). */
  action: z.string().nullable(),
});
export type StatusItem = z.infer<typeof StatusItemSchema>;

export const SystemStatusSchema = z.object({
  /** ISO timestamp of the readings. */
  checked_at: z.string(),
  parts: z.array(StatusPartSchema),
  items: z.array(StatusItemSchema),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const OpenAlertSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  /** ISO timestamp */
  opened_at: z.string(),
});
export type OpenAlert = z.infer<typeof OpenAlertSchema>;

export const ReleaseOutgoingSchema = z.object({
  /** False when nothing was held. */
  released: z.boolean(),
});
export type ReleaseOutgoing = z.infer<typeof ReleaseOutgoingSchema>;

export const opsContract = c.router({
  version: {
    method: "GET",
    path: "/version",
    responses: { 200: VersionSchema },
    summary: "The running API's release: version, commit and build time",
  },
  status: {
    method: "GET",
    path: "/status",
    responses: { 200: SystemStatusSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The status page: each part's version and uptime, and each item green, amber or red with what to do",
  },
  releaseOutgoing: {
    method: "POST",
    path: "/status/release-outgoing",
    body: c.noBody(),
    responses: { 200: ReleaseOutgoingSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Releases the mail and jobs held after a restore (decision 302); logged",
  },
  alerts: {
    method: "GET",
    path: "/alerts",
    responses: { 200: z.array(OpenAlertSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Alerts still open (the portal's banner), oldest first",
  },
});
