import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * Two projects: `unit` (components and helpers in jsdom) and `e2e` (real Chromium against
 * the real API test server and the built admin app, started once by e2e/global-setup.ts).
 * `pnpm test` runs both; `pnpm test:unit` / `pnpm test:e2e` run one.
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
          // One Chromium per file, files one after another: the machine has 2 shared cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
