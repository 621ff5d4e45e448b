/**
 * @app/e2e-kit: the browser-test machinery apps/site and apps/admin share.
 *   "@app/e2e-kit"        fixtures for test files (Chromium, page/context, navigate, screenshot, axe)
 *                         and createPaidBooking (a guest booking paid on the local payment page)
 *   "@app/e2e-kit/setup"  for global-setup.ts (API test server, app servers, free ports, clean-up)
 *   "@app/e2e-kit/config" the vitest config both apps use (config.mjs: loaded by Node)
 */
export { AXE_TAGS, createE2ETest, VIEWPORTS } from "./fixtures";
export type { E2EFixtures, E2EOptions, Viewport } from "./fixtures";
export { CHROMIUM_ARGS, chromiumPath, launchBrowser, requireChromium } from "./chromium";
export { externalTool } from "./tools";
export type { ExternalTool } from "./tools";
export { codeSniff, nuCheck, nuChecker } from "./standards";
export type { NuMessage, SnifferMessage } from "./standards";
export { createPaidBooking } from "./paid-booking";
export type { PaidBooking, PaidBookingOptions } from "./paid-booking";
