/**
 * Production smoke test: the built apps started the way the Debian path starts them, behind Caddy
 * on local HTTPS names, on the machine's Postgres, with a real SMTP server and the real Stripe SDK
 * talking to a local stand-in; then what a business does on its first day, in real Chromium:
 * create the first owner, sign in with a second factor, publish a course, see it on the site,
 * book and pay it, receive the mail, refund it; then SIGTERM and a clean shutdown.
 *
 * Needs `pnpm build` first (turbo runs it before this package's tests) and Caddy
 * (apt-get install caddy). Each step is a test of its own, in order; when one fails, the rest
 * report that they did not run, so the first failure is the one to read.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { generate } from "otplib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { CHROMIUM_ARGS, requireChromium } from "@app/e2e-kit";
import { startCaddy } from "../src/caddy";
import { REPO_ROOT, smokeEnv } from "../src/env";
import { misconfigurationFindings, type Fetcher } from "../src/misconfig";
import { httpsRequest, negotiatedProtocol, waitForPort } from "../src/net";
import { freePort } from "../src/ports";
import { runCommand, startProcess, type Proc } from "../src/processes";
import { DOMAIN, HOSTS, MAIL_DOMAIN, OWNER, productionEnv, type Ports } from "../src/production-env";
import { startSmtpServer, type ReceivedMail } from "../src/smtp";
import { startStripeStandIn } from "../src/stripe-standin";
import { readUnit } from "../src/systemd";

/** The built output the Debian path runs (its units are read below for the exact commands). */
const BUILT = {
  api: path.join(REPO_ROOT, "apps/api/dist/server.mjs"),
  migrate: path.join(REPO_ROOT, "apps/api/dist/migrate.mjs"),
  adminCreate: path.join(REPO_ROOT, "apps/api/dist/admin-create.mjs"),
  site: path.join(REPO_ROOT, "apps/site/dist/server.mjs"),
  admin: path.join(REPO_ROOT, "apps/admin/server.mjs"),
  adminDist: path.join(REPO_ROOT, "apps/admin/dist/index.html"),
};
const SHUTDOWN_GRACE_MS = 10_000;

const runDir = mkdtempSync(path.join(tmpdir(), "smoke-"));
const dbName = `smoke_${Date.now()}_${randomBytes(3).toString("hex")}`;
const stripeSecretKey = `sk_test_${randomBytes(24).toString("base64url")}`;
const stripeWebhookSecret = `whsec_${randomBytes(24).toString("base64url")}`;

let ports: Ports;
let env: Record<string, string>;
let ca = "";
const procs: Record<string, Proc> = {};
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
let stripe: ReturnType<typeof startStripeStandIn> | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
const browserProblems: string[] = [];
const url = (host: keyof typeof HOSTS, p = "/") => `https://${HOSTS[host]}:${ports.https}${p}`;
const course = {
  title: `Door Supervisor Smoke ${Date.now().toString(36)}`,
  feePounds: 239,
  slug: "",
  startDate: "",
};
let totpSecret = "";
/** "N places left" on the course's card on /all-courses before the booking (the refund puts it back). */
let placesBefore = "";
let orderReference = "";
let bookingReference = "";
let bookingId = 0;
const customer = { first: "Rhys", last: "Parry", email: `rhys.parry@${MAIL_DOMAIN}` };

let failedStep: string | null = null;
/** A step of the journey: skipped with a clear reason once an earlier one failed. */
function step(name: string, fn: () => Promise<void>, timeoutMs?: number) {
  test(
    name,
    async () => {
      if (failedStep) throw new Error(`not run: the earlier step "${failedStep}" failed`);
      try {
        await fn();
      } catch (err) {
        failedStep = name;
        // What the browser showed, for the log of a failed CI run (kept with SMOKE_KEEP=1).
        if (context && !page.isClosed()) {
          const shot = path.join(runDir, "failed-step.png");
          await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
          console.error(`smoke: "${name}" failed on ${page.url()} (screenshot: ${shot})`);
        }
        throw err;
      }
    },
    timeoutMs,
  );
}

/** The env file as written for this run (what /etc/training/production.env is on a server). */
const envFile = path.join(runDir, "production.env");
/** A unit's environment: the env file, the unit's own Environment= lines, its PORT; PATH, nothing else of this shell. */
const processEnv = (extra: Record<string, string>, port: number) => ({
  PATH: smokeEnv.systemPath(),
  ...env,
  ...extra,
  PORT: String(port),
});

async function poll<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`${what} (waited ${timeoutMs} ms)${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  for (const p of Object.values(procs)) if (p.running()) await p.stop(2_000);
  await stripe?.close();
  await smtp?.close();
  const admin = new pg.Client({ connectionString: smokeEnv.databaseUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  if (smokeEnv.keep()) console.info(`smoke run kept in ${runDir}`);
  else rmSync(runDir, { recursive: true, force: true });
});

describe("production smoke test", () => {
  step("the built output is there (pnpm build)", async () => {
    const missing = Object.entries(BUILT).filter(([, file]) => !existsSync(file));
    expect(
      missing.map(([, f]) => path.relative(REPO_ROOT, f)),
      "missing build output: run `pnpm build` first",
    ).toEqual([]);
    requireChromium();
  });

  step("a fresh database on the machine's Postgres; SMTP server and Stripe stand-in listening", async () => {
    const base = smokeEnv.databaseUrl();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect().catch((err: Error) => {
      throw new Error(`cannot reach Postgres at ${base.replace(/:[^:@/]*@/, ":***@")}: ${err.message}`);
    });
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const databaseUrl = new URL(base);
    databaseUrl.pathname = `/${dbName}`;

    smtp = await startSmtpServer();
    ports = {
      https: await freePort(),
      http: await freePort(),
      api: await freePort(),
      site: await freePort(),
      admin: await freePort(),
      smtp: smtp.port,
    };
    const webhookUrl = `https://${HOSTS.api}:${ports.https}/api/payments/stripe/webhook`;
    stripe = startStripeStandIn({
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      deliver: async (payload, signature) => {
        const res = await httpsRequest(webhookUrl, {
          ca,
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
          body: payload,
        });
        return { status: res.status, body: res.body };
      },
    });
    const stripeApiUrl = await stripe.listen();
    env = productionEnv({
      ports,
      databaseUrl: databaseUrl.toString(),
      stripeApiUrl,
      stripeSecretKey,
      stripeWebhookSecret,
      stateDir: runDir,
    });
    // Readable by this user only, as the README installs it (it holds the run's secrets).
    writeFileSync(
      envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(""),
      { mode: 0o600 },
    );
  });

  // The one-shot commands as the README's Production steps run them: `node --env-file=… <file>`.
  const oneShot = (args: string[]) =>
    runCommand(process.execPath, [`--env-file=${envFile}`, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: smokeEnv.systemPath() },
      timeoutMs: 120_000,
    });

  step("the database is migrated with `node --env-file=… apps/api/dist/migrate.mjs`", async () => {
    const result = await oneShot([BUILT.migrate]);
    expect(result.output, `migrate.mjs failed (exit ${result.code})`).toContain("Database migrated.");
    expect(result.code).toBe(0);
  });

  step("the first owner is created with `node --env-file=… apps/api/dist/admin-create.mjs`", async () => {
    const result = await oneShot([BUILT.adminCreate, "--email", OWNER.email, "--name", OWNER.name, "--password", OWNER.password]);
    expect(result.output, `admin-create failed (exit ${result.code})`).toContain(`Created owner ${OWNER.email}`);
    expect(result.code).toBe(0);
  });

  step("API, site and admin start with NODE_ENV=production as `node <file>`; Caddy serves them over HTTPS", async () => {
    // Each as its systemd unit starts it: ExecStart's node arguments, EnvironmentFile plus the unit's Environment=.
    const start = (name: string, unitName: string, file: string, port: number) => {
      const unit = readUnit(unitName);
      expect(path.resolve(REPO_ROOT, unit.args.at(-1)!), `${unit.file} runs the built file`).toBe(file);
      procs[name] = startProcess(name, process.execPath, unit.args, {
        cwd: REPO_ROOT,
        env: processEnv(unit.environment, port),
        logFile: path.join(runDir, `${name}.log`),
      });
      return waitForPort(port, 120_000, () => procs[name]!.running(), name).catch((err: Error) => {
        throw new Error(`${err.message}:\n${procs[name]!.output().slice(-3000)}`);
      });
    };
    await Promise.all([
      start("api", "training-api", BUILT.api, ports.api),
      start("site", "training-site", BUILT.site, ports.site),
      start("admin", "training-admin", BUILT.admin, ports.admin),
    ]);
    const caddy = await startCaddy({ runDir, env });
    procs.caddy = caddy.proc;
    ca = await poll("Caddy's local CA root certificate", async () => caddy.rootCa());

    // Each name answers through Caddy with a certificate from its CA, over HTTP/2.
    const health = await poll("the API's /api/health through Caddy", async () => {
      const r = await httpsRequest(url("api", "/api/health"), { ca });
      return r.status === 200 ? r : undefined;
    });
    expect(JSON.parse(health.body)).toEqual({ status: "ok" });
    // The readiness answers deploy/README.md names, through Caddy.
    expect((await httpsRequest(url("api", "/api/ready"), { ca })).status, "API /api/ready").toBe(200);
    expect((await httpsRequest(url("site", "/robots.txt"), { ca })).status, "site /robots.txt").toBe(200);
    expect((await httpsRequest(url("admin", "/healthz"), { ca })).body, "admin /healthz").toBe("ok");
    const home = await httpsRequest(url("site", "/"), { ca, headers: { "accept-encoding": "gzip" } });
    expect(home.status, "the site's home page through Caddy").toBe(200);
    expect(home.headers["content-encoding"], "Caddy compresses the site's HTML").toBeDefined();
    const login = await httpsRequest(url("admin", "/login"), { ca });
    expect(login.status, "the admin's /login through Caddy").toBe(200);
    expect(login.body).toContain('<div id="root">');
    // The admin learns its API's address when it starts (not at build time).
    expect(login.body).toContain(`<meta name="api-url" content="${url("api", "")}"`);
    for (const host of Object.values(HOSTS))
      expect(await negotiatedProtocol(host, ports.https, ca), `${host} over HTTP/2`).toBe("h2");
  });

  step(
    "nikto's checks that apply find nothing on the three names behind Caddy (banners, headers, dot files, TRACE…)",
    async () => {
      // nikto itself is neither in Debian main nor on npm (decision 318): src/misconfig.ts does its checks.
      const fetcher: Fetcher = (target, opts) => httpsRequest(target, { ca, ...opts });
      const findings = await misconfigurationFindings(fetcher, [
        { name: "site", origin: url("site", ""), html: true, assets: "/assets/" },
        { name: "admin", origin: url("admin", ""), html: true, assets: "/assets/" },
        { name: "api", origin: url("api", ""), html: false },
      ]);
      expect(findings).toEqual([]);
    },
  );

  step("the owner signs in and must set up an authenticator app first (second factor required)", async () => {
    browser = await chromium.launch({
      executablePath: requireChromium(),
      // Every name of the run is this machine (Chromium resolves *.localhost so already; the rule
      // makes sure no lookup leaves the machine).
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1`],
    });
    // Caddy's local CA is not in Chromium's store; Node checks the certificates against it instead.
    context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on("requestfailed", (r) => {
      const failure = r.failure()?.errorText ?? "";
      // A navigation away aborts what the old page was still loading: not a failed request.
      if (failure !== "net::ERR_ABORTED") browserProblems.push(`request failed: ${r.method()} ${r.url()} (${failure})`);
    });
    page.on("response", (r) => {
      if (r.status() >= 500) browserProblems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
    });
    page.on("pageerror", (e) => browserProblems.push(`page error: ${e.message}`));

    await page.goto(url("admin", "/login"));
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await page.getByRole("heading", { level: 1, name: "Set up a second factor" }).waitFor();

    await page.getByRole("button", { name: "Add authenticator app" }).click();
    const secretEl = page.getByTestId("totp-secret");
    await secretEl.waitFor();
    totpSecret = (await secretEl.textContent())!.trim();
    expect(totpSecret, "the key shown as text").toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel("Code from the app").fill(await generate({ secret: totpSecret }));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    expect(await page.locator(".recovery-codes__list code").count()).toBe(10);
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    // In the portal now, its second factor on.
    await page.getByRole("button", { name: "Logout" }).waitFor();
    await poll("the authenticator app shown as On", async () =>
      (await page.locator(".security-badge").first().textContent()) === "On" ? true : undefined,
    );
  });

  step("signs out and in again: password, then a code from the authenticator app", async () => {
    const open = page.getByRole("button", { name: "Open menu" });
    const logout = page.getByRole("button", { name: "Logout" });
    await open.or(logout).first().waitFor();
    if (await open.isVisible()) await open.click();
    await logout.click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await page.getByRole("heading", { name: "Second step" }).waitFor();
    // The next 30-second step's code: the one used at set-up cannot be replayed.
    const code = await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    // Signed in: back on the page the owner left, then the dashboard opens.
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await page.getByRole("button", { name: "Logout" }).waitFor();
    await page.goto(url("admin", "/admin"));
    await page.getByRole("heading", { level: 1, name: `Welcome back, ${OWNER.name}` }).waitFor();
  });

  step("publishes a course with a date", async () => {
    course.startDate = isoInDays(40);
    await page.goto(url("admin", "/create-training"));
    await page.getByLabel("Course Title *").fill(course.title);
    await page.getByLabel("Course Description *").fill("Four days of SIA door supervisor training in Bootle.");
    await page.getByLabel("Training Fee (£) *").fill(String(course.feePounds));
    await page.getByLabel("Duration *").fill("1 Day");
    await page.getByRole("group", { name: "Date range 1" }).getByLabel("Start date").fill(course.startDate);
    await page.getByLabel("Save as draft (not on the website until published)").check();
    await page.getByRole("button", { name: "Save Training" }).click();
    await page.getByText("Training created successfully!").first().waitFor();

    await page.goto(url("admin", "/trainings"));
    const row = page.locator(".tr-table__row", { has: page.getByRole("heading", { name: course.title }) });
    await poll("the draft badge", async () => ((await row.locator(".tr-status").textContent()) === "Draft" ? true : undefined));
    await row.getByRole("button", { name: `Publish: ${course.title}` }).click();
    await page.getByText(`${course.title} is published`).first().waitFor();
    await poll("the published badge", async () =>
      (await row.locator(".tr-status").textContent()) === "Published" ? true : undefined,
    );
  });

  step("the course is on the public site", async () => {
    await page.goto(url("site", "/all-courses"));
    const link = page.locator("main a[href^='/course/']", { hasText: course.title }).first();
    await poll(
      "the course on /all-courses",
      async () => {
        if (await link.count()) return true;
        await page.reload();
        return undefined;
      },
      20_000,
    );
    course.slug = (await link.getAttribute("href"))!.replace("/course/", "");
    const card = page.locator(".course-card", { has: page.getByRole("heading", { name: course.title }) });
    placesBefore = ((await card.locator(".course-card__places").textContent()) ?? "").trim();
    expect(placesBefore, "the card shows the next date's places").toMatch(/^\d+ places? left$/);
    await link.click();
    await page.getByRole("heading", { level: 1, name: course.title }).waitFor();
    expect(await page.locator("main").textContent()).toContain(`£${course.feePounds}`);
  });

  step("a customer books and pays it: checkout → Stripe's page → webhook → confirmation", async () => {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.locator("main input[type=radio]").first().check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: /^Cart: 1 item/ }).click();
    await page.waitForURL("**/cart");
    await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByLabel("First name*").fill(customer.first);
    await page.getByLabel("Last name*").fill(customer.last);
    await page.getByLabel("Phone Number*").fill("07912 345 600");
    await page.getByLabel("Email address*").fill(customer.email);
    await page.getByLabel("Street address*").fill("21 Marsh Lane");
    await page.getByLabel("Town/City*").fill("Bootle");
    await page.getByLabel("State*").selectOption("England");
    await page.getByLabel("I agree to the booking terms*").check();
    await page.getByRole("button", { name: /Proceed to Payment/ }).click();

    // Stripe's hosted page (the stand-in's), opened from the Checkout Session the real SDK created.
    await page.waitForURL(/\/c\/pay\/cs_/);
    const session = [...stripe!.sessions.values()].at(-1)!;
    expect(session.amountTotal, "the Checkout Session's amount in pence").toBe(course.feePounds * 100);
    expect(session.currency).toBe("gbp");
    expect(session.customerEmail).toBe(customer.email);
    expect(session.successUrl.startsWith(url("site", "/payment/success"))).toBe(true);
    orderReference = session.reference!;
    await page.getByRole("button", { name: "Pay" }).click();

    await page.waitForURL(/\/payment\/success\?/);
    const webhook = stripe!.webhooks.find((w) => w.type === "checkout.session.completed");
    expect(webhook, "the signed webhook reached the API through Caddy").toMatchObject({ status: 200 });
    await page.getByRole("heading", { level: 1, name: "Payment Successful!" }).waitFor({ timeout: 30_000 });
    const ref = await page.locator("text=Booking reference:").locator("strong").textContent();
    bookingReference = ref!.trim();
    expect(bookingReference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // The paid place is taken (the API through Caddy, as the site's browser code asks it).
    const before = Number.parseInt(placesBefore, 10);
    await poll(`places left ${before - 1} after the booking`, async () => {
      const r = await httpsRequest(url("api", `/api/courses/slug/${course.slug}`), { ca });
      const body = JSON.parse(r.body) as { courseDates: { placesLeft: number }[] };
      return body.courseDates[0]?.placesLeft === before - 1 ? true : undefined;
    });
  });

  step("the confirmation mail arrives over SMTP, with the booking reference", async () => {
    const forCustomer = (m: ReceivedMail) => m.envelopeTo.includes(customer.email);
    const mail = await poll(
      "the customer's confirmation mail at the SMTP server",
      async () => smtp!.received.find(forCustomer),
      30_000,
    );
    expect(mail.envelopeFrom).toBe(`bookings@${MAIL_DOMAIN}`);
    expect(mail.headers.get("from")).toBe(env.MAIL_FROM);
    expect(mail.headers.get("to")).toContain(customer.email);
    expect(mail.headers.get("subject")).toBe(`Booking confirmed: ${course.title}`);
    expect(mail.headers.get("message-id")).toMatch(/^<.+@.+>$/);
    expect(mail.headers.get("date")).toBeTruthy();
    expect(mail.text).toContain(bookingReference);
    expect(mail.text).toContain(course.title);
    // Links in the mail point at the public HTTPS names, not at localhost ports.
    expect(mail.text).not.toMatch(/https?:\/\/(localhost|127\.0\.0\.1)[:/]/);
    // The office's new-booking notice goes to the business's address.
    await poll("the office's new-booking notice", async () =>
      smtp!.received.find((m) => m.envelopeTo.includes(env.PROVIDER_EMAIL!)),
    );
  });

  step("the office refunds it from the admin; Stripe sees the refund; admin and site show it", async () => {
    await page.goto(url("admin", "/enrolments"));
    await page.getByRole("link", { name: bookingReference }).click();
    await page.waitForURL(/\/booking\/\d+$/);
    bookingId = Number(new URL(page.url()).pathname.split("/").pop());
    await page.getByRole("button", { name: "Cancel and refund" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel booking ${bookingReference}?` });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Full refund:/).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await dialog.waitFor({ state: "detached" });
    await poll("the refund result", async () =>
      (await page.locator(".bk-result--ok").textContent()) === `Booking cancelled and £${course.feePounds}.00 refunded`
        ? true
        : undefined,
    );
    expect(stripe!.refunds, "the refund made through the real SDK").toMatchObject([
      { amount: course.feePounds * 100, payment_intent: expect.stringMatching(/^pi_/) },
    ]);
    await stripe!.settled();
    expect(
      stripe!.webhooks.find((w) => w.type === "charge.refunded"),
      "Stripe's refund event accepted",
    ).toMatchObject({
      status: 200,
    });
    await page.reload();
    await poll("the Refunded badge", async () =>
      (await page.locator(".bk-head .bk-badges").textContent()) === "Refunded" ? true : undefined,
    );
    // The place is free again on the site: the card shows what it showed before the booking.
    await page.goto(url("site", "/all-courses"));
    const card = page.locator(".course-card", { has: page.getByRole("heading", { name: course.title }) });
    await poll(
      `the course card on /all-courses showing "${placesBefore}" again`,
      async () => {
        if (((await card.locator(".course-card__places").textContent()) ?? "").trim() === placesBefore) return true;
        await page.reload();
        return undefined;
      },
      20_000,
    );
    expect(bookingId).toBeGreaterThan(0);
    expect(orderReference).not.toBe("");
  });

  step("SIGTERM stops every process within 10 s with exit code 0 and a clean shutdown line", async () => {
    await context?.close();
    await browser?.close();
    context = undefined;
    browser = undefined;
    // Caddy first (it stops taking requests), then the apps behind it, as systemd stops them.
    const order = ["caddy", "admin", "site", "api"] as const;
    const clean: Record<(typeof order)[number], RegExp> = {
      caddy: /"msg":"shutdown complete","signal":"SIGTERM","exit_code":0/,
      admin: /\[admin\] SIGTERM: shutting down/,
      site: /"msg":"SIGTERM: shutting down"/,
      api: /"msg":"SIGTERM: shutting down"/,
    };
    const results: string[] = [];
    for (const name of order) {
      const exit = await procs[name]!.stop(SHUTDOWN_GRACE_MS);
      results.push(`${name}: code ${exit.code} signal ${exit.signal} in ${exit.ms} ms${exit.killed ? " (killed)" : ""}`);
      expect(exit.killed, `${name} did not exit within ${SHUTDOWN_GRACE_MS} ms of SIGTERM`).toBe(false);
      expect(exit.code, `${name} exit code (${results.join("; ")})`).toBe(0);
      const out = procs[name]!.output();
      expect(
        clean[name].test(out),
        `${name} logged no clean shutdown line (${clean[name]}); its last lines:\n${out.slice(-1500)}`,
      ).toBe(true);
    }
  });

  step("no request failed: browser, webhooks, Stripe calls and server logs", async () => {
    expect(browserProblems, "failed requests or errors in the browser").toEqual([]);
    expect(stripe!.unexpected, "Stripe calls the stand-in does not know (or without the secret key)").toEqual([]);
    expect(
      stripe!.webhooks.filter((w) => w.status !== 200),
      "webhooks not answered 200",
    ).toEqual([]);
    // Pino levels 50 (error) and 60 (fatal): nothing went wrong on the server side either.
    const apiErrors = procs
      .api!.output()
      .split("\n")
      .filter((l) => /"level":(50|60)/.test(l));
    expect(apiErrors, "error lines in the API's log").toEqual([]);
    const siteErrors = procs
      .site!.output()
      .split("\n")
      .filter((l) => /"level":(50|60)/.test(l));
    expect(siteErrors, "error lines in the site's log").toEqual([]);
    // Caddy logs a failed proxy request (upstream down, refused, timed out) as an error.
    const caddyErrors = procs
      .caddy!.output()
      .split("\n")
      .filter((l) => /"level":"(error|fatal|panic)"/.test(l));
    expect(caddyErrors, "error lines in Caddy's log").toEqual([]);
  });
});
