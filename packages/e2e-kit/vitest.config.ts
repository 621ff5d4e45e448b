import { defineConfig } from "vitest/config";

// The kit's own tests: process clean-up and the Chromium check (no browser, no database).
export default defineConfig({ test: { include: ["test/**/*.test.ts"], testTimeout: 30_000 } });
