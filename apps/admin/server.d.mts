/** Types of apps/admin/server.mjs (plain JavaScript so that production runs it with node alone). */
import type { Server } from "node:http";

export declare const DEFAULT_DIST_DIR: string;
export declare function securityHeaders(apiUrl: string): Record<string, string>;
export declare function withRuntimeConfig(html: string, config: { apiUrl: string; siteUrl: string }): string;
export declare function configFromEnv(env?: Record<string, string | undefined>): {
  host: string;
  port: number;
  apiUrl: string;
  siteUrl: string;
  distDir: string;
};
export declare function createAdminServer(options: { distDir?: string; apiUrl: string; siteUrl: string }): Promise<Server>;
