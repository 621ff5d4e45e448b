import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The admin app under test, e.g. http://localhost:41234 */
    adminUrl: string;
    /** The API test server, e.g. http://localhost:41235 */
    apiUrl: string;
    /** The seeded administrator's sign-in (SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD, read in global-setup.ts). */
    adminCredentials: { email: string; password: string };
  }
}
