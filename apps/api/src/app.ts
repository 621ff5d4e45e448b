import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import type pg from "pg";
import proxyAddr from "proxy-addr";
import { initServer } from "@ts-rest/fastify";
import type { Env } from "./env";
import dbPlugin from "./plugins/db";
import { redactingLoggerOptions } from "./lib/log-redact";
import errorsPlugin, { frameworkErrorHandler, validationErrorHandler } from "./plugins/errors";
import securityPlugin from "./plugins/security";
import inputGuardPlugin from "./plugins/input-guard";
import authPlugin from "./plugins/auth";
import { systemRouter } from "./modules/system";
import { accountRouter, authRouter } from "./modules/auth";
import { onChargeRecorded, ordersRouter } from "./modules/orders";
import { approvalsRouter } from "./modules/orders";
import { courseSettingsRouter } from "./modules/courses";
import { paymentsRoutes } from "./modules/payments";
import { paymentOptionsRoutes } from "./modules/orders";
import paymentsPlugin from "./plugins/payments";
import mailPlugin from "./plugins/mail";
import workersPlugin from "./workers";
import { waitlistPlugin, waitlistRouter } from "./modules/waitlist";
import { coursesRouter } from "./modules/courses";
import { shopsRouter } from "./modules/shops";
import { websiteRouter } from "./modules/website";
import { discountsRouter } from "./modules/discounts";
import { messagesRouter } from "./modules/messages";
import { adminRouter } from "./modules/admin";
import { staffRouter } from "./modules/staff";
import catalogueCachePlugin from "./plugins/catalogue-cache";
import docsPlugin from "./plugins/docs";
import { jobsRouter, unsubscribeRoutes } from "./modules/scheduled-mail";
import type { WorkerOptions } from "./workers";
import { bookingsRouter } from "./modules/bookings";
import { learnersRoutes, releaseHeldResultsTx } from "./modules/learners";
import { selfServiceRoutes } from "./modules/self-service";
import { trainersRouter } from "./modules/trainers";
import { metricsPlugin, opsPlugin, opsRouter } from "./modules/ops";
import { privacyRouter } from "./modules/privacy";
import { portalRouter, studyRouter } from "./modules/portal";
import { invoicesPlugin, invoicesRouter } from "./modules/invoices";

export type AppConfig = {
  env: Env;
  pool: pg.Pool;
  /** Close the pool with the app (false when the caller shares it). */
  ownsPool?: boolean;
  /** The clock for every time rule (login lock, holds, dashboard months); injectable in tests. */
  now?: () => Date;
  /** Where log lines go (tests send errors to console.error so an unexpected one fails the test). */
  logStream?: { write: (line: string) => void };
  /**
   * Check every answer against the contract. Default: outside production only. The benchmarks
   * turn it off to measure what production runs (the local payment provider needs a
   * non-production NODE_ENV).
   */
  responseValidation?: boolean;
  /** The job queue's polling (tests of several instances shorten it; decision 220). */
  workers?: WorkerOptions;
};

// Data-URL images up to 5 MB arrive base64-encoded inside JSON.
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;
const IMAGE_ROUTES = new Set([
  "POST /api/courses",
  "PUT /api/courses/:id",
  "POST /api/shops",
  "PUT /api/shops/:id",
  "PUT /api/admin/website/draft",
]);

declare module "fastify" {
  interface FastifyInstance {
    env: Env;
  }
}

/** TRUST_PROXY (env.ts) → Fastify's trustProxy: nothing, the nearest `n` hops, or the listed proxies (proxy-addr). */
function trustProxyOption(trust: false | number | string[]): false | ((addr: string, hop: number) => boolean) {
  if (trust === false || trust === 0) return false;
  if (typeof trust === "number") return (_addr, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const { env } = config;
  const app = Fastify({
    // No personal data in any log line, failed queries included (decision 106).
    logger: config.logStream
      ? { level: env.LOG_LEVEL, stream: config.logStream, ...redactingLoggerOptions({ clientAddress: env.LOG_CLIENT_ADDRESS }) }
      : { level: env.LOG_LEVEL, ...redactingLoggerOptions({ clientAddress: env.LOG_CLIENT_ADDRESS }) },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Errors before routing (bad percent-encoding, an overlong path parameter) in the one error shape.
    frameworkErrors: frameworkErrorHandler,
  });

  app.decorate("env", env);

  // An empty JSON body (some clients send the header on body-less POSTs) means "no body".
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (body === "" || body === undefined) return done(null, undefined);
    void defaultJson(req, body as string, done);
  });
  // JSON only (decision 104): a cross-site HTML form can send text/plain or form bodies, never
  // application/json, so no other type is parsed here (Fastify answers 415). The local payment
  // page's form posts are accepted in the payments scope only (modules/payments/router.ts).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => IMAGE_ROUTES.has(`${m} ${route.url}`))) route.bodyLimit = IMAGE_BODY_LIMIT;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(dbPlugin, { pool: config.pool, now: config.now ?? (() => new Date()), ownsPool: config.ownsPool ?? false });
  // Before every route, so each one is timed and counted (decision 297).
  await app.register(metricsPlugin);
  await app.register(catalogueCachePlugin);
  await app.register(securityPlugin, { origins: [env.SITE_ORIGIN, env.ADMIN_ORIGIN] });
  await app.register(authPlugin, {
    secret: env.JWT_SECRET,
    previousSecret: env.JWT_SECRET_PREVIOUS,
    sessionHours: env.SESSION_HOURS,
    idleMinutes: env.SESSION_IDLE_MINUTES,
    secureCookie: env.COOKIE_SECURE,
  });
  await app.register(paymentsPlugin);
  await app.register(mailPlugin);
  await app.register(waitlistPlugin);
  await app.register(opsPlugin);
  await app.register(invoicesPlugin);
  await app.register(workersPlugin, config.workers ?? {});

  const s = initServer();
  const routerOptions = {
    logInitialization: false,
    requestValidationErrorHandler: validationErrorHandler,
    // Checked in development and tests; skipped in production for speed (tsc enforces the shapes).
    responseValidation: config.responseValidation ?? !env.production,
  };
  await app.register(s.plugin(systemRouter), routerOptions);
  await app.register(s.plugin(authRouter), routerOptions);
  await app.register(s.plugin(coursesRouter), routerOptions);
  await app.register(s.plugin(shopsRouter), routerOptions);
  await app.register(s.plugin(websiteRouter), routerOptions);
  await app.register(s.plugin(discountsRouter), routerOptions);
  await app.register(s.plugin(messagesRouter), routerOptions);
  await app.register(s.plugin(adminRouter), routerOptions);
  await app.register(s.plugin(ordersRouter), routerOptions);
  await app.register(s.plugin(approvalsRouter), routerOptions);
  await app.register(s.plugin(courseSettingsRouter), routerOptions);
  await app.register(paymentOptionsRoutes, { routerOptions });
  await app.register(s.plugin(accountRouter), routerOptions);
  await app.register(s.plugin(staffRouter), routerOptions);
  await app.register(s.plugin(waitlistRouter), routerOptions);
  await app.register(paymentsRoutes, { routerOptions });
  await app.register(s.plugin(jobsRouter), routerOptions);
  await app.register(unsubscribeRoutes);
  await app.register(s.plugin(bookingsRouter), routerOptions);
  await app.register(selfServiceRoutes, { routerOptions });
  await app.register(learnersRoutes, { routerOptions });
  // Results held until paid go out once money makes the order paid in full, in the charge's
  // transaction. Registered here: learners and orders meet only through this listener.
  const stopReleasingHeld = onChargeRecorded((tx, charge) =>
    releaseHeldResultsTx(tx, charge.orderId, app.mail.settings, charge.receivedAt).then(() => undefined),
  );
  app.addHook("onClose", () => {
    stopReleasingHeld();
    return Promise.resolve();
  });
  await app.register(s.plugin(opsRouter), routerOptions);
  await app.register(s.plugin(privacyRouter), routerOptions);
  await app.register(s.plugin(portalRouter), routerOptions);
  await app.register(s.plugin(studyRouter), routerOptions);
  await app.register(s.plugin(trainersRouter), routerOptions);
  await app.register(s.plugin(invoicesRouter), routerOptions);
  await app.register(docsPlugin);
  return app;
}
