import { formatDateRangeWithWeekday } from "@app/contract";
import { mailOutbox } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { escapeHtml } from "../../lib/html";
import { addressingColumns, type MailSettings } from "../mail";
import type { RenderedMail } from "../mail";

/** The site route the offer link opens (apps/site: it fills the cart and the checkout, then shows /cart). */
export const offerLink = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/$/, "")}/waiting-list/offer/${encodeURIComponent(token)}`;

export type OfferMailFacts = {
  name: string;
  courseTitle: string;
  startDate: string;
  endDate: string;
  time: string;
  places: number;
  token: string;
  expiresAt: Date;
};

/** 'Tuesday 24 November 2026 at 09:30' in UK time: when the held places pass on. */
const UK_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function ukDateTime(at: Date): string {
  const p = Object.fromEntries(UK_PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year} at ${p.hour}:${p.minute}`;
}

const P = "margin:0 0 12px";

/** To the person at the front of the line when places free up: the link books them within the hold. */
export function waitlistOfferMail(f: OfferMailFacts, settings: MailSettings): RenderedMail {
  const dates = formatDateRangeWithWeekday(f.startDate, f.endDate);
  const placesText = f.places === 1 ? "1 place" : `${f.places} places`;
  const link = offerLink(settings.siteUrl, f.token);
  const until = ukDateTime(f.expiresAt);
  const subject = `A place has come up: ${f.courseTitle}, ${dates}`;
  const text = [
    `Hello ${f.name},`,
    "",
    `Good news: ${placesText} came up on ${f.courseTitle} (${dates}, ${f.time} each day), the date you were waiting for.`,
    `We are holding ${f.places === 1 ? "it" : "them"} for you until ${until}. After that ${f.places === 1 ? "it passes" : "they pass"} to the next person on the waiting list.`,
    "",
    `Book now (your details are filled in): ${link}`,
    "",
    `Questions? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    settings.providerName,
  ].join("\n");
  const body = `<h1 style="font-size:20px;margin:0 0 12px">A place has come up for you</h1>
<p style="${P}">Hello ${escapeHtml(f.name)},</p>
<p style="${P}">Good news: ${escapeHtml(placesText)} came up on <strong>${escapeHtml(f.courseTitle)}</strong> (${escapeHtml(dates)}, ${escapeHtml(f.time)} each day), the date you were waiting for.</p>
<p style="${P}">We are holding ${f.places === 1 ? "it" : "them"} for you until <strong>${escapeHtml(until)}</strong>. After that ${f.places === 1 ? "it passes" : "they pass"} to the next person on the waiting list.</p>
<p style="${P}"><a href="${escapeHtml(link)}" style="display:inline-block;background:#14213d;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Book your ${escapeHtml(placesText)}</a></p>
<p style="${P}">Questions? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>`;
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="${P};font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="${P};font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} · ${escapeHtml(settings.venueAddress)} · ${escapeHtml(settings.providerPhone)} · ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
  return { subject, html, text };
}

/** 'the 1st', 'the 2nd', 'the 23rd'. */
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

export type JoinedMailFacts = Omit<OfferMailFacts, "token" | "expiresAt"> & { position: number };

/** To someone who joined a waiting list (issue 27): what they wait for and their place in the queue. */
export function waitlistJoinedMail(f: JoinedMailFacts, settings: MailSettings): RenderedMail {
  const dates = formatDateRangeWithWeekday(f.startDate, f.endDate);
  const placesText = f.places === 1 ? "1 place" : `${f.places} places`;
  const subject = `You are on the waiting list: ${f.courseTitle}, ${dates}`;
  const lines = [
    `Hello ${f.name},`,
    `You are on the waiting list for ${placesText} on ${f.courseTitle} (${dates}, ${f.time} each day).`,
    `You are number ${f.position} in the queue (${ordinal(f.position)} in line).`,
    "When a place frees up we e-mail the first person in line a link that holds it for them for a short time; if they do not book, it passes to the next person.",
    "You do not need to do anything now.",
  ];
  const text = [
    ...lines,
    "",
    `Questions? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    settings.providerName,
  ].join("\n");
  const body = `<h1 style="font-size:20px;margin:0 0 12px">You are on the waiting list</h1>
${lines.map((l) => `<p style="${P}">${escapeHtml(l)}</p>`).join("\n")}
<p style="${P}">Questions? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>`;
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="${P};font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="${P};font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} · ${escapeHtml(settings.venueAddress)} · ${escapeHtml(settings.providerPhone)} · ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
  return { subject, html, text };
}

/**
 * Queued in the transaction that makes the offer (the outbox of the mail module sends it). Its own
 * insert, so the mail module's list of kinds stays the orders domain's (kind 'waitlist_offer').
 */
export async function enqueueOfferMail(
  db: DbOrTx,
  to: string,
  toName: string,
  mail: RenderedMail,
  now: Date,
  kind: "waitlist_offer" | "waitlist_joined" = "waitlist_offer",
): Promise<void> {
  await db.insert(mailOutbox).values({
    ...addressingColumns({ to, toName }),
    kind,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    nextAttemptAt: now,
    createdAt: now,
  });
}
