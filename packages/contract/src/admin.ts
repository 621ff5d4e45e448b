import { z } from "zod";
import { adminResponses, c, MessageSchema, officeOnly, PageQuery, Pounds } from "./common";

export const StatCardSchema = z.object({
  title: z.string(),
  value: z.number(),
  /** Change against last month, in percent (rounded to 1 decimal). */
  percentage: z.number(),
  isPositive: z.boolean(),
  /**
   * A standing figure's own line instead of the comparison with last month (Outstanding balances,
   * issue 29: "£120.00 overdue" or "Nothing overdue"). Absent on the spec's three monthly cards.
   */
  caption: z.string().optional(),
});
export type StatCard = z.infer<typeof StatCardSchema>;

/** The spec's activity types (spec §5, activity log entry): the only `type`s `GET /activity-logs` answers. */
export const ACTIVITY_TYPES = [
  "enrollment",
  "payment",
  "course_addition",
  "training_deletion",
  "course_completion",
  "other",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * Kinds of entry the product records beyond the spec's list (sign-ins, role changes, evidence
 * views...). They are answered as type `other` with the kind as `category`, so a client built to
 * the spec can show every entry and the portal can still tell them apart (decision 289).
 */
export const ACTIVITY_CATEGORIES = ["security"] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/** What the server records (the activity log's own column): the spec's types and the richer kinds. */
export type RecordedActivityType = ActivityType | ActivityCategory;

export const ActivityLogSchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  /** Set only on `other` entries of a richer kind (e.g. `security` for sign-ins). */
  category: z.enum(ACTIVITY_CATEGORIES).optional(),
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
  /** `alert`: payment pages keep failing or open again (decision 272), or an operations alert opens or recovers (decision 296). */
  kind: z.enum(["message", "booking", "alert"]),
  title: z.string(),
  message: z.string(),
  /** ISO timestamp */
  time: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/**
 * Something the office must act on, shown above the dashboard's figures (decision 272). Today one
 * kind: payment pages that could not be opened (customers could not pay).
 */
export const DashboardWarningSchema = z.object({
  id: z.string(),
  kind: z.enum(["payment_page"]),
  title: z.string(),
  message: z.string(),
  /** Failures counted in the last hour. */
  count: z.number().int(),
  /** ISO time the repeated failures began; null when they do not repeat (yet) or are over. */
  since: z.string().nullable(),
});
export type DashboardWarning = z.infer<typeof DashboardWarningSchema>;

export const adminContract = c.router({
  dashboard: {
    method: "GET",
    path: "/dashboard",
    responses: { 200: z.array(StatCardSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Enrolments, revenue and messages: this month against last month",
  },
  dashboardWarnings: {
    method: "GET",
    path: "/dashboard/warnings",
    responses: { 200: z.object({ items: z.array(DashboardWarningSchema) }), ...adminResponses },
    metadata: officeOnly,
    summary: "What the office must act on now: payment pages that could not be opened in the last hour",
  },
  activityLogs: {
    method: "GET",
    path: "/activity-logs",
    query: PageQuery.extend({ since: z.string().datetime({ offset: true }).optional() }).optional(),
    responses: { 200: z.array(ActivityLogSchema), ...adminResponses },
    metadata: { ...officeOnly, totalCount: true },
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
    summary:
      "New messages, paid bookings and payment-page alerts (failing, open again); read = seen before the administrator last looked",
  },
  notificationsSeen: {
    method: "POST",
    path: "/notifications/seen",
    body: c.noBody(),
    responses: { 200: MessageSchema, ...adminResponses },
    metadata: officeOnly,
  },
});
