import { defineConfig } from "vitest/config";

// The production smoke test (README, Tests): one file, its steps in order, against the built apps.
// Generous per-step limits for shared CI machines: on 2 cores at load 27 the whole run took 260 s
// and starting the set alone 48 s (140 s in all at load 20).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 150_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
