/**
 * The booking's own page in the customer's mails (decision 440): the 'manage' link (made the first
 * time a mail needs it) and, in the confirmation, the model cancellation form's information.
 */
import { CANCELLATION_PERIOD_DAYS, REFUND_WITHIN_DAYS } from "@app/rules";
import type { DbOrTx } from "../../db/client";
import { escapeHtml } from "../../lib/html";
import type { MailSettings } from "../mail";
import type { RenderedMail } from "../mail";
import { manageUrl } from "./urls";
import * as repo from "./repository";

export async function manageLinkTx(db: DbOrTx, orderId: number, s: MailSettings, now: Date): Promise<string> {
  return manageUrl(s, await repo.manageToken(db, orderId, now));
}

/** The right to cancel and the model cancellation form (Consumer Contracts Regulations 2013, Schedule 3). */
export const cancellationInformation = (s: MailSettings) => [
  "Your right to cancel",
  `You have the right to cancel this contract within ${CANCELLATION_PERIOD_DAYS} days without giving any reason. The cancellation period expires ${CANCELLATION_PERIOD_DAYS} days after the day of the booking.`,
  `To cancel, tell us (${s.providerName}, ${s.venueAddress}, ${s.providerPhone}, ${s.providerEmail}) by a clear statement (a letter or e-mail), or use the Cancel button on your booking's page. You may use this model form, but it is not obligatory: "To ${s.providerName}: I hereby give notice that I cancel my contract for the following service: [course], booked on [date], name, address, date."`,
  `If you cancel, we refund all payments received from you without undue delay and not later than ${REFUND_WITHIN_DAYS} days after the day we are told, using the same means of payment. If you asked for the course to start during the cancellation period, you pay an amount in proportion to what was provided until you told us.`,
  "Employers booking staff: your booking follows our business terms (see the booking terms).",
];

/** Adds the booking's page link (and, for the confirmation, the cancellation information) to a customer mail. */
export async function withManageLinkTx(
  db: DbOrTx,
  orderId: number,
  mail: RenderedMail,
  s: MailSettings,
  now: Date,
  opts: { cancellation?: boolean } = {},
): Promise<RenderedMail> {
  const url = await manageLinkTx(db, orderId, s, now);
  const info = opts.cancellation ? cancellationInformation(s) : [];
  const text = `${mail.text}\n\nManage your booking (change date, cancel, correct names): ${url}${info.length ? `\n\n${info.join("\n\n")}` : ""}`;
  const block = `<p style="margin:0 0 12px"><a href="${escapeHtml(url)}">Manage your booking</a> (change date, cancel, correct names)</p>${
    info.length
      ? `<h2 style="font-size:18px;margin:16px 0 8px">${escapeHtml(info[0]!)}</h2>${info
          .slice(1)
          .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
          .join("")}`
      : ""
  }`;
  const at = mail.html.lastIndexOf("</div></body>");
  const html = at >= 0 ? `${mail.html.slice(0, at)}${block}${mail.html.slice(at)}` : `${mail.html}${block}`;
  return { ...mail, text, html };
}
