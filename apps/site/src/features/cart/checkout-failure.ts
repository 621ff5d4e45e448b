/**
 * What the customer reads when the API does not place the order for a reason other than a date or
 * a code (decision 270): the API's own message when its answer carries one (503 "We could not open
 * the payment page…", 429 "Too many new bookings…"), and for a 429 when to try again, from its
 * Retry-After. No answer at all (network, timeout) or an answer without a message keeps the
 * generic words. Pure, so it is unit-tested without a browser.
 */
import { ApiError } from "../../lib/api";

const ukClock = (at: Date) => at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/** "You can try again in 12 minutes (at 18:42)." from Retry-After seconds. */
export function retryWhen(seconds: number, now: Date): string {
  if (seconds < 60) return "You can try again in a minute.";
  const minutes = Math.ceil(seconds / 60);
  const at = ukClock(new Date(now.getTime() + seconds * 1000));
  if (minutes > 90) return `You can try again at ${at}.`;
  return `You can try again in ${minutes} minute${minutes === 1 ? "" : "s"} (at ${at}).`;
}

/** The API's words for a failed order, or null when the generic message is all there is to say. */
export function checkoutFailureMessage(error: unknown, now: Date): string | null {
  if (!(error instanceof ApiError) || error.status < 400) return null;
  const message = error.body?.message?.trim();
  if (!message) return null;
  if (error.status === 429 && error.retryAfter !== null) return `${message} ${retryWhen(error.retryAfter, now)}`;
  return message;
}
