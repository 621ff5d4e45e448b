import { defineConfig } from "vitest/config";

// The workspace's own checks (the ESLint config's rules on probe files); type-aware lint is slow to start.
export default defineConfig({ test: { include: ["test/**/*.test.ts"], testTimeout: 180_000 } });
