/**
 * The API's environment, parsed once with zod (fails fast with the list of bad variables). The
 * variables stay one flat schema here, the one list docker-compose and the README are checked
 * against; the development defaults are in env-defaults.ts and the parsers of the two structured
 * values (reminder days, trusted proxies) in env-parsers.ts.
 */
import { fileURLToPath } from "node:url";
import path from "node:path";
import { z } from "zod";
import { isDramaPhoneNumber, isPlaceholderEmail } from "@app/rules";
import { parseKeyRing, type KeyRing } from "./lib/key-ring";
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, DEV_JWT_SECRET, DEV_PROVIDER_NAME, DEV_VENUE_ADDRESS } from "./env-defaults";
import { isWeakSecret, parseReminderDays, parseTrustProxy } from "./env-parsers";

// The development defaults (env-defaults.ts) are part of this module's answer.
export * from "./env-defaults";

/** apps/api, whatever the working directory. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce.number().int().min(0).max(65535);

const BaseSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Client IP address and port in request log lines (decision 267): off by default in production. */
  LOG_CLIENT_ADDRESS: z.enum(["on", "off"]).optional(),
  /** Any Postgres server; absent = the embedded server below. */
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  EMBEDDED_PG_DIR: z.string().default(path.join(API_ROOT, ".data", "pg")),
  /** Seed the catalogue and the development admin when the database is empty. */
  SEED_ON_START: bool.optional(),
  SEED_ADMIN_EMAIL: z.string().email().default(DEV_ADMIN_EMAIL),
  SEED_ADMIN_PASSWORD: z.string().min(1).optional(),
  JWT_SECRET: z.string().optional(),
  /**
   * The previous JWT_SECRET while it is being rotated out (decision 268): sessions signed with it
   * stay valid until they expire (SESSION_HOURS); remove it after that.
   */
  JWT_SECRET_PREVIOUS: z.string().optional(),
  /**
   * The key ring of long-lived signed links (unsubscribe links; decision 268): `id:secret` pairs,
   * comma-separated, newest first. The first signs; every one verifies. Required in production.
   */
  LINK_SIGNING_KEYS: z
    .string()
    .optional()
    .transform((v, ctx) => (v === undefined ? undefined : parseKeyRing(v, ctx))),
  /** Session lifetime in hours (token, cookie and the server-side session): 12 (ASVS level 2). */
  SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** A session ends after this many minutes without activity. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(3)
    .max(24 * 60)
    .default(30),
  /** Staff must add a second factor (authenticator app or passkey) before using the portal. On in production. */
  REQUIRE_SECOND_FACTOR: bool.optional(),
  /** Failed sign-ins for one account from all clients before it backs off (a short wait between attempts). */
  LOGIN_ACCOUNT_BACKOFF_AFTER: z.coerce.number().int().positive().default(20),
  /** Passkeys: the relying party id (the admin site's host name) and the admin origin they are used on. */
  WEBAUTHN_RP_ID: z.string().optional(),
  COOKIE_SECURE: bool.optional(),
  /** Development defaults http://localhost:5173 and :5174 (parseEnv); required in production. */
  SITE_ORIGIN: z.string().url().optional(),
  ADMIN_ORIGIN: z.string().url().optional(),
  /** Where the customer returns after paying (the public site). */
  PUBLIC_SITE_URL: z.string().url().optional(),
  /** This API as browsers reach it (payment links, image URLs in mails). */
  PUBLIC_API_URL: z.string().url().optional(),
  PAYMENT_PROVIDER: z.enum(["local", "stripe"]).default("local"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API endpoint (stripe-mock, tests' fake server), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_DIR: z.string().default(path.join(API_ROOT, ".mail")),
  /**
   * The sender's log of mails handed to the mail server (one JSON line each, decision 302): kept
   * outside the database, so that after a restore the outbox does not send them a second time.
   */
  MAIL_SENT_LOG: z.string().optional(),
  MAIL_FROM: z.string().default("Merseyside Door & Guard Training <bookings@example.com>"),
  /** Where new-booking and new-message notices go. */
  PROVIDER_EMAIL: z.string().default("office@example.com"),
  /** Named in the booking confirmation (the same placeholders as the site's provider config). */
  PROVIDER_NAME: z.string().default(DEV_PROVIDER_NAME),
  PROVIDER_PHONE: z.string().default("0151 496 0321"),
  VENUE_ADDRESS: z.string().default(DEV_VENUE_ADDRESS),
  /** Background jobs (order expiry, mail sender); off by default in tests, which call them directly. */
  WORKERS_ENABLED: bool.optional(),
  /** Course reminders: days before the first day (comma-separated, e.g. `7,1`), sent at REMINDER_SEND_HOUR UK time. */
  REMINDER_DAYS_BEFORE: z
    .string()
    .default("7,1")
    .transform((v, ctx) => parseReminderDays(v, ctx)),
  REMINDER_SEND_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** Licence-renewal reminder this many months after the course's last day (2 years 7 months = 31). */
  RENEWAL_REMINDER_MONTHS: z.coerce.number().int().min(1).max(36).default(31),
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For to believe (decision 100). A hop
   * count (`1`) or a comma-separated list of proxy addresses/CIDRs (proxy-addr names such as
   * `loopback` too); `false`/`0` = none. A bare `true` (trust every hop) is refused.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  CONTACT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  DISCOUNT_CHECK_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Seats held in unpaid orders: at most this many places per client address and per e-mail (decision 101). */
  HOLD_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(10),
  HOLD_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  /** New orders per client address per window. */
  ORDER_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  ORDER_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  /** An unpaid order whose payment page never opened (crash mid-call) releases its seats after this (decision 102). */
  UNSESSIONED_HOLD_MINUTES: z.coerce.number().positive().max(30).default(3),
  /** Database timeouts (decision 103): connecting, one statement, a transaction left idle. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Connections the API keeps to Postgres (decision 561: 10 on a 1-CPU server). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(20),
  /** Serve /api/docs and /api/openapi.json (swagger-ui needs a looser CSP); default on outside production only. */
  API_DOCS_ENABLED: bool.optional(),
  /** How far behind a booking 'places left' in cached catalogue answers may be (ms; decision 130); 0 = exact. */
  SEAT_COUNTS_MAX_LAG_MS: z.coerce.number().int().min(0).max(2000).optional(),
  /** Receipts (issue 13, decision 182): the business's VAT number; VAT lines appear only when it is set. */
  VAT_NUMBER: z.string().trim().max(40).optional(),
  /** VAT rate in percent included in prices (used only with VAT_NUMBER). */
  VAT_RATE: z.coerce.number().min(0).max(100).default(20),
  /** How long freed places are held for the person a waiting-list offer goes to (hours; decision 232). */
  WAITLIST_OFFER_HOURS: z.coerce.number().positive().max(168).default(12),
  /** Operations (decisions 295-299): who gets alert mails (default PROVIDER_EMAIL). */
  ALERT_EMAIL: z.string().email().optional(),
  /** /api/metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset = no metrics endpoint. */
  METRICS_TOKEN: z.string().min(24, "use at least 24 random characters (e.g. openssl rand -hex 24)").optional(),
  /** A backup older than this many hours is an alert; unset = backups not expected (default 26 in production). */
  BACKUP_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 31)
    .optional(),
  /** The file system whose free space the status page and the disk alert watch (default: the API's folder). */
  DISK_CHECK_PATH: z.string().optional(),
  /** Disk use (percent) at which the disk alert opens. */
  DISK_ALERT_PERCENT: z.coerce.number().min(1).max(100).default(85),
});

const EnvSchema = BaseSchema.superRefine((env, ctx) => {
  if (env.NODE_ENV !== "production") return;
  const fail = (p: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [p], message });
  const weak = isWeakSecret;
  const STRONG_HINT = "use at least 32 random characters (e.g. openssl rand -base64 32)";
  if (!env.JWT_SECRET) fail("JWT_SECRET", "is required in production");
  else if (weak(env.JWT_SECRET)) fail("JWT_SECRET", `is weak: ${STRONG_HINT}`);
  if (env.JWT_SECRET_PREVIOUS !== undefined && weak(env.JWT_SECRET_PREVIOUS))
    fail("JWT_SECRET_PREVIOUS", `is weak: ${STRONG_HINT}`);
  if (!env.LINK_SIGNING_KEYS)
    fail(
      "LINK_SIGNING_KEYS",
      "is required in production: e.g. LINK_SIGNING_KEYS=k1:$(openssl rand -base64 32) (unsubscribe links are signed with it)",
    );
  else
    for (const key of env.LINK_SIGNING_KEYS.keys)
      if (weak(key.secret)) fail("LINK_SIGNING_KEYS", `key '${key.id}' is weak: ${STRONG_HINT}`);
  productionSafety(env, fail);
  if (env.SEED_ADMIN_PASSWORD === DEV_ADMIN_PASSWORD)
    fail("SEED_ADMIN_PASSWORD", "is the documented development password; refused in production");
  if (env.PAYMENT_PROVIDER === "local") fail("PAYMENT_PROVIDER", "'local' is a development stand-in; use 'stripe' in production");
  if (env.PAYMENT_PROVIDER === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET))
    fail("STRIPE_SECRET_KEY", "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required for the stripe provider");
  if (env.COOKIE_SECURE === false) fail("COOKIE_SECURE", "cannot be off in production");
});

type ParsedSchema = z.output<typeof BaseSchema>;

/** Loopback hosts: plain http is accepted for them (a trial on one machine); anything else must be https. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * What production must not run on (decision 265): an embedded database, mail written to files,
 * the local payment stand-in, addresses browsers and mails cannot reach, and the repo's fictional
 * identity. Each failure names the variable to set.
 */
function productionSafety(env: ParsedSchema, fail: (variable: string, message: string) => void) {
  if (!env.DATABASE_URL)
    fail("DATABASE_URL", "is required in production (without it an embedded development database would start)");
  if (!env.SMTP_URL) fail("SMTP_URL", "is required in production (without it mail is only written to files in MAIL_DIR)");
  const origin = (variable: string, value: string | undefined, required: boolean): URL | null => {
    if (value === undefined) {
      if (required) fail(variable, "is required in production (it goes into links in mails and payment pages)");
      return null;
    }
    const url = new URL(value);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname)))
      fail(variable, `must be an https:// address in production (http:// only for localhost), got ${url.origin}`);
    return url;
  };
  const site = origin("PUBLIC_SITE_URL", env.PUBLIC_SITE_URL, true);
  origin("PUBLIC_API_URL", env.PUBLIC_API_URL, true);
  for (const variable of ["SITE_ORIGIN", "ADMIN_ORIGIN"] as const) {
    const url = origin(variable, env[variable], true);
    if (url && url.origin !== env[variable]!.replace(/\/$/, ""))
      fail(variable, `must be an origin only (scheme, host and port, no path), e.g. ${url.origin}`);
  }
  if (site && env.SITE_ORIGIN && new URL(env.SITE_ORIGIN).origin !== site.origin)
    fail("SITE_ORIGIN", `must be the origin of PUBLIC_SITE_URL (${site.origin}); CORS would refuse the site otherwise`);
  for (const variable of ["MAIL_FROM", "PROVIDER_EMAIL"] as const)
    if (isPlaceholderEmail(env[variable]))
      fail(variable, `is a placeholder address (${env[variable]}): set the business's real address`);
  if (isDramaPhoneNumber(env.PROVIDER_PHONE))
    fail(
      "PROVIDER_PHONE",
      `is a fictional number from Ofcom's drama range (${env.PROVIDER_PHONE}): set the business's phone number`,
    );
  if (env.VENUE_ADDRESS === DEV_VENUE_ADDRESS || /\bexample\b/i.test(env.VENUE_ADDRESS))
    fail("VENUE_ADDRESS", "is the fictional placeholder address: set the training venue's address");
  if (env.PROVIDER_NAME === DEV_PROVIDER_NAME)
    fail("PROVIDER_NAME", "is the fictional placeholder name: set the business's trading name");
}

/** Every variable the API reads (docker-compose and the README are checked against it). */
export const API_ENV_KEYS: readonly string[] = Object.keys(BaseSchema.shape);

const devKeyRing = (secret: string): KeyRing => ({ keys: [{ id: "dev", secret: `link-signing:${secret}` }] });

export type RawEnv = z.input<typeof EnvSchema>;
type RawEnvStrings = Record<string, string | undefined>;

export type Env = ReturnType<typeof parseEnv>;

/** Parse once; fails fast with every bad field listed. */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  /** A command's own settings: `defaults` give way to the environment, `overrides` do not. */
  { defaults = {}, overrides = {} }: { defaults?: RawEnvStrings; overrides?: RawEnvStrings } = {},
) {
  // Empty strings (e.g. `FOO=` in an .env file) mean "not set".
  const set = (o: RawEnvStrings) => Object.entries(o).filter(([, v]) => v !== undefined && v !== "");
  const cleaned = Object.fromEntries([...set(defaults), ...set(source), ...set(overrides)]);
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const data = result.data;
  const e = {
    ...data,
    SITE_ORIGIN: data.SITE_ORIGIN ?? "http://localhost:5173",
    ADMIN_ORIGIN: data.ADMIN_ORIGIN ?? "http://localhost:5174",
  };
  const production = e.NODE_ENV === "production";
  return {
    ...e,
    production,
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    JWT_SECRET: e.JWT_SECRET ?? DEV_JWT_SECRET,
    // Outside production the development key ring is derived from JWT_SECRET (so a fresh clone works).
    LINK_SIGNING_KEYS: e.LINK_SIGNING_KEYS ?? devKeyRing(e.JWT_SECRET ?? DEV_JWT_SECRET),
    /**
     * Secrets that signed unsubscribe links before the key ring existed (tokens without a key id):
     * the JWT secrets of the time. They keep verifying, never signing (decision 268).
     */
    LEGACY_LINK_SECRETS: [e.JWT_SECRET ?? DEV_JWT_SECRET, e.JWT_SECRET_PREVIOUS].filter((x): x is string => Boolean(x)),
    LOG_CLIENT_ADDRESS: (e.LOG_CLIENT_ADDRESS ?? (production ? "off" : "on")) === "on",
    COOKIE_SECURE: e.COOKIE_SECURE ?? production,
    SEED_ON_START: e.SEED_ON_START ?? (!e.DATABASE_URL && !production),
    SEED_ADMIN_PASSWORD: e.SEED_ADMIN_PASSWORD,
    PUBLIC_SITE_URL: (e.PUBLIC_SITE_URL ?? e.SITE_ORIGIN).replace(/\/$/, ""),
    PUBLIC_API_URL: (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    WORKERS_ENABLED: e.WORKERS_ENABLED ?? e.NODE_ENV !== "test",
    API_DOCS_ENABLED: e.API_DOCS_ENABLED ?? !production,
    // Exact in tests unless a test asks for the lag (they check places left right after booking).
    SEAT_COUNTS_MAX_LAG_MS: e.SEAT_COUNTS_MAX_LAG_MS ?? (e.NODE_ENV === "test" ? 0 : 1000),
    REQUIRE_SECOND_FACTOR: e.REQUIRE_SECOND_FACTOR ?? production,
    WEBAUTHN_RP_ID: e.WEBAUTHN_RP_ID ?? new URL(e.ADMIN_ORIGIN).hostname,
    ALERT_EMAIL: e.ALERT_EMAIL ?? e.PROVIDER_EMAIL,
    BACKUP_MAX_AGE_HOURS: e.BACKUP_MAX_AGE_HOURS ?? (production ? 26 : undefined),
    DISK_CHECK_PATH: e.DISK_CHECK_PATH ?? API_ROOT,
  };
}
