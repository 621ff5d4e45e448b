// @ts-check
/**
 * The vitest config of an app with component tests and browser tests:
 *
 *   export default defineAppTestConfig({ plugins: [react()] });
 *
 * Two projects: `unit` (jsdom, src/**\/*.test.{ts,tsx}, setup src/test-setup.ts, the app's
 * plugins) and `e2e` (node, e2e/**\/*.test.ts, servers started once by e2e/global-setup.ts).
 * `vitest run` runs both; `--project unit` / `--project e2e` one.
 *
 * Plain JavaScript (types in config.d.mts): Vite loads config files with Node, which cannot
 * import TypeScript from a linked workspace package.
 */

/** @type {import("./config.d.mts").defineAppTestConfig} */
export function defineAppTestConfig(options = {}) {
  return {
    plugins: options.plugins,
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
            // 2 shared cores: one file at a time, one Chromium per file.
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 180_000,
          },
        },
      ],
    },
  };
}
