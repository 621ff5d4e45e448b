/**
 * What mail software reads from our mails (decision 287): To with the recipient's name, Reply-To
 * the customer on the office's notices, a random Message-ID kept across retries, Auto-Submitted on
 * service mail; and SpamAssassin (local rules only, `spamassassin -L -t`) over every template as
 * Nodemailer sends it, each scoring at most 0.5. SpamAssassin comes from Debian (.ci/run installs
 * it); without it this file fails, it never skips.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import nodemailer from "nodemailer";
import { courseDates, mailOutbox, orderAttendees, orderItems, orders } from "../src/db/schema";
import { createCourse } from "../src/db/seed/factories";
import { bookingCalendar } from "../src/modules/orders/calendar";
import {
  bookingConfirmation,
  latePaymentNotice,
  newBookingNotice,
  newMessageNotice,
  paymentMismatchNotice,
} from "../src/modules/mail/templates";
import { cancellationMail, confirmationMail, refundMail, transferMail } from "../src/modules/bookings/mails";
import { waitlistOfferMail } from "../src/modules/waitlist/mail";
import { balanceReminderMail, savedCardFailedMail } from "../src/modules/orders/balance-due-mails";
import { courseReminder, licenceRenewalReminder } from "../src/modules/scheduled-mail/templates";
import { unsubscribeHeaders } from "../src/modules/scheduled-mail/consent";
import { learnerResultMail } from "../src/modules/learners/mail";
import { inviteMail } from "../src/modules/staff/mail";
import type { MailTransport, OutgoingMail } from "../src/modules/mail/transport";
import type { RenderedMail } from "../src/modules/mail/types";
import { composeMail, sendDueMail, type ClaimedMail } from "../src/workers/mail-sender";
import { MANY_CUSTOMERS_ENV, setupApp, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

const FROM = "Merseyside Door & Guard Training <bookings@example.com>";
const OFFICE = "office@example.com";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApp({ env: { ...MANY_CUSTOMERS_ENV, PROVIDER_EMAIL: OFFICE, MAIL_FROM: FROM } });
});
afterAll(() => ctx.close());

/** Builds each mail exactly as Nodemailer would send it and keeps the raw RFC 822 text. */
function captureTransport() {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const sent: { mail: OutgoingMail; raw: string }[] = [];
  let down = false;
  const transport: MailTransport = {
    kind: "file",
    async send(mail) {
      if (down) throw new Error("connect ECONNREFUSED (test: server down)");
      const info = await builder.sendMail(mail);
      sent.push({ mail, raw: (info.message as Buffer).toString("utf8") });
      return { describe: "captured" };
    },
    close: () => undefined,
  };
  return { transport, sent, setDown: (v: boolean) => (down = v) };
}

/** The header fields of a raw message, unfolded, by lower-case name. */
function headersOf(raw: string): Map<string, string[]> {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const out = new Map<string, string[]>();
  for (const line of head.split("\r\n")) {
    const i = line.indexOf(":");
    const name = line.slice(0, i).toLowerCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(i + 1).trim()]);
  }
  return out;
}

const TEAM = [
  { first_name: "Alex", last_name: "Stone", email: "alex@employer.example" },
  { first_name: "Bea", last_name: "Hart" },
];

async function bookAndPay(email: string) {
  const id = await createCourse(ctx.db, { title: "SIA Door Supervisor Course", feePence: 25000, capacity: 20 }, ctx.clock.now());
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id, selectedDate: date!.id, quantity: 2, attendees: TEAM }], {
      guest_email: email,
      first_name: "Casey",
      last_name: "Jones",
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const pay = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${res.json().reference}/pay` });
  expect(pay.statusCode).toBe(303);
  return (await ctx.db.select().from(orders).where(eq(orders.reference, res.json().reference)))[0]!;
}

describe("mail headers", () => {
  it("To names the recipient, the office's notices reply to the customer, Message-IDs are random and kept across a retry, service mail is Auto-Submitted", async () => {
    await bookAndPay("casey.headers@example.com");
    const message = await ctx.app.inject({
      method: "POST",
      url: "/api/messages",
      payload: {
        firstName: "Robin",
        lastName: "Hughes",
        phoneNumber: "07700 900111",
        emailAddress: "robin.hughes@example.com",
        message: "Do you run weekend courses?",
      },
    });
    expect(message.statusCode).toBe(201);

    // First attempt fails (server down): the ids are made then and kept for the retry.
    const { transport, sent, setDown } = captureTransport();
    setDown(true);
    const failed = await sendDueMail(ctx.db, transport, { now: ctx.clock.now(), from: FROM });
    // The confirmation, the office's notice, the named attendee's own mail (issue 27) and the message notice.
    expect(failed.failed).toBe(4);
    const rows = await ctx.db.select().from(mailOutbox);
    const ids = new Map(rows.map((r) => [r.id, r.messageId]));
    for (const id of ids.values())
      expect(id).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@example\.com>$/);
    expect(new Set(ids.values()).size).toBe(rows.length);

    setDown(false);
    ctx.clock.advance(60 * 60_000);
    expect(await sendDueMail(ctx.db, transport, { now: ctx.clock.now(), from: FROM })).toEqual({ sent: 4, failed: 0 });
    const after = await ctx.db.select().from(mailOutbox);
    for (const r of after) expect(r.messageId, "the retry kept the id").toBe(ids.get(r.id));

    const byTo = (addr: string, subject: RegExp) => {
      const found = sent.find((s) => headersOf(s.raw).get("to")?.[0]?.includes(`<${addr}>`) && subject.test(s.mail.subject));
      expect(found, `a mail to ${addr} (${subject})`).toBeDefined();
      return headersOf(found!.raw);
    };
    const confirmation = byTo("casey.headers@example.com", /^Booking confirmed/);
    expect(confirmation.get("to")).toEqual(["Casey Jones <casey.headers@example.com>"]);
    expect(confirmation.has("reply-to")).toBe(false);
    const notice = byTo(OFFICE, /^New booking/);
    expect(notice.get("to")).toEqual([`"Merseyside Door & Guard Training" <${OFFICE}>`]);
    expect(notice.get("reply-to")).toEqual(["Casey Jones <casey.headers@example.com>"]);
    const messageNotice = byTo(OFFICE, /^New message/);
    expect(messageNotice.get("reply-to")).toEqual(["Robin Hughes <robin.hughes@example.com>"]);

    for (const s of sent) {
      const h = headersOf(s.raw);
      expect(h.get("auto-submitted")).toEqual(["auto-generated"]);
      // The id on the wire is the stored one, not one built from the row number.
      expect(h.get("message-id")).toHaveLength(1);
      expect([...ids.values()]).toContain(h.get("message-id")![0]);
      expect(h.get("message-id")![0]).not.toMatch(/outbox-\d+/);
    }
  });
});

/** One SpamAssassin run over all messages (an mbox; one start instead of one per mail): each score. */
function spamScores(raws: string[]): { score: number; tests: string }[] {
  const mbox = raws
    .map((r) => `From MAILER-DAEMON Thu Jan  1 00:00:00 2026\n${r.replace(/\r\n/g, "\n").replace(/^From /gm, ">From ")}\n`)
    .join("");
  const run = spawnSync(
    "spamassassin",
    // Local rules only (no network tests), report only, and nothing learnt or written between runs.
    ["-L", "-t", "--mbox", "--cf=use_bayes 0", "--cf=bayes_auto_learn 0", "--cf=use_auto_whitelist 0"],
    { input: mbox, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error || run.status !== 0)
    throw new Error(`spamassassin did not run (apt-get install spamassassin; .ci/run does): ${run.error?.message ?? run.stderr}`);
  const statuses = [...run.stdout.matchAll(/^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+ tests=([\s\S]*?) autolearn/gm)];
  expect(statuses, "one X-Spam-Status per message").toHaveLength(raws.length);
  return statuses.map((m) => ({ score: Number(m[1]), tests: m[2]!.replace(/\s+/g, "") }));
}

describe("SpamAssassin", () => {
  it("scores every template at most 0.5 as Nodemailer sends it", async () => {
    const order = await bookAndPay("casey.spam@example.com");
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const attendees = await ctx.db
      .select()
      .from(orderAttendees)
      .where(inArray(orderAttendees.orderId, [order.id]));
    const s = ctx.app.mail.settings;
    const now = ctx.clock.now();
    const request = bookingCalendar(order, items, attendees, s, { method: "REQUEST", now });
    const cancel = bookingCalendar(order, items, attendees, s, { method: "CANCEL", now });
    const item = items[0]!;
    const customer = { to: order.guestEmail, to_name: "Casey Jones" };
    const office = { to: OFFICE, to_name: s.providerName, reply_to: order.guestEmail, reply_to_name: "Casey Jones" };
    const learner = { to: "alex@employer.example", to_name: "Alex Stone" };
    const unsubscribe = "https://api.example.com/api/unsubscribe/token";
    const balanceFacts = { duePence: 22000, dueOn: "2031-11-03", url: "https://www.example.com/pay/tok" };

    const templates: [string, RenderedMail, Partial<ClaimedMail>][] = [
      [
        "booking_confirmation",
        bookingConfirmation(order, items, s, request, attendees, [
          { name: "Alex Stone", course_title: item.title, url: "https://www.example.com/learner/abc" },
        ]),
        customer,
      ],
      ["booking_confirmation (invoice)", confirmationMail(order, items, s, request, true), customer],
      ["new_booking", newBookingNotice(order, items, s, attendees), office],
      ["late_payment", latePaymentNotice(order, items, 27900, s), office],
      [
        "new_message",
        newMessageNotice(
          {
            firstName: "Robin",
            lastName: "Hughes",
            phoneNumber: "07700 900111",
            emailAddress: "robin.hughes@example.com",
            message: "Do you run weekend courses?",
          },
          s,
        ),
        { ...office, reply_to: "robin.hughes@example.com", reply_to_name: "Robin Hughes" },
      ],
      [
        "payment_mismatch",
        paymentMismatchNotice(
          order,
          { sessionId: "cs_test_123", amountPence: 100, currency: "gbp", reasons: ["the amount differs"] },
          s,
        ),
        { to: OFFICE, to_name: s.providerName },
      ],
      ["booking_cancelled", cancellationMail(order, items, 27900, s, cancel), customer],
      ["booking_cancelled (no refund)", cancellationMail(order, items, 0, s, cancel), customer],
      ["booking_refunded", refundMail(order, 5000, s), customer],
      ["booking_transferred", transferMail(order, item, "Mon 1 – Sat 6 Dec 2031", request, s), customer],
      [
        "waitlist_offer",
        waitlistOfferMail(
          {
            name: "Dana Wait",
            courseTitle: item.title,
            startDate: item.startDate!,
            endDate: item.endDate!,
            time: item.time,
            places: 2,
            token: "tok",
            expiresAt: new Date(now.getTime() + 12 * 3600_000),
          },
          s,
        ),
        { to: "dana@example.com", to_name: "Dana Wait" },
      ],
      [
        "course_reminder",
        courseReminder(
          {
            firstName: "Alex",
            bookingRef: order.bookingRef,
            courseTitle: item.title,
            startDate: item.startDate!,
            endDate: item.endDate!,
            time: item.time,
            daysBefore: 7,
            learnerFormUrl: "https://www.example.com/learner/abc",
          },
          s,
        ),
        learner,
      ],
      [
        "licence_renewal",
        licenceRenewalReminder(
          {
            firstName: "Alex",
            courseTitle: item.title,
            endDate: item.endDate!,
            licence: "door_supervisor",
            renewalCourse: {
              title: "Door Supervisor Refresher",
              url: "https://www.example.com/course/door-supervisor-refresher",
              nextDates: [{ startDate: "2031-03-03", endDate: "2031-03-04" }],
            },
            allCoursesUrl: "https://www.example.com/all-courses",
            unsubscribeUrl: unsubscribe,
          },
          s,
        ),
        { ...learner, headers: unsubscribeHeaders(unsubscribe, s.providerEmail) },
      ],
      [
        "learner_result",
        learnerResultMail(
          {
            name: "Alex Stone",
            courseTitle: item.title,
            licenceKind: "door_supervisor",
            results: [{ unit: "Unit 1", result: "pass" }],
            outcome: "pass",
          },
          s,
        ),
        learner,
      ],
      ["balance_reminder", balanceReminderMail(order, items, balanceFacts, "before", s), customer],
      ["balance_reminder (due today)", balanceReminderMail(order, items, balanceFacts, "due", s), customer],
      [
        "balance_card_failed",
        savedCardFailedMail(order, items, balanceFacts, { amountPence: 22000, authentication: true }, s),
        customer,
      ],
      [
        "staff_invite",
        inviteMail(s.providerName, "Sam Staff", "office", "https://admin.example.com/invite/tok", "Pat Owner"),
        { to: "sam@example.com", to_name: "Sam Staff" },
      ],
    ];

    const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    const raws: string[] = [];
    for (const [kind, rendered, addressing] of templates) {
      const row: ClaimedMail = {
        id: 1,
        to: "",
        to_name: null,
        reply_to: null,
        reply_to_name: null,
        message_id: `<${crypto.randomUUID()}@example.com>`,
        kind,
        attempts: 1,
        created_at: "2026-11-26 09:00:00+00",
        headers: null,
        ...rendered,
        attachments: rendered.attachments ?? null,
        ...addressing,
      };
      const info = await builder.sendMail(composeMail(row, FROM));
      raws.push((info.message as Buffer).toString("utf8"));
    }
    const scores = spamScores(raws);
    const report = templates.map(([kind], i) => `${kind}: ${scores[i]!.score} (${scores[i]!.tests})`);
    for (const [i, { score }] of scores.entries()) expect(score, report[i]).toBeLessThanOrEqual(0.5);
    // SpamAssassin's start (rules are compiled per run) takes ~15 s idle and ~50 s on a loaded CI machine.
  }, 180_000);
});
