import { defineConfig } from "vitest/config";

/**
 * The pure order pricing's unit tests alone (no database): what mutation testing runs against
 * src/modules/orders/pricing.ts (stryker.config.mjs).
 */
export default defineConfig({ test: { include: ["test/orders-pricing.test.ts"] } });
