import { defineConfig } from "vitest/config";

/**
 * Checks of the production shape (deploy/README.md) against the BUILT output: turbo's `test`
 * depends on `^build`, and this package depends on api, site and admin, so their builds exist.
 * Files run one after another: each starts real servers, and the machine is small.
 */
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], fileParallelism: false, testTimeout: 60_000, hookTimeout: 120_000 },
});
