import { z } from "zod";
import { isDramaPhoneNumber, isPlaceholderEmail, isPlaceholderLink } from "@app/rules";
import { defaultProvider, providerFromEnv, type ProviderConfig } from "../provider";
import type { SiteConfig } from "../site";

/** Strip a trailing slash so paths can be appended with a leading one. */
const origin = (fallback: string) =>
  z
    .string()
    .trim()
    .url()
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ""));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  /** API base the site server calls while rendering (may be an internal address). */
  API_URL: origin("http://localhost:3000"),
  /** API base the browser calls and loads images from. */
  PUBLIC_API_URL: origin("http://localhost:3000"),
  /** This site's public address: canonical links, sitemap, structured data. */
  PUBLIC_SITE_URL: origin("http://localhost:5173"),
  /** The admin portal: either its origin (then '/login' is appended) or the full login URL. */
  ADMIN_URL: origin("http://localhost:5174/login"),
  /** The production build to serve (client/ and server/ inside); relative to apps/site. */
  SITE_DIST_DIR: z.string().default("dist"),
  /** Serve `*.map` source maps in production (off: they reveal the source; decision 107). */
  SOURCEMAPS_PUBLIC: z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .default("false")
    .transform((v) => v === "true" || v === "1" || v === "yes"),
  /** Keep rendered HTML of /, /all-courses and course pages per catalogue version (production only; decision 133). */
  SSR_HTML_CACHE: z.enum(["on", "off"]).default("on"),
  /** Inline the built stylesheets into each page instead of linking them (production; decisions 134, 245). */
  SITE_INLINE_CSS: z.enum(["on", "off"]).default("on"),
  /** Log level (default: info in production, warn in development, nothing in tests). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Client IP address and port in request log lines (decision 267): off by default in production. */
  LOG_CLIENT_ADDRESS: z.enum(["on", "off"]).optional(),
  /**
   * Browser tests and benchmarks of the production build only: serve the repo's fictional identity
   * (decision 265). Never in a real deployment: production refuses the placeholders otherwise.
   */
  SITE_ALLOW_PLACEHOLDER_IDENTITY: z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .default("false")
    .transform((v) => v === "true" || v === "1" || v === "yes"),
});

export type ServerEnv = Omit<z.infer<typeof EnvSchema>, "LOG_LEVEL" | "LOG_CLIENT_ADDRESS"> & {
  LOG_LEVEL: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  LOG_CLIENT_ADDRESS: boolean;
  site: SiteConfig;
};

/** Parses the environment once; fails fast with every bad field listed. */
export function loadEnv(env: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment for the site:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const provider = providerFromEnv(env);
  // The business's identity comes from configuration in production, never the fictional defaults.
  const placeholders = production && !e.SITE_ALLOW_PLACEHOLDER_IDENTITY ? placeholderIdentity(provider) : [];
  if (placeholders.length) {
    const lines = placeholders.map((p) => `  ${p.variable}: ${p.message}`);
    throw new Error(`Invalid environment for the site:\n${lines.join("\n")}`);
  }
  const adminUrl = new URL(e.ADMIN_URL);
  const adminLoginUrl = adminUrl.pathname === "/" || adminUrl.pathname === "" ? `${e.ADMIN_URL}/login` : e.ADMIN_URL;
  return {
    ...e,
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : production ? "info" : "warn"),
    LOG_CLIENT_ADDRESS: (e.LOG_CLIENT_ADDRESS ?? (production ? "off" : "on")) === "on",
    site: {
      siteUrl: e.PUBLIC_SITE_URL,
      publicApiUrl: e.PUBLIC_API_URL,
      adminLoginUrl,
      provider,
    },
  };
}

/**
 * Every value of the identity that is still a placeholder, with the variable that sets it: an
 * example.com (or other reserved) address or link, an Ofcom drama number, the fictional name,
 * street or postcode. Empty when the identity is real.
 */
export function placeholderIdentity(p: ProviderConfig): { variable: string; message: string }[] {
  const found: { variable: string; message: string }[] = [];
  const fictional = (variable: string, value: string, what: string) =>
    found.push({ variable, message: `is the fictional placeholder ${what} (${value}): set the business's own` });
  if (p.name === defaultProvider.name) fictional("PROVIDER_NAME", p.name, "name");
  if (p.address.street === defaultProvider.address.street || /\bexample\b/i.test(p.address.street))
    fictional("PROVIDER_STREET", p.address.street, "street");
  if (p.address.postcode === defaultProvider.address.postcode) fictional("PROVIDER_POSTCODE", p.address.postcode, "postcode");
  for (const [variable, value] of [
    ["PROVIDER_PHONE", p.phone],
    ["PROVIDER_MOBILE", p.mobile],
  ] as const)
    if (isDramaPhoneNumber(value))
      found.push({ variable, message: `is a fictional number from Ofcom's drama range (${value}): set the business's number` });
  if (isPlaceholderEmail(p.email) || !p.email.includes("@")) fictional("PROVIDER_EMAIL", p.email, "address");
  for (const [variable, value] of [
    ["PROVIDER_CHAT_URL", p.chatUrl],
    ["PROVIDER_COMMUNITY_URL", p.communityUrl],
    ["PROVIDER_FACEBOOK_URL", p.social.facebook],
    ["PROVIDER_TWITTER_URL", p.social.twitter],
    ["PROVIDER_INSTAGRAM_URL", p.social.instagram],
    ["PROVIDER_YOUTUBE_URL", p.social.youtube],
    ["PROVIDER_SIA_NEWS_URL", p.resources.siaNews],
    ["PROVIDER_SIA_CAREERS_URL", p.resources.siaCareers],
    ["PROVIDER_DESIGNER_URL", p.designer.url],
  ] as const)
    if (isPlaceholderLink(value)) fictional(variable, value, "link");
  return found;
}
