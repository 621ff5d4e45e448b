/** The mails of self-service: the sign-in link (the actions reuse the office's booking mails). */
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
