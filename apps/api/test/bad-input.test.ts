import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorSchema } from "@app/contract";
import { loginAdmin, setupApp, type Session, type TestContext } from "./helpers";
import { inDays, orderPayload, trainingPayload } from "./fixtures";

/** Issue 11 "Bad input and limits": a client's mistake is a 400 (or 404) with the error shape, never a 500. */
let ctx: TestContext;
let admin: Session;
let ds: { id: number; courseDates: { id: number }[] };
beforeAll(async () => {
  ctx = await setupApp();
  admin = await loginAdmin(ctx);
  ds = (await ctx.app.inject({ method: "GET", url: "/api/courses/slug/sia-door-supervisor-course" })).json();
});
afterAll(() => ctx.close());

type Req = { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; payload?: unknown; admin?: boolean };
async function send(r: Req) {
  return ctx.app.inject({
    method: r.method,
    url: r.url,
    ...(r.payload !== undefined ? { payload: r.payload as object } : {}),
    ...(r.admin ? { headers: admin.headers } : {}),
  });
}
function expectClientError(res: { statusCode: number; json: () => unknown }, allowed = [400, 404]) {
  expect(allowed).toContain(res.statusCode);
  expect(ErrorSchema.strict().safeParse(res.json()).success).toBe(true);
}

const BIG = 2 ** 31;
const order = (over: Record<string, unknown> = {}) => orderPayload([{ id: ds.id, selectedDate: ds.courseDates[0]!.id }], over);

describe("NUL bytes", () => {
  it.each<[string, () => Req]>([
    [
      "a contact message",
      () => ({
        method: "POST",
        url: "/api/messages",
        payload: {
          firstName: "Ca\u0000sey",
          lastName: "Jones",
          phoneNumber: "07700 900321",
          emailAddress: "casey@example.com",
          message: "Hello there, a question.",
        },
      }),
    ],
    ["an order's name", () => ({ method: "POST", url: "/api/enroll", payload: order({ first_name: "Ca\u0000sey" }) })],
    [
      "an order's date label",
      () => ({ method: "POST", url: "/api/enroll", payload: orderPayload([{ id: ds.id, selectedDate: "12\u0000 Mar" }]) }),
    ],
    [
      "a training title",
      () => ({ method: "POST", url: "/api/courses", admin: true, payload: trainingPayload({ title: "Bad\u0000title" }) }),
    ],
    [
      "a shop item name",
      () => ({ method: "POST", url: "/api/shops", admin: true, payload: { name: "Shop\u0000", url: "https://example.com" } }),
    ],
    [
      "a login e-mail",
      () => ({ method: "POST", url: "/api/login", payload: { email: "admin\u0000@example.com", password: "x" } }),
    ],
    ["a path parameter", () => ({ method: "GET", url: "/api/courses/slug/sia%00door" })],
    ["an order reference", () => ({ method: "GET", url: "/api/orders/abc%00def/status" })],
    ["a discount code", () => ({ method: "GET", url: "/api/discounts/validate/WELCOME%0010" })],
    ["a query string", () => ({ method: "GET", url: "/api/activity-logs?limit=1%00", admin: true })],
  ])("in %s answers 400/404", async (_name, make) => {
    expectClientError(await send(make()));
  });
});

describe("integers at or above 2^31", () => {
  it.each<[string, () => Req]>([
    ["a course id in the path", () => ({ method: "GET", url: `/api/courses/${BIG}` })],
    ["a shop id in the path", () => ({ method: "GET", url: `/api/shops/${BIG}` })],
    ["a discount id in the path", () => ({ method: "DELETE", url: `/api/discounts/${BIG}`, admin: true })],
    ["an enrolment id in the path", () => ({ method: "POST", url: `/api/enrollments/${BIG}/cancel`, admin: true })],
    [
      "a course id in an order",
      () => ({ method: "POST", url: "/api/enroll", payload: orderPayload([{ id: BIG, selectedDate: 1 }]) }),
    ],
    [
      "a date id in an order",
      () => ({ method: "POST", url: "/api/enroll", payload: orderPayload([{ id: ds.id, selectedDate: BIG }]) }),
    ],
    [
      "an add-on id in an order",
      () => ({
        method: "POST",
        url: "/api/enroll",
        payload: orderPayload([{ id: ds.id, selectedDate: ds.courseDates[0]!.id, selectedAddons: [BIG] }]),
      }),
    ],
    ["a training price", () => ({ method: "POST", url: "/api/courses", admin: true, payload: trainingPayload({ price: BIG }) })],
    [
      "an add-on price",
      () => ({
        method: "POST",
        url: "/api/courses",
        admin: true,
        payload: trainingPayload({ addOns: [{ name: "A", price: BIG }] }),
      }),
    ],
    [
      "a course date id on update",
      () => ({
        method: "PUT",
        url: `/api/courses/${ds.id}`,
        admin: true,
        payload: { courseDates: [{ id: BIG, startDate: inDays(30), endDate: inDays(30) }] },
      }),
    ],
    [
      "max_uses",
      () => ({
        method: "POST",
        url: "/api/discounts",
        admin: true,
        payload: { code: "HUGE1", percent_off: 10, valid_from: inDays(1), valid_until: inDays(9), max_uses: BIG },
      }),
    ],
  ])("in %s answers 400/404", async (_name, make) => {
    expectClientError(await send(make()));
  });
});

describe("impossible dates", () => {
  it.each<[string, () => Req]>([
    [
      "a course date",
      () => ({
        method: "POST",
        url: "/api/courses",
        admin: true,
        payload: trainingPayload({ courseDates: [{ startDate: "2026-02-30", endDate: "2026-02-30" }] }),
      }),
    ],
    [
      "month 13",
      () => ({
        method: "POST",
        url: "/api/courses",
        admin: true,
        payload: trainingPayload({ courseDates: [{ startDate: "2030-13-01", endDate: "2030-13-02" }] }),
      }),
    ],
    [
      "year 0000",
      () => ({
        method: "POST",
        url: "/api/courses",
        admin: true,
        payload: trainingPayload({ courseDates: [{ startDate: "0000-01-01", endDate: "0000-01-02" }] }),
      }),
    ],
    [
      "a discount's end",
      () => ({
        method: "POST",
        url: "/api/discounts",
        admin: true,
        payload: { code: "FEB30", percent_off: 10, valid_from: inDays(1), valid_until: "2099-02-30", max_uses: 5 },
      }),
    ],
    [
      "a discount update",
      () => ({ method: "PUT", url: "/api/discounts/1", admin: true, payload: { valid_until: "2026-02-30" } }),
    ],
  ])("in %s answers 400", async (_name, make) => {
    const res = await send(make());
    expectClientError(res, [400]);
    expect(res.json().message).toBe("Use a date like 2025-03-12");
  });
});

describe("overlong text", () => {
  const mb = "A".repeat(1_100_000);
  it("a 1 MB discount code in an order", async () => {
    expectClientError(
      await send({ method: "POST", url: "/api/enroll", payload: order({ discount_code: "A".repeat(900_000) }) }),
      [400, 413],
    );
  });
  it("a long discount code in the check", async () => {
    expectClientError(await send({ method: "GET", url: `/api/discounts/validate/${"A".repeat(5000)}` }));
  });
  it("a 1 MB body answers 413 with the error shape", async () => {
    const res = await send({ method: "POST", url: "/api/messages", payload: { firstName: mb } });
    expect(res.statusCode).toBe(413);
    expect(ErrorSchema.strict().safeParse(res.json()).success).toBe(true);
  });
  it.each<[string, () => Req]>([
    [
      "a training title",
      () => ({ method: "POST", url: "/api/courses", admin: true, payload: trainingPayload({ title: "T".repeat(900) }) }),
    ],
    ["an order's first name", () => ({ method: "POST", url: "/api/enroll", payload: order({ first_name: "N".repeat(500) }) })],
    [
      "a shop URL",
      () => ({
        method: "POST",
        url: "/api/shops",
        admin: true,
        payload: { name: "Shop", url: `https://example.com/${"p".repeat(3000)}` },
      }),
    ],
    [
      "a key point",
      () => ({
        method: "POST",
        url: "/api/courses",
        admin: true,
        payload: trainingPayload({ keyPoints: [{ title: "K", details: "d".repeat(20_000) }] }),
      }),
    ],
    [
      "a login password",
      () => ({ method: "POST", url: "/api/login", payload: { email: "admin@example.com", password: "p".repeat(5000) } }),
    ],
  ])("%s beyond its maximum length answers 400", async (_name, make) => {
    expectClientError(await send(make()), [400]);
  });
});

describe("images", () => {
  it.each<[string, string]>([
    ["a bad percent escape", "data:image/png,%E0%A4%A"],
    ["bad base64", "data:image/png;base64,!!!!"],
    ["text that is no image", "data:text/plain,hello"],
  ])("a data URL with %s answers 400", async (_name, dataUrl) => {
    const res = await send({
      method: "POST",
      url: "/api/shops",
      admin: true,
      payload: { name: "Shop", url: "https://example.com", image: dataUrl },
    });
    expectClientError(res, [400]);
    expect(res.json().message).toBe("Please select an image file");
  });

  it("an unknown image hash as a picture answers 400", async () => {
    const path = `/api/images/${"ab".repeat(32)}.webp`;
    const item = (
      await send({ method: "POST", url: "/api/shops", admin: true, payload: { name: "Shop", url: "https://example.com" } })
    ).json();
    const shop = await send({ method: "PUT", url: `/api/shops/${item.id}`, admin: true, payload: { image: path } });
    expectClientError(shop, [400]);
    const course = await send({ method: "PUT", url: `/api/courses/${ds.id}`, admin: true, payload: { thumbnail: path } });
    expectClientError(course, [400]);
  });

  it("a malformed URL and an overlong path parameter answer in the error shape", async () => {
    expectClientError(await send({ method: "GET", url: "/api/courses/slug/%E0%A4%A" }), [400]);
    expectClientError(await send({ method: "GET", url: `/api/orders/${"r".repeat(300)}/status` }), [404]);
  });

  it("an unknown image file answers 404", async () => {
    expectClientError(await send({ method: "GET", url: `/api/images/${"cd".repeat(32)}.webp` }), [404]);
  });
});
