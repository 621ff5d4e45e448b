import react from "@vitejs/plugin-react";
import { defineAppTestConfig } from "@app/e2e-kit/config";

/**
 * Two projects (see @app/e2e-kit/config): `unit` (components in jsdom) and `e2e` (real Chromium
 * at 390 and 1280 px and plain HTTP, against the real API test server and the production build of
 * this site, started once by e2e/global-setup.ts). `pnpm test` runs both; `test:unit` / `test:e2e` one.
 */
export default defineAppTestConfig({ plugins: [react()] });
