import react from "@vitejs/plugin-react";
import { defineAppTestConfig } from "@app/e2e-kit/config";

/**
 * Two projects (see @app/e2e-kit/config): `unit` (components and helpers in jsdom) and `e2e`
 * (real Chromium against the real API test server and the built admin app, started once by
 * e2e/global-setup.ts). `pnpm test` runs both; `pnpm test:unit` / `pnpm test:e2e` run one.
 */
export default defineAppTestConfig({ plugins: [react()] });
