/** The auth module's front door: what other modules may use (docs/decisions/370). */
export { accountRouter } from "./account-router";
export { authRouter } from "./router";
export { endAllSessions, normaliseEmail, sha256, upsertUser } from "./service";
