/**
 * Scheduled mails' templates (issue 15): the course reminder (service mail: no opt-in, no
 * unsubscribe) and the licence-renewal reminder (marketing: only with consent, always with an
 * unsubscribe link). Each has an HTML and a plain-text part with the same content.
 */
import { formatBookingRef, formatDateRangeWithWeekday, formatDayWithWeekday, mapSearchUrl, WHAT_TO_BRING } from "@app/contract";
import { escapeHtml } from "../../lib/html";
import { layout } from "../mail";
import type { MailSettings, RenderedMail } from "../mail";
import { LICENCE_NAMES, LICENCE_YEARS, RENEWAL_WINDOW_MONTHS, type Licence } from "./licence";

const P = "margin:0 0 12px";
const H2 = "font-size:18px;margin:16px 0 8px";

export type ReminderFacts = {
  firstName: string;
  bookingRef: string;
  courseTitle: string;
  startDate: string;
  endDate: string;
  time: string;
  daysBefore: number;
  learnerFormUrl: string | null;
};

const whenText = (days: number) => (days === 1 ? "tomorrow" : `in ${days} days`);

/** Before the course: when, where (with a map link), what to bring, and the learner form if not complete. */
export function courseReminder(f: ReminderFacts, settings: MailSettings): RenderedMail {
  const subject = `Reminder: ${f.courseTitle} starts ${whenText(f.daysBefore)} (${formatDayWithWeekday(f.startDate)})`;
  const dates = formatDateRangeWithWeekday(f.startDate, f.endDate);
  const map = mapSearchUrl(settings.venueAddress);
  const text = [
    `Dear ${f.firstName},`,
    "",
    `This is a reminder that your ${f.courseTitle} starts ${whenText(f.daysBefore)}, on ${formatDayWithWeekday(f.startDate)}.`,
    `Booking reference: ${formatBookingRef(f.bookingRef)}`,
    "",
    "When:",
    `${dates}, ${f.time} each day`,
    "Please arrive 15 minutes before the start time on the first day.",
    "",
    "Where:",
    settings.venueAddress,
    `Map: ${map}`,
    "",
    "What to bring:",
    ...WHAT_TO_BRING.map((w) => `- ${w}`),
    ...(f.learnerFormUrl
      ? ["", "Your learner form is not complete yet. Please complete it before the course:", f.learnerFormUrl]
      : []),
    "",
    `Questions, or cannot make it? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    "",
    settings.providerName,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Your course starts ${escapeHtml(whenText(f.daysBefore))}</h1>
<p style="${P}">Dear ${escapeHtml(f.firstName)},</p>
<p style="${P}">This is a reminder that your <strong>${escapeHtml(f.courseTitle)}</strong> starts ${escapeHtml(whenText(f.daysBefore))}, on ${escapeHtml(formatDayWithWeekday(f.startDate))}.</p>
<p style="${P}">Booking reference: <strong>${escapeHtml(formatBookingRef(f.bookingRef))}</strong></p>
<h2 style="${H2}">When</h2>
<p style="${P}">${escapeHtml(dates)}, ${escapeHtml(f.time)} each day<br>Please arrive 15 minutes before the start time on the first day.</p>
<h2 style="${H2}">Where</h2>
<p style="${P}">${escapeHtml(settings.venueAddress)} (<a href="${escapeHtml(map)}">map</a>)</p>
<h2 style="${H2}">What to bring</h2>
<ul style="padding-left:20px;margin:0 0 12px">${WHAT_TO_BRING.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>${
      f.learnerFormUrl
        ? `\n<h2 style="${H2}">Your learner form</h2>\n<p style="${P}">Your learner form is not complete yet. Please <a href="${escapeHtml(f.learnerFormUrl)}">complete your learner form</a> before the course.</p>`
        : ""
    }
<p style="${P}">Questions, or cannot make it? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>`,
    settings,
  );
  return { subject, html, text };
}

export type RenewalFacts = {
  firstName: string;
  courseTitle: string;
  endDate: string;
  licence: Licence;
  /** The refresher or top-up course and its next dates; null: no such course in the catalogue now. */
  renewalCourse: { title: string; url: string; nextDates: { startDate: string; endDate: string }[] } | null;
  allCoursesUrl: string;
  unsubscribeUrl: string;
};

/** 'March 2029': the month a licence from a course ending on `endDate` can be renewed from (approximately). */
function windowOpens(endDate: string): string {
  const d = new Date(`${endDate}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + LICENCE_YEARS * 12 - RENEWAL_WINDOW_MONTHS);
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(d);
}

/** Marketing: the licence's renewal is near; the matching refresher or top-up and its next dates. */
export function licenceRenewalReminder(f: RenewalFacts, settings: MailSettings): RenderedMail {
  const licenceName = LICENCE_NAMES[f.licence];
  const subject = `Time to renew your SIA ${licenceName} licence`;
  const opens = windowOpens(f.endDate);
  const course = f.renewalCourse;
  const datesText = course?.nextDates.length
    ? course.nextDates.map((d) => `- ${formatDateRangeWithWeekday(d.startDate, d.endDate)}`)
    : ["- New dates are added regularly: see the course page or call us."];
  const intro = `You trained with us on the ${f.courseTitle}, which ended on ${formatDayWithWeekday(f.endDate)}. An SIA ${licenceName} licence lasts ${LICENCE_YEARS} years, and you can apply to renew it from ${RENEWAL_WINDOW_MONTHS} months before it expires: for a licence issued after your course, that is from around ${opens}.`;
  const need = course
    ? `To renew, you need the ${course.title} qualification. Book it now so your certificate is ready when your renewal window opens.`
    : "To renew, you may need a refresher or top-up qualification. Call us and we will tell you which course you need.";
  const text = [
    `Dear ${f.firstName},`,
    "",
    intro,
    "",
    need,
    ...(course
      ? ["", `${course.title}: next dates`, ...datesText, `Book: ${course.url}`]
      : ["", `Our courses: ${f.allCoursesUrl}`]),
    "",
    `Questions? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    "",
    settings.providerName,
    "",
    "You get this e-mail because you asked for course and licence-renewal reminders.",
    `Unsubscribe: ${f.unsubscribeUrl}`,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Time to renew your SIA ${escapeHtml(licenceName)} licence</h1>
<p style="${P}">Dear ${escapeHtml(f.firstName)},</p>
<p style="${P}">${escapeHtml(intro)}</p>
<p style="${P}">${escapeHtml(need)}</p>${
      course
        ? `\n<h2 style="${H2}">${escapeHtml(course.title)}: next dates</h2>\n<ul style="padding-left:20px;margin:0 0 12px">${(course
            .nextDates.length
            ? course.nextDates.map((d) => formatDateRangeWithWeekday(d.startDate, d.endDate))
            : ["New dates are added regularly: see the course page or call us."]
          )
            .map((d) => `<li>${escapeHtml(d)}</li>`)
            .join("")}</ul>\n<p style="${P}"><a href="${escapeHtml(course.url)}">Book the ${escapeHtml(course.title)}</a></p>`
        : `\n<p style="${P}"><a href="${escapeHtml(f.allCoursesUrl)}">See our courses</a></p>`
    }
<p style="${P}">Questions? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>
<p style="${P};font-size:13px;color:#4a5568">You get this e-mail because you asked for course and licence-renewal reminders. <a href="${escapeHtml(f.unsubscribeUrl)}">Unsubscribe</a></p>`,
    settings,
  );
  return { subject, html, text };
}
