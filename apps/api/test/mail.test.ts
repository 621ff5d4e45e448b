import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { courseAddOns, courseDates, mailOutbox } from "../src/db/schema";
import { createCourse, createDiscount } from "../src/db/seed/factories";
import { freePort } from "../src/db/testing";
import { mailBackoffMs } from "../src/workers/mail-sender";
import { formatDateRangeWithWeekday } from "@app/contract";
import { setupApp, type TestContext } from "./helpers";
import { orderPayload } from "./fixtures";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a port; collects what it receives. */
async function startSmtp(port: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (c: string) => (raw += c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Undoes quoted-printable soft breaks and escapes, so assertions read the text as written. */
function decodeQp(raw: string): string {
  // Encoded-word headers (RFC 2047) first, folded lines joined.
  const headers = raw
    .replace(/\?=\r?\n[ \t]+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, t: string) => t.replace(/_/g, " "));
  const joined = headers.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

async function bookableCourse(ctx: TestContext) {
  const id = await createCourse(
    ctx.db,
    {
      title: "SIA Door Supervisor Course",
      feePence: 25000,
      time: "9 am - 6pm",
      addOns: [{ name: "Emergency First Aid at Work", pricePence: 6000, description: "" }],
    },
    ctx.clock.now(),
  );
  const [date] = await ctx.db.select().from(courseDates).where(eq(courseDates.courseId, id));
  const [addOn] = await ctx.db.select().from(courseAddOns).where(eq(courseAddOns.courseId, id));
  return { id, date: date!, addOnId: addOn!.id };
}

async function bookAndPay(ctx: TestContext, over: Record<string, unknown> = {}) {
  const c = await bookableCourse(ctx);
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/enroll",
    payload: orderPayload([{ id: c.id, selectedDate: c.date.id, selectedAddons: [c.addOnId] }], over),
  });
  expect(res.statusCode).toBe(201);
  const order = res.json();
  const pay = await ctx.app.inject({ method: "POST", url: `/api/payments/local/${order.reference}/pay` });
  expect(pay.statusCode).toBe(303);
  return { order, course: c };
}

describe("mail over SMTP", () => {
  let ctx: TestContext;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;

  beforeAll(async () => {
    port = await freePort();
    ctx = await setupApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PROVIDER_EMAIL: "office@example.com" } });
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = null;
  });
  afterAll(() => ctx.close());

  it("sends the booking confirmation with the right content (HTML and text) and the provider's notice", async () => {
    smtp = await startSmtp(port);
    await createDiscount(ctx.db, { code: "MAILTEN", percentOff: 10 }, ctx.clock.now());
    const { course } = await bookAndPay(ctx, { discount_code: "MAILTEN", guest_email: "casey.jones@example.com" });
    const result = await ctx.app.workers.sendMail();
    expect(result).toEqual({ sent: 2, failed: 0 });

    const confirmation = smtp.received.find((m) => m.to.includes("casey.jones@example.com"))!;
    expect(confirmation).toBeDefined();
    const body = decodeQp(confirmation.raw);
    expect(body).toMatch(/^Subject: Booking confirmed: SIA Door Supervisor Course/m);
    expect(body).toMatch(/Content-Type: text\/plain/);
    expect(body).toMatch(/Content-Type: text\/html/);
    expect(body).toContain(
      `Dates: ${formatDateRangeWithWeekday(course.date.startDate, course.date.endDate)}, 9 am - 6pm each day`,
    );
    expect(body).toMatch(/Content-Type: text\/calendar/);
    expect(body).toContain("Add-ons: Emergency First Aid at Work (£60.00)");
    expect(body).toContain("Discount (MAILTEN, 10% off): -£31.00");
    expect(body).toContain("Total paid: £279.00");
    expect(body).toContain("Bootle");
    expect(body).toContain("Photo ID");
    expect(body).toContain("SIA licence application");
    expect(confirmation.from).toBe("bookings@example.com");

    const notice = smtp.received.find((m) => m.to.includes("office@example.com"))!;
    expect(decodeQp(notice.raw)).toMatch(/^Subject: New booking: Casey Jones/m);
    const rows = await ctx.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.sentAt)).toBe(true);
  });

  it("with the SMTP server down the order still succeeds; the mail arrives once it is back", async () => {
    const { order } = await bookAndPay(ctx, { guest_email: "drew.patel@example.com" });
    expect((await ctx.app.inject({ method: "GET", url: `/api/orders/${order.reference}/status` })).json().status).toBe("paid");

    const down = await ctx.app.workers.sendMail();
    expect(down.sent).toBe(0);
    expect(down.failed).toBe(2);
    const pending = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, "drew.patel@example.com"));
    expect(pending[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending[0]!.lastError).toBeTruthy();
    expect(pending[0]!.nextAttemptAt.getTime()).toBe(ctx.clock.now().getTime() + mailBackoffMs(1));

    smtp = await startSmtp(port);
    // Back, but the retry is not due yet: nothing is sent early.
    expect((await ctx.app.workers.sendMail()).sent).toBe(0);
    ctx.clock.advance(mailBackoffMs(1));
    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received.filter((m) => m.to.includes("drew.patel@example.com"))).toHaveLength(1);
    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 0, failed: 0 });
  });

  it("backs off exponentially: 30 s, 1 min, 2 min … capped at an hour", () => {
    expect([1, 2, 3, 4, 10, 20].map(mailBackoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it("a contact message queues a new-message notice to the provider in the same transaction", async () => {
    smtp = await startSmtp(port);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/messages",
      payload: {
        firstName: "Robin",
        lastName: "Hughes",
        phoneNumber: "07700 900111",
        emailAddress: "robin.hughes@example.com",
        message: "Do you run weekend <b>courses</b>?",
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "new_message"));
    expect(row).toMatchObject({ to: "office@example.com", status: "pending" });
    expect(row!.html).toContain("Do you run weekend &lt;b&gt;courses&lt;/b&gt;?");
    await ctx.app.workers.sendMail();
    const mail = smtp.received.find((m) => decodeQp(m.raw).includes("Subject: New message from Robin Hughes"));
    expect(mail?.to).toEqual(["office@example.com"]);
    expect(decodeQp(mail!.raw)).toContain("robin.hughes@example.com");
  });
});

describe("mail to files (the embedded default)", () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "api-mail-"));
    ctx = await setupApp({ env: { MAIL_DIR: dir } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("writes each mail as an .eml file with text and HTML parts", async () => {
    await bookAndPay(ctx, { guest_email: "sam.okafor@example.com" });
    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 2, failed: 0 });
    const files = (await readdir(dir)).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(2);
    const contents = await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")));
    const confirmation = decodeQp(contents.find((c) => c.includes("To: Casey Jones <sam.okafor@example.com>"))!);
    expect(confirmation).toMatch(/Content-Type: multipart\/alternative/);
    expect(confirmation).toContain("Your booking is confirmed");
    expect(confirmation).toContain("What to bring");
  });
});
