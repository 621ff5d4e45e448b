// Mutation testing of the pure order pricing, on demand (not part of `pnpm test`): pnpm --filter api mutation
// Under pnpm Stryker cannot discover its plugins by name, so the vitest runner is given by path.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: [require.resolve("@stryker-mutator/vitest-runner")],
  vitest: { configFile: "vitest.pricing.config.ts" },
  mutate: ["src/modules/orders/pricing.ts"],
  coverageAnalysis: "perTest",
  reporters: ["clear-text", "progress"],
  thresholds: { high: 95, low: 85, break: 85 },
  tempDirName: ".stryker-tmp",
  concurrency: 1,
};
