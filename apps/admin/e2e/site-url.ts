/** The site address the e2e admin server is started with (global-setup.ts): the sign-in page's Home link. */
export const E2E_SITE_URL = "http://www.e2e-site.test";
