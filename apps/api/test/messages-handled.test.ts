/** Messages the office has answered (issue 13): mark handled or unhandled, filter the list, safe to retry. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await setupApp({ env: { CONTACT_RATE_LIMIT: "1000" } });
  admin = await loginAdmin(ctx);
});
afterAll(() => ctx.close());

type Msg = { id: number; firstName: string; handled_at: string | null; handled_by: string | null };
const post = (message: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/messages",
    payload: {
      firstName: "Sam",
      lastName: "Parry",
      phoneNumber: "0151 496 0777",
      emailAddress: "sam.parry@example.com",
      message,
    },
  });
const list = async (query = "") => {
  const res = await ctx.app.inject({ method: "GET", url: `/api/messages${query}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return { items: res.json() as Msg[], total: Number(res.headers["x-total-count"]) };
};
const mark = (id: number, handled: unknown, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: "PUT", url: `/api/messages/${id}/handled`, headers, payload: { handled } });

describe("handled messages", () => {
  let ids: number[] = [];
  beforeAll(async () => {
    for (const text of ["First question about CCTV dates", "Second question about refreshers"])
      expect((await post(text)).statusCode).toBe(201);
    ids = (await list()).items.slice(0, 2).map((m) => m.id);
  });

  it("new messages are unhandled; marking one handled records who and when, with an activity entry", async () => {
    const all = await list();
    expect(all.items.find((m) => m.id === ids[0])).toMatchObject({ handled_at: null, handled_by: null });
    const res = await mark(ids[0]!, true);
    expect(res.statusCode).toBe(200);
    const me = (await ctx.app.inject({ method: "GET", url: "/api/me", headers: admin.headers })).json();
    expect(res.json()).toMatchObject({ id: ids[0], handled_by: me.name ?? me.user?.name });
    expect(Date.parse(res.json().handled_at)).toBeGreaterThan(0);
    const log = (await ctx.app.inject({ method: "GET", url: "/api/activity-logs?limit=5", headers: admin.headers })).json();
    expect(log[0]).toMatchObject({ action: "Message marked handled", details: "From Sam Parry (sam.parry@example.com)" });
  });

  it("filters: unhandled leaves it out, handled shows only it; the total follows the filter", async () => {
    const unhandled = await list("?status=unhandled");
    expect(unhandled.items.some((m) => m.id === ids[0])).toBe(false);
    expect(unhandled.items.some((m) => m.id === ids[1])).toBe(true);
    expect(unhandled.items.every((m) => m.handled_at === null)).toBe(true);
    const handled = await list("?status=handled");
    expect(handled.items.map((m) => m.id)).toEqual([ids[0]]);
    expect(handled.total).toBe(1);
    const all = await list("?status=all");
    expect(all.total).toBe(unhandled.total + handled.total);
  });

  it("marking again keeps the first time and name (safe to retry); unhandled clears them", async () => {
    const first = (await list("?status=handled")).items[0]!;
    ctx.clock.advance(60_000);
    const again = await mark(ids[0]!, true);
    expect(again.json().handled_at).toBe(first.handled_at);
    const back = await mark(ids[0]!, false);
    expect(back.json()).toMatchObject({ handled_at: null, handled_by: null });
    expect((await list("?status=handled")).total).toBe(0);
    const log = (await ctx.app.inject({ method: "GET", url: "/api/activity-logs?limit=5", headers: admin.headers })).json();
    expect(log[0]).toMatchObject({ action: "Message marked unhandled" });
    expect(log.filter((e: { action: string }) => e.action === "Message marked handled")).toHaveLength(1);
  });

  it("refuses bad input, unknown messages, bad filters and callers without a session", async () => {
    expect((await mark(ids[0]!, "yes")).statusCode).toBe(400);
    expect((await mark(999999, true)).statusCode).toBe(404);
    expect((await mark(999999, true)).json()).toEqual({ message: "Message not found" });
    const bad = await ctx.app.inject({ method: "GET", url: "/api/messages?status=later", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect((await mark(ids[0]!, true, {})).statusCode).toBe(401);
  });
});
