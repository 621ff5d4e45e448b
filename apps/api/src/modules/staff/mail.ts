import type { StaffRole } from "@app/contract";
import { escapeHtml } from "../../lib/html";

/** An invitation link is valid this long, once. */
export const INVITE_HOURS = 72;

export const ROLE_NAMES: Record<StaffRole, string> = { owner: "Owner", office: "Office", trainer: "Trainer" };

/** The invitation to a new member of staff (exported for the mail-standards test, which scores every template). */
export function inviteMail(provider: string, name: string, role: StaffRole, link: string, inviter: string) {
  const subject = `You're invited to the ${provider} admin portal`;
  const text = [
    `Hello ${name},`,
    "",
    `${inviter} has invited you to the ${provider} admin portal as ${ROLE_NAMES[role]}.`,
    `Choose your password here (the link works once, for ${INVITE_HOURS} hours):`,
    link,
    "",
    "If you were not expecting this, you can ignore this e-mail.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(inviter)} has invited you to the ${escapeHtml(provider)} admin portal as ${ROLE_NAMES[role]}.</p>
<p><a href="${escapeHtml(link)}">Choose your password</a> (the link works once, for ${INVITE_HOURS} hours).</p>
<p>If you were not expecting this, you can ignore this e-mail.</p>`;
  return { subject, text, html };
}
