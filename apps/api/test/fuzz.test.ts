import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { ZodObject, type z } from "zod";
import { isAppRouteNoBody, isAppRouteOtherResponse, isZodType, type AppRoute, type AppRouter } from "@ts-rest/core";
import { contract, ErrorSchema } from "@app/contract";
import { loginAdmin, loginUser, setupApp, type Session, type TestContext } from "./helpers";
import { arbitraryOf, fuzzedOf, nastyUrlValue, nastyValue, type KeyHints } from "./fuzz/zod-arbitrary";
import { FUZZ_RUNS, FUZZ_SEED } from "./env";

/**
 * Fuzz suite (issue 11, decision 111): requests generated from the contract's zod schemas and
 * mutations of them (wrong types, boundaries, NUL, overlong, unicode, missing and extra fields)
 * for every route, public and admin, anonymous, as a signed-in non-admin and as the admin.
 * Fails on any 5xx and on any error answer outside the contract's error shape. Fixed seeds:
 * a run is repeatable; FUZZ_RUNS (requests per route) and FUZZ_SEED change them by hand.
 */
const RUNS_PER_ROUTE = FUZZ_RUNS ?? 150;
const SEED = FUZZ_SEED ?? 20261122;
const MIN_REQUESTS = 5000;

function routesOf(router: AppRouter, prefix = "", out: { name: string; route: AppRoute }[] = []) {
  for (const [key, value] of Object.entries(router)) {
    if (typeof (value as AppRoute).method === "string" && typeof (value as AppRoute).path === "string")
      out.push({ name: `${prefix}${key}`, route: value as AppRoute });
    else routesOf(value as AppRouter, `${prefix}${key}.`, out);
  }
  return out;
}
const routes = routesOf(contract);
/** Routes behind the guard: their metadata names who may call them (auth or roles). */
const isAdminRoute = (r: AppRoute) => {
  const meta = r.metadata as Record<string, unknown> | undefined;
  return !!meta && (meta.auth !== undefined || meta.roles !== undefined || meta.role !== undefined);
};

/** encodeURIComponent, but lone surrogates (which it refuses) become their raw UTF-8 escape. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split("")
      .map((ch) => (/[\ud800-\udfff]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch)))
      .join("");
  }
}
const asText = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "" : (JSON.stringify(v) ?? ""));

type FuzzRequest = {
  url: string;
  session: "none" | "user" | "admin" | "garbage";
  body: { kind: "none" } | { kind: "json"; value: unknown } | { kind: "raw"; contentType: string; text: string };
  remoteAddress: string;
};

function requestArb(route: AppRoute, hints: KeyHints): fc.Arbitrary<FuzzRequest> {
  // Path: each :param from its schema (or anything), sometimes a nasty value, sometimes left raw (bad escapes).
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramSchema = route.pathParams && isZodType(route.pathParams) ? (route.pathParams as z.AnyZodObject).shape : {};
  const params = fc.tuple(
    ...names.map((n) =>
      fc.oneof(
        {
          weight: 6,
          arbitrary: (paramSchema[n] ? arbitraryOf(paramSchema[n], n, hints) : fc.string()).map((v) => encodeSegment(asText(v))),
        },
        { weight: 3, arbitrary: nastyUrlValue.map((v) => encodeSegment(asText(v))) },
        { weight: 1, arbitrary: fc.constantFrom("%", "%E0%A4%A", "%00", "..", "%2F", "1%20OR%201=1") },
      ),
    ),
  );
  const querySchema = route.query && isZodType(route.query) ? (route.query as z.ZodTypeAny) : null;
  const query = fc.oneof(
    { weight: 3, arbitrary: querySchema ? fuzzedOf(querySchema, hints) : fc.constant(undefined) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyUrlValue, { maxKeys: 3 }) },
  );
  const bodySchema = route.method === "GET" ? undefined : (route as { body?: unknown }).body;
  const jsonBody: fc.Arbitrary<unknown> =
    bodySchema === undefined
      ? fc.constant(undefined)
      : isAppRouteNoBody(bodySchema as never)
        ? fc.option(nastyValue, { nil: undefined, freq: 4 })
        : isZodType(bodySchema)
          ? fuzzedOf(bodySchema, hints)
          : fc.jsonValue({ maxDepth: 3 });
  const body = fc.oneof(
    {
      weight: 9,
      arbitrary: jsonBody.map((value) => (value === undefined ? { kind: "none" as const } : { kind: "json" as const, value })),
    },
    {
      weight: route.method === "GET" ? 0 : 1,
      arbitrary: fc.record({
        kind: fc.constant("raw" as const),
        contentType: fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/json; charset=latin1",
        ),
        text: fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom("{", '{"a":', "[1,2", '{"__proto__":{"x":1}}', '"\\u0000"', "null", "a=%00&b=1"),
        ),
      }),
    },
  );
  const session = isAdminRoute(route)
    ? fc.constantFrom<FuzzRequest["session"]>("admin", "admin", "admin", "none", "user", "garbage")
    : fc.constantFrom<FuzzRequest["session"]>("none", "none", "admin", "user", "garbage");
  return fc
    .record({
      params,
      query,
      body,
      session,
      remoteAddress: fc.oneof({ weight: 3, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constant("198.51.100.7") }),
    })
    .map(({ params: values, query: q, body: b, session: s, remoteAddress }) => {
      let i = 0;
      let url = route.path.replace(/:(\w+)/g, () => values[i++] ?? "");
      if (q && typeof q === "object" && !Array.isArray(q)) {
        const pairs = Object.entries(q as Record<string, unknown>).filter(([, v]) => v !== undefined);
        if (pairs.length) url += `?${pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(asText(v))}`).join("&")}`;
      }
      return { url, session: s, body: b, remoteAddress };
    });
}

let ctx: TestContext;
let sessions: Record<FuzzRequest["session"], Record<string, string>>;
let hints: KeyHints;
let total = 0;
const perRoute: Record<string, Record<number, number>> = {};

beforeAll(async () => {
  ctx = await setupApp();
  const admin: Session = await loginAdmin(ctx);
  const user: Session = await loginUser(ctx);
  sessions = { none: {}, admin: admin.headers, user: user.headers, garbage: { cookie: "session=not.a.jwt" } };
  // Ids and codes that exist, so generated requests also reach the paths past "not found".
  const ids = async (sql: string) => (await ctx.pool.query<{ v: number | string }>(sql)).rows.map((r) => r.v);
  const courseIds = await ids("select id as v from courses");
  const dateIds = await ids("select id as v from course_dates");
  const addOnIds = await ids("select id as v from course_add_ons");
  const codes = await ids("select code as v from discount_codes");
  const bookable = (
    await ctx.pool.query<{ id: number; date: number }>(
      "select course_id as id, id as date from course_dates where start_date > current_date and closed_at is null",
    )
  ).rows;
  const pick = (values: (number | string)[]) => (values.length ? fc.constantFrom(...values) : fc.constant(1));
  const cart = fc.array(
    pick(bookable.map((b) => JSON.stringify(b))).map((b) => ({
      ...JSON.parse(b as string),
      selectedDate: JSON.parse(b as string).date,
      selectedAddons: [],
    })),
    { minLength: 1, maxLength: 2 },
  );
  hints = { id: pick(courseIds), selectedDate: pick(dateIds), selectedAddons: pick(addOnIds), code: pick(codes), courses: cart };
});
afterAll(async () => {
  console.info(
    `fuzz: ${total} requests over ${routes.length} routes (seed ${SEED}); statuses per route: ${JSON.stringify(perRoute)}`,
  );
  await ctx?.close();
});

async function send(route: AppRoute, name: string, req: FuzzRequest) {
  // Logging out would end the shared sessions the other requests use: only anonymous or junk there.
  const session = route.path === "/api/logout" && (req.session === "admin" || req.session === "user") ? "garbage" : req.session;
  const headers: Record<string, string> = { ...sessions[session] };
  let payload: string | undefined;
  if (req.body.kind === "json") {
    payload = JSON.stringify(req.body.value);
    headers["content-type"] = "application/json";
  } else if (req.body.kind === "raw") {
    payload = req.body.text;
    headers["content-type"] = req.body.contentType;
  }
  const res = await ctx.app.inject({
    method: route.method as "GET",
    url: req.url,
    headers,
    remoteAddress: req.remoteAddress,
    ...(payload !== undefined ? { payload } : {}),
  });
  total += 1;
  const counts = (perRoute[name] ??= {});
  counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  return res;
}

/** Why an answer breaks the contract, or null when it keeps it. */
function problemWith(
  route: AppRoute,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | null {
  if (res.statusCode >= 500) return `server error ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  const declared = (route.responses as Record<number, unknown>)[res.statusCode];
  // A route that declares another content type for this status (the local payment page's HTML) may answer it.
  if (
    declared &&
    isAppRouteOtherResponse(declared as never) &&
    String(res.headers["content-type"] ?? "").startsWith((declared as { contentType: string }).contentType)
  )
    return null;
  if (!String(res.headers["content-type"] ?? "").startsWith("application/json"))
    return `${res.statusCode} answered as ${String(res.headers["content-type"])}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  // A status declared with its own error shape (e.g. 409 naming a course's bookings) answers that shape.
  if (declared && declared !== ErrorSchema && declared instanceof ZodObject && declared.strict().safeParse(parsed).success)
    return null;
  const shape = ErrorSchema.strict().safeParse(parsed);
  return shape.success ? null : `${res.statusCode} outside the error shape: ${res.body.slice(0, 300)}`;
}

describe("fuzz: every route of the contract", () => {
  it("covers every route, public and admin", () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.filter((r) => isAdminRoute(r.route)).length).toBeGreaterThanOrEqual(15);
    expect(routes.length * RUNS_PER_ROUTE).toBeGreaterThanOrEqual(FUZZ_RUNS !== undefined ? 0 : MIN_REQUESTS);
  });

  routes.forEach(({ name, route }, index) => {
    it(`${route.method} ${route.path} (${name})`, { timeout: 180_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(route, hints), async (req) => {
          const res = await send(route, name, req);
          const problem = problemWith(route, res);
          if (problem)
            throw new Error(
              `${route.method} ${req.url.slice(0, 300)} (${req.session}, body ${JSON.stringify(req.body).slice(0, 300)}) → ${problem}`,
            );
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    });
  });

  it(`sent at least ${MIN_REQUESTS} requests`, () => {
    expect(total).toBeGreaterThanOrEqual(FUZZ_RUNS !== undefined ? 0 : MIN_REQUESTS);
  });
});
