/**
 * The customer's mails about a balance on and before its due day: the reminders (7 days before, and
 * on the day) and the notice that the saved card did not pay (the bank asked for authentication, or
 * the card failed). Each carries the balance's secret link as a button and in full.
 */
import { formatBookingRef } from "@app/contract";
import { formatLongDate } from "@app/rules";
import { escapeHtml, formatPence } from "../../lib/html";
import { layout, type MailSettings, type RenderedMail } from "../mail";
import { dates, type ItemLike, type OrderLike } from "./balance-mails";

const P = "margin:0 0 12px";

export type BalanceDueFacts = { duePence: number; dueOn: string; url: string };

function withLink(subject: string, heading: string, lines: string[], due: BalanceDueFacts, s: MailSettings): RenderedMail {
  const closing = [`Questions? Call us on ${s.providerPhone} or reply to this e-mail.`];
  const text = [...lines, "", `Pay the balance securely here: ${due.url}`, "", ...closing, "", s.providerName].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(heading)}</h1>
${lines.map((l) => `<p style="${P}">${escapeHtml(l)}</p>`).join("\n")}
<p style="${P}"><a href="${escapeHtml(due.url)}">Pay the balance</a> (${escapeHtml(due.url)})</p>
${closing.map((l) => `<p style="${P}">${escapeHtml(l)}</p>`).join("\n")}`,
    s,
  );
  return { subject, html, text, attachments: [] };
}

/** The reminder 7 days before the due day ('before') or on it ('due'). */
export function balanceReminderMail(
  order: OrderLike,
  items: ItemLike[],
  due: BalanceDueFacts,
  which: "before" | "due",
  s: MailSettings,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  const when = which === "due" ? "today" : `on ${formatLongDate(due.dueOn)}`;
  return withLink(
    which === "due" ? `Your balance is due today: ${ref}` : `Your balance is due on ${formatLongDate(due.dueOn)}: ${ref}`,
    which === "due" ? "Your balance is due today" : "Your balance is due soon",
    [
      `Dear ${order.firstName},`,
      `The balance of ${formatPence(due.duePence)} for your booking ${ref} is due ${when}:`,
      ...items.map((i) => `${i.title}: ${dates(i)}`),
    ],
    due,
    s,
  );
}

/** The saved card did not pay a charge on its day: the customer pays what is due by the link instead. */
export function savedCardFailedMail(
  order: OrderLike,
  items: ItemLike[],
  due: BalanceDueFacts,
  charge: { amountPence: number; authentication: boolean },
  s: MailSettings,
): RenderedMail {
  const ref = formatBookingRef(order.bookingRef);
  return withLink(
    `We could not take your payment: ${ref}`,
    "Please pay your balance by the link",
    [
      `Dear ${order.firstName},`,
      charge.authentication
        ? `We tried to take ${formatPence(charge.amountPence)} for your booking ${ref} from your saved card, but your bank asked you to confirm the payment yourself.`
        : `We tried to take ${formatPence(charge.amountPence)} for your booking ${ref} from your saved card, but the payment did not go through.`,
      `No money was taken. Please pay the ${formatPence(due.duePence)} still due by ${formatLongDate(due.dueOn)} with the secure link below.`,
      ...items.map((i) => `${i.title}: ${dates(i)}`),
    ],
    due,
    s,
  );
}
