/** The office's Scheduled mail view over HTTP: sent, due, failed, skipped, and retrying a failed mail. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../src/db/schema";
import { createCourse, createOrder, createUser } from "../src/db/seed/factories";
import { login, setupApp, TestClock, type Session, type TestContext } from "./helpers";

describe("Scheduled mail (admin)", () => {
  let ctx: TestContext;
  let admin: Session;
  let trainer: Session;
  beforeAll(async () => {
    ctx = await setupApp({ seeded: false, clock: new TestClock(new Date("2027-03-01T10:00:00Z")) });
    admin = await login(ctx.app, ...(await officeUser()));
  });
  async function officeUser(): Promise<[string, string]> {
    const user = await createUser(ctx.db, { name: "Olive Office", isAdmin: true });
    await ctx.pool.query(`update users set role = 'office' where id = $1`, [user.id]);
    return [user.email, user.password];
  }
  afterAll(async () => ctx.close());

  const list = async (view: string) => {
    const res = await ctx.app.inject({ method: "GET", url: `/api/scheduled-mail?view=${view}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json() as { items: Record<string, unknown>[]; counts: Record<string, number> };
  };

  it("lists what is due (outbox and planned reminders), what was sent and what failed, with counts", async () => {
    const id = await createCourse(
      ctx.db,
      { title: "CCTV Operator Course", dates: [{ startDate: "2027-03-20", endDate: "2027-03-22" }] },
      ctx.clock.now(),
    );
    const { rows } = await ctx.pool.query(`select id from course_dates where course_id = $1`, [id]);
    const order = await createOrder(ctx.db, {
      courses: [{ id, selectedDate: rows[0].id, selectedAddons: [] }],
      status: "paid",
      at: ctx.clock.now(),
      customer: { guest_email: "pat.learner@example.com" },
    });
    await ctx.app.workers.runDue();

    const due = await list("due");
    // The reminders planned for the booking (not yet in the outbox), soonest first.
    const planned = due.items.filter((i) => i.source === "schedule");
    expect(planned.map((i) => [i.kind, i.to, i.due_at, i.subject, i.booking_ref])).toEqual([
      ["reminder_7d", "pat.learner@example.com", "2027-03-13T09:00:00.000Z", null, order.bookingRef],
      ["reminder_1d", "pat.learner@example.com", "2027-03-19T09:00:00.000Z", null, order.bookingRef],
    ]);
    expect(due.counts.due).toBe(due.items.length);
    // The queue is off in this test (the jobs are called directly): no run recorded yet.
    expect((due as unknown as { jobs: unknown[] }).jobs).toEqual([
      { name: "order-expiry", label: "Order expiry", last_run_at: null, failed_last_day: 0 },
      { name: "send-mail", label: "Mail sender", last_run_at: null, failed_last_day: 0 },
      { name: "scheduled-mail", label: "Reminders", last_run_at: null, failed_last_day: 0 },
    ]);

    // Send what is in the outbox; make one fail for good.
    await ctx.db.insert(mailOutbox).values({
      to: "office@example.com",
      subject: "New booking",
      html: "x",
      text: "x",
      kind: "new_booking",
      nextAttemptAt: ctx.clock.now(),
    });
    await ctx.db.insert(mailOutbox).values({
      to: "broken@example.com",
      subject: "Undeliverable",
      html: "x",
      text: "x",
      kind: "new_message",
      status: "failed",
      attempts: 12,
      lastError: "550 mailbox unavailable",
    });
    await ctx.app.workers.sendMail();
    const sent = await list("sent");
    expect(sent.items.length).toBeGreaterThan(0);
    expect(sent.items.every((i) => i.status === "sent" && typeof i.sent_at === "string")).toBe(true);
    const failed = await list("failed");
    expect(failed.items).toEqual([
      expect.objectContaining({
        source: "outbox",
        to: "broken@example.com",
        subject: "Undeliverable",
        attempts: 12,
        error: "550 mailbox unavailable",
        can_retry: true,
      }),
    ]);
    expect(failed.counts).toMatchObject({ failed: 1, sent: sent.items.length });
    const total = await ctx.app.inject({ method: "GET", url: "/api/scheduled-mail?view=sent&limit=1", headers: admin.headers });
    expect(total.headers["x-total-count"]).toBe(String(sent.items.length));
    expect(total.json().items).toHaveLength(1);
  });

  it("retries a failed mail: back to due with fresh attempts, logged with the administrator's name, then sent", async () => {
    const [failed] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Undeliverable"));
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/scheduled-mail/outbox/${failed!.id}/retry`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: `outbox-${failed!.id}`, status: "due", attempts: 0, can_retry: false });
    const { rows } = await ctx.pool.query(
      `select action, user_name, details from activity_log where action = 'Failed mail sent again'`,
    );
    expect(rows).toEqual([
      { action: "Failed mail sent again", user_name: "Olive Office", details: `New message (office) (mail ${failed!.id})` },
    ]);
    // Twice is refused (it is no longer failed); an unknown mail is 404.
    const again = await ctx.app.inject({
      method: "POST",
      url: `/api/scheduled-mail/outbox/${failed!.id}/retry`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Only a failed mail can be sent again" });
    expect(
      (await ctx.app.inject({ method: "POST", url: `/api/scheduled-mail/outbox/999999/retry`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    expect(await ctx.app.workers.sendMail()).toEqual({ sent: 1, failed: 0 });
    expect((await list("failed")).items).toEqual([]);
  });

  it("retries a scheduled mail that failed to render: planned again and checked again when queued", async () => {
    const { rows } = await ctx.pool.query(
      `update scheduled_mails set status = 'failed', reason = 'template error' where kind = 'reminder_7d' returning id`,
    );
    const failed = await list("failed");
    expect(failed.items).toEqual([
      expect.objectContaining({ key: `schedule-${rows[0].id}`, error: "template error", can_retry: true }),
    ]);
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/scheduled-mail/schedule/${rows[0].id}/retry`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "due", error: null });
    expect(
      (await ctx.app.inject({ method: "POST", url: `/api/scheduled-mail/schedule/${rows[0].id}/retry`, headers: admin.headers }))
        .statusCode,
    ).toBe(409);
    ctx.clock.set(new Date("2027-03-13T09:00:00Z"));
    expect((await ctx.app.workers.runDue()).queued).toBe(1);
  });

  it("is for the office: a trainer and a visitor are refused", async () => {
    // The clock moved days on: both sign in again.
    admin = await login(ctx.app, ...(await officeUser()));
    const t = await createUser(ctx.db, { name: "Tess Trainer", isAdmin: true });
    await ctx.pool.query(`update users set role = 'trainer' where id = $1`, [t.id]);
    trainer = await login(ctx.app, t.email, t.password);
    expect((await ctx.app.inject({ method: "GET", url: "/api/scheduled-mail", headers: trainer.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "GET", url: "/api/scheduled-mail" })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/scheduled-mail/outbox/1/retry", headers: trainer.headers })).statusCode,
    ).toBe(403);
    const bad = await ctx.app.inject({ method: "GET", url: "/api/scheduled-mail?view=everything", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("message");
  });
});
