import { defineConfig } from "vitest/config";

// Fixed zone so local-time tests (clock time, week start) mean the same on every machine.
process.env.TZ = "Europe/London";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/__tests__/setup.ts"],
    restoreMocks: true,
  },
});
