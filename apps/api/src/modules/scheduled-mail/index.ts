/**
 * The scheduled-mail module's front door (course and renewal reminders, their consent and
 * unsubscribe): what other modules may use (docs/decisions/370).
 */
export { jobsRouter } from "./router";
export { runScheduledMail, type ScheduledMailRun, unwantedScheduledMail, withdrawScheduledMail } from "./scheduled-mail";
export { unsubscribeRoutes } from "./unsubscribe-routes";
