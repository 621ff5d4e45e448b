/**
 * The run's env file: what an operator writes from the production env template, with test values
 * that look like a real business (never the repo's placeholders, which production refuses) and
 * fresh random secrets for this run only (never written to the repo or printed).
 */
import { randomBytes } from "node:crypto";

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
}): Record<string, string> {
  const { ports } = opts;
  const origin = (host: string) => `https://${host}:${ports.https}`;
  return {
    NODE_ENV: "production",
    // API
    HOST: "127.0.0.1",
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET: randomBytes(32).toString("base64"),
    LINK_SIGNING_KEYS: `k1:${randomBytes(32).toString("base64")}`,
    SITE_ORIGIN: origin(HOSTS.site),
    ADMIN_ORIGIN: origin(HOSTS.admin),
    PUBLIC_SITE_URL: origin(HOSTS.site),
    PUBLIC_API_URL: origin(HOSTS.api),
    // Caddy is the one proxy in front: believe its X-Forwarded-For, nobody else's.
    TRUST_PROXY: "loopback",
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: opts.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: opts.stripeWebhookSecret,
    STRIPE_API_URL: opts.stripeApiUrl,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_FROM: `Bootle Door Training <bookings@${MAIL_DOMAIN}>`,
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
}
