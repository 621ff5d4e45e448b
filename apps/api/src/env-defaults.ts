/** Development and test defaults of the environment (env.ts): each is refused in production. */

/** Documented development defaults, refused in production. */
export const DEV_JWT_SECRET = "dev-only-jwt-secret-not-for-production-0123456789";
export const DEV_ADMIN_EMAIL = "admin@example.com";
export const DEV_ADMIN_PASSWORD = "Admin!Passw0rd";
/**
 * A signed-in user who is NOT an administrator, seeded only by src/cli/test-server.ts (never by
 * the normal seed) so the browser tests can check the admin app's "Administrators only" guard.
 */
export const TEST_STAFF_EMAIL = "staff@example.com";
export const TEST_STAFF_PASSWORD = "Staff!Passw0rd";
/**
 * Staff of each role for the browser tests of roles and second factors (test server only), all
 * with TEST_STAFF_PASSWORD: a trainer, and fresh office accounts to add an authenticator app or a
 * passkey to (one per screen width, so the tests never share a factor).
 */
export const TEST_ROLE_STAFF = [
  { email: "trainer@example.com", name: "Tess Trainer", role: "trainer" },
  { email: "office@example.com", name: "Olive Office", role: "office" },
  { email: "totp-desktop@example.com", name: "Tom Totp", role: "office" },
  { email: "totp-phone@example.com", name: "Tia Totp", role: "office" },
  { email: "passkey-desktop@example.com", name: "Pat Passkey", role: "office" },
  { email: "passkey-phone@example.com", name: "Pip Passkey", role: "office" },
] as const;

/** The fictional identity (DESIGN.md): development defaults only, refused in production. */
export const DEV_PROVIDER_NAME = "Merseyside Door & Guard Training";
export const DEV_VENUE_ADDRESS = "Unit 4, 12 Example Dock Road, Bootle, Merseyside L20 0XX";
