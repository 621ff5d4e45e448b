/** Kinds of scheduled mail and the settings planning and sending read (shared by scheduled-mail.ts and due-mail.ts). */
import type { Env } from "../../env";

/** `reminder_7d` for 7 days before the first day. */
export const reminderKind = (days: number) => `reminder_${days}d`;
export const RENEWAL_KIND = "licence_renewal";
export const reminderDays = (kind: string) => Number(/^reminder_(\d+)d$/.exec(kind)?.[1] ?? NaN);

export type ScheduleSettings = Pick<
  Env,
  | "REMINDER_DAYS_BEFORE"
  | "REMINDER_SEND_HOUR"
  | "RENEWAL_REMINDER_MONTHS"
  | "LINK_SIGNING_KEYS"
  | "LEGACY_LINK_SECRETS"
  | "PUBLIC_API_URL"
>;
