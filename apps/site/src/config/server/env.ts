import { z } from "zod";
import { providerFromEnv } from "../provider";
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
});

export type ServerEnv = z.infer<typeof EnvSchema> & { site: SiteConfig };

/** Parses the environment once; fails fast with every bad field listed. */
export function loadEnv(env: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment for the site:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const adminUrl = new URL(e.ADMIN_URL);
  const adminLoginUrl = adminUrl.pathname === "/" || adminUrl.pathname === "" ? `${e.ADMIN_URL}/login` : e.ADMIN_URL;
  return {
    ...e,
    site: {
      siteUrl: e.PUBLIC_SITE_URL,
      publicApiUrl: e.PUBLIC_API_URL,
      adminLoginUrl,
      provider: providerFromEnv(env),
    },
  };
}
