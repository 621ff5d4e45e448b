import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * Two projects: `unit` (components in jsdom) and `e2e` (real Chromium at 390 and 1280 px and
 * plain HTTP, against the real API test server and the production build of this site, started
 * once by e2e/global-setup.ts). `pnpm test` runs both; `test:unit` / `test:e2e` run one.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["src/test-setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          // 2 shared cores: one file at a time, one browser per file.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
