/**
 * A planned mail at its due time (decisions 221-223): decided from the booking as it is then
 * (cancelled, moved, learner result, consent), then queued in the outbox or skipped with the reason.
 */
import type { Db, Tx } from "../../db/client";
import { ukDate, ukMidnight } from "../../lib/dates";
import { withManageLinkTx } from "../customer-links";
import { addressingColumns, type MailSettings } from "../mail";
import { insertOutboxMail } from "../mail";
import type { RenderedMail } from "../mail";
import { isUnsubscribed, marketingRecipientFor, unsubscribeHeaders, unsubscribeKeys, unsubscribeUrl } from "./consent";
import { learnerFormLinkFor } from "./learner-form";
import { LICENCE_YEARS, type Licence } from "./licence";
import { RENEWAL_KIND, reminderDays, type ScheduleSettings as Settings } from "./schedule-kinds";
import * as repo from "./schedule-repository";
import { courseReminder, licenceRenewalReminder } from "./templates";

type DueRow = {
  id: number;
  kind: string;
  attendee_id: number;
  course_date_id: number;
  renewal_course_id: number | null;
  order_status: string;
  order_id: number;
  booking_ref: string;
  guest_email: string;
  marketing_consent_at: Date | null;
  attendee_first_name: string;
  attendee_last_name: string;
  attendee_email: string | null;
  buyer_name: string;
  /** From the learner form (issue 14), when the attendee has a learner record. */
  learner_email: string | null;
  learner_consent_at: Date | null;
  item_date_id: number | null;
  course_title: string;
  course_licence: Licence | null;
  time: string;
  start_date: string;
  end_date: string;
};

type Outcome =
  | { skip: string }
  | { mail: RenderedMail & { to: string; toName: string; kind: string; headers?: Record<string, string> } };

/** The name for the To: header: the attendee's at their own address, otherwise the buyer's (whose address it is). */
const nameFor = (row: DueRow, to: string) =>
  to === row.guest_email && to !== row.attendee_email ? row.buyer_name : `${row.attendee_first_name} ${row.attendee_last_name}`;

async function courseReminderOutcome(tx: Tx, row: DueRow, settings: MailSettings, now: Date): Promise<Outcome> {
  if (row.order_status !== "paid") return { skip: `booking ${row.order_status}` };
  if (row.item_date_id !== row.course_date_id) return { skip: "booking moved to another date" };
  if (now.getTime() >= ukMidnight(row.start_date).getTime()) return { skip: "course already started" };
  const mail = courseReminder(
    {
      firstName: row.attendee_first_name,
      bookingRef: row.booking_ref,
      courseTitle: row.course_title,
      startDate: row.start_date,
      endDate: row.end_date,
      time: row.time,
      daysBefore: reminderDays(row.kind),
      learnerFormUrl: await learnerFormLinkFor(row.attendee_id, tx, settings.siteUrl),
    },
    settings,
  );
  const to = row.attendee_email ?? row.guest_email;
  // The booking's own page only for the person who booked: an attendee with their own address is not the customer.
  const linked = to === row.guest_email ? await withManageLinkTx(tx, row.order_id, mail, settings, now) : mail;
  return { mail: { ...linked, to, toName: nameFor(row, to), kind: "course_reminder" } };
}

async function renewalOutcome(tx: Tx, row: DueRow, env: Settings, settings: MailSettings, now: Date): Promise<Outcome> {
  if (row.order_status !== "paid") return { skip: `booking ${row.order_status}` };
  const recipient = marketingRecipientFor({
    guestEmail: row.guest_email,
    orderConsentAt: row.marketing_consent_at,
    attendeeEmail: row.attendee_email,
    learnerEmail: row.learner_email,
    learnerConsentAt: row.learner_consent_at,
  });
  if (!recipient) return { skip: "no marketing consent" };
  // Planned after a pass; a result changed since (a unit now failed or to resit) stops it.
  if (await repo.hasResultOtherThanPass(tx, row.attendee_id)) return { skip: "learner has not passed" };
  const { to } = recipient;
  if (await isUnsubscribed(tx, to)) return { skip: "unsubscribed" };
  const expiry = new Date(`${row.end_date}T12:00:00Z`);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + LICENCE_YEARS);
  if (now > expiry) return { skip: "licence already expired" };
  const licence = row.course_licence;
  if (!licence) return { skip: "not a licence course" };
  let renewalCourse = null;
  if (row.renewal_course_id) {
    const course = await repo.liveCourse(tx, row.renewal_course_id);
    if (course) {
      const nextDates = await repo.nextOpenDates(tx, row.renewal_course_id, ukDate(now));
      renewalCourse = {
        title: course.title,
        url: `${settings.siteUrl}/course/${encodeURIComponent(course.slug)}`,
        nextDates: nextDates.map((d) => ({ startDate: d.start_date, endDate: d.end_date })),
      };
    }
  }
  const link = unsubscribeUrl(env.PUBLIC_API_URL, to, unsubscribeKeys(env));
  const mail = licenceRenewalReminder(
    {
      firstName: row.attendee_first_name,
      courseTitle: row.course_title,
      endDate: row.end_date,
      licence,
      renewalCourse,
      allCoursesUrl: `${settings.siteUrl}/all-courses`,
      unsubscribeUrl: link,
    },
    settings,
  );
  return {
    mail: {
      ...mail,
      to,
      toName: nameFor(row, to),
      kind: "licence_renewal",
      headers: unsubscribeHeaders(link, settings.providerEmail),
    },
  };
}

/** Takes one due row (if no other instance has it) and queues or skips it, in one transaction. */
export async function processDue(
  db: Db,
  id: number,
  env: Settings,
  settings: MailSettings,
  now: Date,
): Promise<"queued" | "skipped" | null> {
  return db.transaction(async (tx) => {
    const row = await repo.lockDueRow<DueRow>(tx, id, now);
    if (!row) return null;
    const consentAt = row.marketing_consent_at;
    row.marketing_consent_at = consentAt ? new Date(consentAt) : null;
    row.learner_consent_at = row.learner_consent_at ? new Date(row.learner_consent_at) : null;
    const outcome =
      row.kind === RENEWAL_KIND
        ? await renewalOutcome(tx, row, env, settings, now)
        : await courseReminderOutcome(tx, row, settings, now);
    if ("skip" in outcome) {
      await repo.markSkipped(tx, id, outcome.skip, now);
      return "skipped";
    }
    const { mail } = outcome;
    const queued = await insertOutboxMail(tx, {
      ...addressingColumns(mail),
      kind: mail.kind,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ?? {},
      nextAttemptAt: now,
      createdAt: now,
    });
    await repo.markQueued(tx, id, queued, now);
    return "queued";
  });
}
