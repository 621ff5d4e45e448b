/** The mails of self-service: the sign-in link, a paid date change refunded (the actions reuse the office's booking mails). */
import { formatBookingRef } from "@app/contract";
import { formatPence } from "@app/rules";
import { escapeHtml } from "../../lib/html";
import type { MailSettings } from "../mail";
import type { RenderedMail } from "../mail";

export const signInUrl = (s: MailSettings, token: string) => `${s.siteUrl.replace(/\/$/, "")}/my-bookings/sign-in/${token}`;

export function signInMail(s: MailSettings, token: string, minutes: number): RenderedMail {
  const url = signInUrl(s, token);
  return {
    subject: `Your sign-in link for My bookings at ${s.providerName}`,
    text: `Use this link to see and manage your bookings. It works once, for ${minutes} minutes:\n\n${url}\n\nIf you did not ask for it, you can ignore this mail.\n\n${s.providerName}\n${s.providerPhone}`,
    html: `<p>Use this link to see and manage your bookings. It works once, for ${minutes} minutes:</p><p><a href="${escapeHtml(url)}">Open My bookings</a></p><p>If you did not ask for it, you can ignore this mail.</p><p>${escapeHtml(s.providerName)}<br>${escapeHtml(s.providerPhone)}</p>`,
  };
}

/** A date change was paid for but could not be made: the fee went back in full (decision 480). */
export function changeFeeRefundedMail(
  order: { firstName: string; bookingRef: string },
  change: { target: string; paidPence: number; reason: string },
  s: MailSettings,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  const lines = [
    `Dear ${order.firstName},`,
    `You paid ${formatPence(change.paidPence)} to move booking ${ref} to ${change.target}, but we could not make the change: ${change.reason}.`,
    `We have refunded the ${formatPence(change.paidPence)} in full to the card you paid with. Refunds usually arrive within 5 to 10 working days. Your booking is otherwise unchanged.`,
  ];
  return {
    subject: `Date change not made: ${ref}`,
    text: `${lines.join("\n\n")}\n\n${s.providerName}\n${s.providerPhone}`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p>${escapeHtml(s.providerName)}<br>${escapeHtml(s.providerPhone)}</p>`,
  };
}
