import type { ViteUserConfig } from "vitest/config";

/** See config.mjs. */
export declare function defineAppTestConfig(options?: { plugins?: ViteUserConfig["plugins"] }): ViteUserConfig;
