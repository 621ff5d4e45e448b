/**
 * The run's env file: the production env template (deploy/production.env.example) filled in as an
 * operator fills it in, with test values that look like a real business (never the repo's
 * placeholders, which production refuses) and fresh random secrets for this run only (never
 * written to the repo or printed). One file for every process, Caddy included, as on the server.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./env";

export const ENV_TEMPLATE = path.join(REPO_ROOT, "deploy", "production.env.example");

/** The template's `KEY=value` lines (commented-out settings are left to their defaults, as there). */
export function readEnvTemplate(file = ENV_TEMPLATE): Record<string, string> {
  const entries: [string, string][] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) entries.push([m[1]!, m[2]!]);
  }
  return Object.fromEntries(entries);
}

/** What an operator must replace in the template: a value still like this was not filled in. */
const TO_FILL_IN = /CHANGE-ME|example\.co\.uk|example\.com|Your Business/;

/**
 * The business's domain in this run. `.localhost` names resolve to 127.0.0.1 in Chromium and need
 * no DNS, and Caddy gives them certificates from its local CA. Site, admin and API are subdomains
 * of one registrable domain, as in production, so the API's SameSite=Strict cookie reaches it
 * from the admin.
 */
export const DOMAIN = "bootle-training.localhost";
export const HOSTS = {
  site: `www.${DOMAIN}`,
  admin: `admin.${DOMAIN}`,
  api: `api.${DOMAIN}`,
} as const;

export interface Ports {
  https: number;
  http: number;
  api: number;
  site: number;
  admin: number;
  smtp: number;
}

/**
 * The business's mail domain. Production refuses addresses at reserved domains (example.com,
 * .test, .localhost…), so the run uses a real-looking one; no mail leaves this machine (SMTP_URL is
 * the run's own SMTP server), and "smoke" in the names says what they are.
 */
export const MAIL_DOMAIN = "smoke.mdgt-training.co.uk";

export const OWNER = {
  email: `owner@${MAIL_DOMAIN}`,
  name: "Sian Owner",
  // Long and random per run: passes the strength check, never a known value.
  password: `Smoke ${randomBytes(12).toString("base64url")} passphrase`,
};

export function productionEnv(opts: {
  ports: Ports;
  databaseUrl: string;
  stripeApiUrl: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** The API's state directory (systemd's StateDirectory=training, /var/lib/training on a server). */
  stateDir: string;
}): Record<string, string> {
  const { ports } = opts;
  const origin = (host: string) => `https://${host}:${ports.https}`;
  const filled: Record<string, string> = {
    NODE_ENV: "production",
    // Caddy (deploy/Caddyfile): the run's names, ports and upstreams; its own CA; no admin
    // endpoint (another Caddy on a shared CI machine may hold :2019).
    SITE_ADDRESS: HOSTS.site,
    ADMIN_ADDRESS: HOSTS.admin,
    API_ADDRESS: HOSTS.api,
    TLS_MODE: "local_certs",
    SITE_UPSTREAM: `127.0.0.1:${ports.site}`,
    ADMIN_UPSTREAM: `127.0.0.1:${ports.admin}`,
    API_UPSTREAM: `127.0.0.1:${ports.api}`,
    HTTP_PORT: String(ports.http),
    HTTPS_PORT: String(ports.https),
    CADDY_ADMIN: "off",
    // The machine's Postgres trusts local connections: no password to give.
    DATABASE_URL: opts.databaseUrl,
    PGPASSWORD: "",
    JWT_SECRET: randomBytes(32).toString("base64"),
    LINK_SIGNING_KEYS: `k1:${randomBytes(32).toString("base64")}`,
    SITE_ORIGIN: origin(HOSTS.site),
    ADMIN_ORIGIN: origin(HOSTS.admin),
    PUBLIC_SITE_URL: origin(HOSTS.site),
    PUBLIC_API_URL: origin(HOSTS.api),
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: opts.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: opts.stripeWebhookSecret,
    STRIPE_API_URL: opts.stripeApiUrl,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: `Bootle Door Training <bookings@${MAIL_DOMAIN}>`,
    // The sent-mail log lives in the API's state directory (decision 302); the run's own here.
    MAIL_SENT_LOG: `${opts.stateDir}/mail-sent.log`,
    // Site and admin
    API_URL: `http://127.0.0.1:${ports.api}`,
    ADMIN_URL: origin(HOSTS.admin),
    // The business's identity (site footer, mails, notices).
    PROVIDER_NAME: "Bootle Door Training",
    PROVIDER_SHORT_NAME: "Bootle Door",
    PROVIDER_EMAIL: `office@${MAIL_DOMAIN}`,
    PROVIDER_PHONE: "0151 933 4127",
    PROVIDER_MOBILE: "07912 345 618",
    PROVIDER_STREET: "7 Stanley Road",
    PROVIDER_LOCALITY: "Bootle",
    PROVIDER_REGION: "Merseyside",
    PROVIDER_POSTCODE: "L20 3EZ",
    VENUE_ADDRESS: "7 Stanley Road, Bootle L20 3EZ",
    PROVIDER_CHAT_URL: "https://wa.me/447912345618",
    PROVIDER_COMMUNITY_URL: `https://${MAIL_DOMAIN}/community`,
    PROVIDER_FACEBOOK_URL: "https://www.facebook.com/bootle-door-training-smoke",
    PROVIDER_TWITTER_URL: "https://x.com/bootle_door_smoke",
    PROVIDER_INSTAGRAM_URL: "https://www.instagram.com/bootle_door_smoke",
    PROVIDER_YOUTUBE_URL: "https://www.youtube.com/@bootle-door-smoke",
    PROVIDER_SIA_NEWS_URL: "https://www.gov.uk/government/organisations/security-industry-authority",
    PROVIDER_SIA_CAREERS_URL: "https://www.gov.uk/guidance/apply-for-an-sia-licence",
    PROVIDER_DESIGNER_NAME: "Bootle Door Training",
    PROVIDER_DESIGNER_URL: `https://${MAIL_DOMAIN}/`,
  };
  const env = { ...readEnvTemplate(), ...filled };
  const unfilled = Object.entries(env).filter(([, v]) => TO_FILL_IN.test(v));
  if (unfilled.length)
    throw new Error(
      `the smoke test's env leaves these template values as they are: ${unfilled.map(([k]) => k).join(", ")} (${ENV_TEMPLATE})`,
    );
  return env;
}
