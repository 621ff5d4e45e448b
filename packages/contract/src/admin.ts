import { z } from "zod";
import { adminResponses, c, MessageSchema, officeOnly, PageQuery, Pounds } from "./common";

export const StatCardSchema = z.object({
  title: z.string(),
  value: z.number(),
  /** Change against last month, in percent (rounded to 1 decimal). */
  percentage: z.number(),
  isPositive: z.boolean(),
});
export type StatCard = z.infer<typeof StatCardSchema>;

export const ACTIVITY_TYPES = [
  "enrollment",
  "payment",
  "course_addition",
  "training_deletion",
  "course_completion",
  "other",
  "security",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ActivityLogSchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  action: z.string(),
  /** ISO timestamp */
  timestamp: z.string(),
  /** Who did it: an administrator's name, a customer's name, or 'System'. */
  user: z.string(),
  details: z.string(),
  amount: Pounds.optional(),
  items: z.number().int().optional(),
});
export type ActivityLog = z.infer<typeof ActivityLogSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  // `alert`: an operations alert opening or recovering (decision 296).
  kind: z.enum(["message", "booking", "alert"]),
  title: z.string(),
  message: z.string(),
  /** ISO timestamp */
  time: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const adminContract = c.router({
  dashboard: {
    method: "GET",
    path: "/dashboard",
    responses: { 200: z.array(StatCardSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Enrolments, revenue and messages: this month against last month",
  },
  activityLogs: {
    method: "GET",
    path: "/activity-logs",
    query: PageQuery.extend({ since: z.string().datetime({ offset: true }).optional() }).optional(),
    responses: { 200: z.array(ActivityLogSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Newest first; paged (page, limit), `since` keeps entries from that time on; x-total-count header",
  },
  notifications: {
    method: "GET",
    path: "/notifications",
    responses: {
      200: z.object({ unread: z.number().int(), items: z.array(NotificationSchema) }),
      ...adminResponses,
    },
    metadata: officeOnly,
    summary: "New messages and paid bookings; read = seen before the administrator last looked",
  },
  notificationsSeen: {
    method: "POST",
    path: "/notifications/seen",
    body: c.noBody(),
    responses: { 200: MessageSchema, ...adminResponses },
    metadata: officeOnly,
  },
});
