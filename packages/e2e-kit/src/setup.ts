/**
 * For an app's e2e/global-setup.ts (runs in the main vitest process, no browser):
 *
 *   import { requireChromium, startApiTestServer, startServer, freePort, Teardown } from "@app/e2e-kit/setup";
 */
export { chromiumPath, requireChromium } from "./chromium";
export { API_ROOT, startApiTestServer } from "./api-server";
export type { ApiTestServer } from "./api-server";
export { freePort, startServer, Teardown } from "./processes";
export type { RunningServer, ServerOptions } from "./processes";
