/**
 * The published OpenAPI document (decisions 290, 291): OpenAPI 3.1 generated from the contract,
 * complete (every parameter, header, request field and the session), and checked by a tool that
 * did not write it (Redocly's recommended lint). Live answers are checked against it in
 * openapi-live.test.ts; a generated client in openapi-client.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppRoute, type AppRoute, type AppRouter } from "@ts-rest/core";
import { z } from "zod";
import { contract, TOTAL_COUNT_HEADER, type RouteMeta } from "@app/contract";
import { inheritedEnv } from "./env";
import { setupApp, type TestContext } from "./helpers";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let ctx: TestContext;
let doc: Json;
beforeAll(async () => {
  ctx = await setupApp({ seeded: false });
  const res = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => ctx.close());

/** Every route of the contract with its OpenAPI path and operation. */
function routes(): { name: string; route: AppRoute; path: string; op: Json }[] {
  const out: { name: string; route: AppRoute; path: string; op: Json }[] = [];
  const walk = (router: AppRouter, trail: string[]) => {
    for (const [key, value] of Object.entries(router)) {
      if (!isAppRoute(value)) {
        walk(value as AppRouter, [...trail, key]);
        continue;
      }
      const p = value.path.replace(/:(\w+)/g, "{$1}");
      out.push({ name: [...trail, key].join("."), route: value, path: p, op: doc.paths[p]?.[value.method.toLowerCase()] });
    }
  };
  walk(contract, []);
  return out;
}

/** The keys of a zod object inside `.optional()` and the like. */
function shapeKeys(schema: unknown): string[] {
  let s = schema;
  while (s instanceof z.ZodType) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape as object);
    const def = s._def as { innerType?: unknown; schema?: unknown };
    s = def.innerType ?? def.schema;
  }
  return [];
}

/** Each (JSON pointer, value) pair under `node`. */
function* nodes(node: unknown, at = ""): Generator<[string, unknown]> {
  yield [at, node];
  if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) yield* nodes(v, `${at}/${k}`);
  }
}

describe("the OpenAPI document", () => {
  it("lists every route of the contract", () => {
    for (const { name, op } of routes()) expect(op, name).toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/login",
        "/api/courses",
        "/api/courses/{id}",
        "/api/enroll",
        "/api/discounts/validate/{code}",
      ]),
    );
  });

  it("is OpenAPI 3.1 and uses JSON Schema 2020-12 forms only: numeric exclusiveMinimum, null as a type, no `nullable`", () => {
    expect(doc.openapi).toBe("3.1.0");
    const bad: string[] = [];
    let exclusive = 0;
    for (const [at, node] of nodes(doc)) {
      if (!node || typeof node !== "object" || Array.isArray(node)) continue;
      const n = node as Json;
      if ("nullable" in n) bad.push(`${at}: nullable`);
      for (const k of ["exclusiveMinimum", "exclusiveMaximum"]) {
        if (k in n) {
          exclusive++;
          if (typeof n[k] !== "number") bad.push(`${at}: ${k} ${JSON.stringify(n[k])}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(exclusive).toBeGreaterThan(50);
    // A nullable value is a type array (or an anyOf with null), e.g. a booking's first date.
    const booking = doc.paths["/api/bookings"].get.responses["200"].content["application/json"].schema.items;
    expect(booking.properties.first_date.type).toEqual(["string", "null"]);
  });

  it("has every query parameter of the contract's query schemas, typed", () => {
    let count = 0;
    for (const { name, route, op } of routes()) {
      for (const key of shapeKeys(route.query)) {
        const param = (op.parameters as Json[]).find((p) => p.in === "query" && p.name === key);
        expect(param, `${name}: ?${key}`).toBeTruthy();
        expect(Object.keys(param!.schema).length, `${name}: ?${key} typed`).toBeGreaterThan(0);
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(24);
    const bookings = doc.paths["/api/bookings"].get.parameters as Json[];
    expect(bookings.map((p) => p.name)).toEqual(expect.arrayContaining(["q", "status", "sort", "page", "limit"]));
    expect(bookings.find((p) => p.name === "limit")!.schema).toEqual({ type: "integer", minimum: 1, maximum: 200 });
    expect((doc.paths["/api/admin/waiting-list"].get.parameters as Json[]).map((p) => p.name)).toContain("course_id");
  });

  it("declares the x-total-count header on the 200 answer of every paged list", () => {
    const paged = routes().filter(({ route }) => (route.metadata as RouteMeta | undefined)?.totalCount);
    expect(paged.map((r) => r.name).sort()).toEqual(
      [
        "admin.activityLogs",
        "bookings.list",
        "discounts.list",
        "jobs.scheduledMail",
        "learners.dates",
        "messages.list",
        "orders.enrollments",
        "study.progress",
      ].sort(),
    );
    for (const { name, op } of paged) {
      expect(op.responses["200"].headers?.[TOTAL_COUNT_HEADER], name).toMatchObject({
        required: true,
        schema: { type: "integer" },
      });
    }
  });

  it("types every request field: no `{}` (any value) schema in a parameter or a request body", () => {
    const untyped: string[] = [];
    for (const { name, op } of routes()) {
      for (const [at, node] of nodes({ parameters: op.parameters, requestBody: op.requestBody })) {
        if (node && typeof node === "object" && !Array.isArray(node) && Object.keys(node).length === 0)
          untyped.push(`${name}${at}`);
      }
    }
    expect(untyped).toEqual([]);
    const login = doc.paths["/api/login"].post.requestBody.content["application/json"].schema;
    expect(login.properties.email).toMatchObject({ type: "string", minLength: 1, maxLength: 254 });
    expect(login.required).toEqual(["email", "password"]);
    const order = doc.paths["/api/enroll"].post.requestBody.content["application/json"].schema;
    expect(order.properties.guest_email).toMatchObject({ type: "string", maxLength: 254 });
  });

  it("declares the session on every route that needs one (/api/me and the second sign-in step too), and no session on public routes", () => {
    expect(doc.components.securitySchemes).toEqual({
      cookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "session" }),
      bearer: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    const SESSION = [{ cookie: [] }, { bearer: [] }];
    for (const { name, route, op } of routes()) {
      const meta = (route.metadata ?? {}) as RouteMeta;
      if (meta.roles || meta.session === "required") expect(op.security, name).toEqual(SESSION);
      else if (meta.session === "optional") expect(op.security, name).toEqual([{}, ...SESSION]);
      else expect(op.security, name).toEqual([]);
    }
    expect(doc.paths["/api/me"].get.security).toEqual(SESSION);
    expect(doc.paths["/api/login/totp"].post.security).toEqual(SESSION);
    expect(doc.paths["/api/dashboard"].get.security).toEqual(SESSION);
    expect(doc.paths["/api/courses"].get.security).toEqual([]);
  });

  it("passes Redocly's recommended lint (redocly lint) with no errors", { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const run = spawnSync(path.resolve("node_modules/.bin/redocly"), ["lint", file, "--extends=recommended", "--format=json"], {
        encoding: "utf8",
        // No telemetry or update check from a test run.
        env: { ...inheritedEnv(() => false), REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      });
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === "error")
        .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("API documentation page", () => {
  it("serves the docs page with its assets from this server", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui");
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const asset = await ctx.app.inject({ method: "GET", url: "/api/docs/static/swagger-ui-bundle.js" });
    expect(asset.statusCode).toBe(200);
  });
});
