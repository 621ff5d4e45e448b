import { createContext, useContext } from "react";
import type { ReactNode } from "react";
import type { ProviderConfig } from "./provider";
import type { SiteTexts } from "../lib/website";

/**
 * Runtime configuration that both the server render and the browser need. The server builds
 * it once from the environment (server/env.ts, server-only) and ships it inside the server-rendered JSON,
 * so the browser never needs a rebuild to point at another API or site address.
 */
export interface SiteConfig {
  /** Public address of this site, no trailing slash: canonical links, sitemap, JSON-LD. */
  siteUrl: string;
  /** API origin the browser calls and loads images from, no trailing slash. */
  publicApiUrl: string;
  /** Where '/login' sends the visitor: the admin portal's login screen. */
  adminLoginUrl: string;
  provider: ProviderConfig;
  /** The texts the office publishes (decision 366); absent when the API did not answer (built-in words). */
  texts?: SiteTexts | null;
}

const SiteConfigContext = createContext<SiteConfig | null>(null);

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children?: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error("useSiteConfig must be used inside a SiteConfigProvider");
  return config;
}
