import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The admin app under test, e.g. http://localhost:41234 */
    adminUrl: string;
    /** The API test server, e.g. http://localhost:41235 */
    apiUrl: string;
  }
}
