import { defineConfig } from "vitest/config";

// The production smoke test (README, Tests): one file, its steps in order, against the built apps.
// Generous per-step limits: the whole run stays within about three minutes on a loaded CI machine.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
