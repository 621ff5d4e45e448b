// Mutation testing of the UI kit's formatting (src/format.ts), on demand (not part of `pnpm test`): pnpm --filter @app/ui mutation
// Under pnpm Stryker cannot discover its plugins by name, so the vitest runner is given by path.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: [require.resolve("@stryker-mutator/vitest-runner")],
  vitest: { configFile: "vitest.config.ts" },
  mutate: ["src/format.ts"],
  coverageAnalysis: "perTest",
  // Static mutants (module-level constants: the currency and date formatters, the timestamp
  // pattern, the filter labels) are not re-evaluated between runs in this jsdom project, so
  // they would be reported as survivors without being tested. They are left out and the
  // constants are covered by direct assertions instead (format.timestamps.test.ts).
  ignoreStatic: true,
  reporters: ["clear-text", "progress"],
  thresholds: { high: 95, low: 85, break: 85 },
  tempDirName: ".stryker-tmp",
  concurrency: 2,
};
