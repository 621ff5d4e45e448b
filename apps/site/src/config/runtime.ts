import type { SiteConfig } from "./site";
import { defaultProvider } from "./provider";
import { configureApi } from "../lib/api";

/**
 * The site configuration for code outside React (loaders): set once by the server entry from
 * the environment and by the browser entry from the server-rendered JSON. Components use
 * `useSiteConfig()` instead.
 */
let current: SiteConfig = {
  siteUrl: "http://localhost:5173",
  publicApiUrl: "http://localhost:3000",
  adminLoginUrl: "http://localhost:5174/login",
  provider: defaultProvider,
};

export function setRuntimeConfig(config: SiteConfig, apiBaseUrl: string = config.publicApiUrl): void {
  current = config;
  configureApi({ baseUrl: apiBaseUrl });
}

export function runtimeConfig(): SiteConfig {
  return current;
}
