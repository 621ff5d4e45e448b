import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { isAppRoute, type AppRoute, type AppRouter } from "@ts-rest/core";
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { contract, TOTAL_COUNT_HEADER, type RouteMeta } from "@app/contract";

type Schema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1, decision 290): numeric
 * `exclusiveMinimum`, `type: [..., "null"]` for nullable values, no `$ref`s. `io` picks the side
 * of a transform or pipe: what a client sends (`input`) or what the server answers (`output`).
 */
function jsonSchema(schema: z.ZodTypeAny, io: "input" | "output"): Schema {
  const out = zodToJsonSchema(schema, {
    // Draft 7 output is 2020-12 here: no tuples or $refs in the contract, numeric exclusiveMinimum.
    target: "jsonSchema7",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: io,
  }) as Schema;
  delete out.$schema;
  return tidy(out) as Schema;
}

const isEmptyObject = (v: unknown) => !!v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
/** zod-to-json-schema's "or undefined" (`{ not: {} }`): JSON has no undefined, so it is left out. */
const isUndefined = (v: unknown) =>
  !!v && typeof v === "object" && Object.keys(v).length === 1 && isEmptyObject((v as Schema).not);

/**
 * Plain JSON Schema out of zod-to-json-schema's output: an optional value inside a transform comes
 * out as `anyOf: [{ not: {} }, X]` (X alone here; a missing field is already not `required`), and
 * a record of `z.unknown()` values as `additionalProperties: {}` (the boolean schema `true`).
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== "object") return node;
  let obj = node as Schema;
  while (Array.isArray(obj.anyOf) && obj.anyOf.some(isUndefined)) {
    const rest = (obj.anyOf as unknown[]).filter((v) => !isUndefined(v));
    const { anyOf: _drop, ...others } = obj;
    obj = rest.length === 1 ? { ...others, ...(rest[0] as Schema) } : { ...others, anyOf: rest };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(obj)) {
    out[key] = key === "additionalProperties" && isEmptyObject(value) ? true : tidy(value);
  }
  return out;
}

const isZod = (value: unknown): value is z.ZodTypeAny => value instanceof z.ZodType;

/** The object inside `.optional()`, `.default()`, `.refine()`…, or null when there is none. */
function objectOf(schema: unknown): z.AnyZodObject | null {
  let s = schema;
  while (isZod(s)) {
    if (s instanceof z.ZodObject) return s;
    const def = s._def as { innerType?: unknown; schema?: unknown; in?: unknown };
    s = def.innerType ?? def.schema ?? def.in;
  }
  return null;
}

function parameters(route: AppRoute, path: string): Schema[] {
  const params: Schema[] = [];
  const pathShape = objectOf(route.pathParams)?.shape ?? {};
  for (const name of path.match(/{[^}]+}/g)?.map((p) => p.slice(1, -1)) ?? []) {
    const schema = pathShape[name] as z.ZodTypeAny | undefined;
    params.push({ name, in: "path", required: true, schema: schema ? jsonSchema(schema, "input") : { type: "string" } });
  }
  for (const [where, source] of [
    ["query", route.query],
    ["header", route.headers],
  ] as const) {
    for (const [name, value] of Object.entries(objectOf(source)?.shape ?? {})) {
      const field = value as z.ZodTypeAny;
      const { description, ...schema } = jsonSchema(field, "input");
      params.push({
        name,
        in: where,
        ...(typeof description === "string" ? { description } : {}),
        ...(field.isOptional() ? {} : { required: true }),
        schema,
      });
    }
  }
  return params;
}

const STATUS_TEXT: Record<string, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
  303: "See other",
  400: "Bad input (the message and the fields' problems)",
  401: "Not signed in, or the session ended",
  403: "Not allowed for this role",
  404: "Not found",
  409: "Conflict with the current state",
  410: "Gone",
  413: "Too large",
  415: "Unsupported media type",
  422: "Cannot be done",
  429: "Too many requests",
  500: "Server fault",
  503: "Unavailable",
};

/** ts-rest's `c.otherResponse(...)`: a body that is not JSON (PDF, CSV, calendar, image, HTML). */
const isOtherResponse = (r: unknown): r is { contentType: string; body: unknown } =>
  !!r && typeof r === "object" && "contentType" in r && "body" in r;

function responses(route: AppRoute, meta: RouteMeta): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const answer: Schema = { description: STATUS_TEXT[status] ?? `HTTP ${status}` };
    if (isZod(response)) {
      answer.content = { "application/json": { schema: jsonSchema(response, "output") } };
    } else if (isOtherResponse(response)) {
      answer.content = { [response.contentType]: { schema: { type: "string" } } };
    }
    if (meta.totalCount && status === "200") {
      answer.headers = {
        [TOTAL_COUNT_HEADER]: {
          description: "How many items the whole list has (this answer is one page of it)",
          required: true,
          schema: { type: "integer", minimum: 0 },
        },
      };
    }
    out[status] = answer;
  }
  return out;
}

/** ts-rest's `c.noBody()` is a symbol; a schema-less body has no request body either. */
function requestBody(route: AppRoute): Schema | null {
  if (route.method === "GET" || !("body" in route) || !isZod(route.body)) return null;
  const contentType = ("contentType" in route && route.contentType) || "application/json";
  const schema = jsonSchema(route.body, "input");
  return { required: !route.body.isOptional(), content: { [contentType]: { schema } } };
}

const SESSION = [{ cookie: [] }, { bearer: [] }];

function operation(route: AppRoute, path: string, id: string, tag: string): Operation {
  const meta = (route.metadata ?? {}) as RouteMeta;
  // Routes with a role guard or that read the session themselves declare it; sign-out works
  // with or without one; every other route is public (`security: []` says so explicitly).
  const security = meta.roles || meta.session === "required" ? SESSION : meta.session === "optional" ? [{}, ...SESSION] : [];
  const body = requestBody(route);
  return {
    operationId: id,
    tags: [tag],
    summary: route.summary ?? id,
    ...(route.description ? { description: route.description } : {}),
    ...(route.deprecated ? { deprecated: true } : {}),
    parameters: parameters(route, path),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route, meta),
    security,
  };
}

/** What each group of routes (the contract's top-level routers) is for. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: "Sign-in (password, then a second factor), sign-out and the current session",
  courses: "The catalogue: courses, their dates and add-ons (public), and the office's changes",
  shops: "Shop links shown on the site",
  discounts: "Discount codes: checked by the site, managed by the office",
  messages: "Contact-form messages and the office's replies",
  orders: "Orders from the site (the enrolment form), their status, receipts and calendar files",
  payments: "The payment page hand-off and the payment provider's notifications",
  admin: "Dashboard and activity log",
  system: "Health, images and other service routes",
  account: "The signed-in staff member's own account: sessions, password, second factor",
  staff: "Staff accounts and roles (owner only)",
  jobs: "Scheduled and sent mail",
  bookings: "The office's bookings: list, detail, cancel, refund, transfer, manual bookings",
  learners: "Learner records, registers and results",
  waitlist: "Waiting lists of fully booked dates",
};

function walk(router: AppRouter, trail: string[], visit: (route: AppRoute, trail: string[]) => void) {
  for (const [key, value] of Object.entries(router)) {
    if (isAppRoute(value)) visit(value, [...trail, key]);
    else walk(value as AppRouter, [...trail, key], visit);
  }
}

/**
 * The OpenAPI 3.1 document of every route, generated from the contract (decision 290): each
 * path, query and header parameter, request body and answer typed from the contract's zod
 * schemas, the total-count header of paged lists, and the session on every route that needs one.
 */
export function openApiDocument() {
  const paths: Record<string, Record<string, Operation>> = {};
  const tags = new Set<string>();
  walk(contract, [], (route, trail) => {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const tag = trail[0]!;
    tags.add(tag);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, path, trail.join("."), tag);
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "Merseyside Door & Guard Training API",
      version: "1.0.0",
      description:
        "Every call of the public site and the admin portal. Staff calls need the session cookie or a bearer token (the sign-in's access_token).",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "This server" }],
    tags: [...tags].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        cookie: { type: "apiKey", in: "cookie", name: "session", description: "The session cookie set by POST /api/login" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The access_token of POST /api/login" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

export default fp(
  async (app) => {
    // swagger-ui needs a looser CSP (inline styles, https: styles and fonts): in production the
    // docs and the OpenAPI document are served only when API_DOCS_ENABLED=true (decision 107).
    if (!app.env.API_DOCS_ENABLED) return;
    const document = openApiDocument();
    await app.register(swagger, { mode: "static", specification: { document: document as never } });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true, uiConfig: { docExpansion: "list" } });
    app.get("/api/openapi.json", { schema: { hide: true } }, async (_req, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return document;
    });
  },
  { name: "docs" },
);
