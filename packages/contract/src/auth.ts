import { z } from "zod";
import {
  adminResponses,
  anyStaffSetup,
  c,
  ErrorSchema,
  MessageSchema,
  requiredText,
  type RouteMeta,
  sessionNeeded,
  STAFF_ROLES,
  TEXT_MAX,
} from "./common";
import { CodeSchema, WebAuthnJson } from "./account";

/** Failed sign-ins one client may make for one account before it is held back (docs/decisions/142). */
export const LOGIN_MAX_ATTEMPTS = 5;
/** How long such a client is held back, in minutes. */
export const LOGIN_LOCK_MINUTES = 15;
/** Longest password the login accepts (hashing megabytes would be a denial of service). */
export const PASSWORD_MAX = 256;

/** Sessions (docs/decisions/140): absolute and idle limits, and the warning before an idle sign-out. */
export const SESSION_IDLE_WARNING_SECONDS = 120;

export const LoginSchema = z.object({
  email: requiredText("Email is required", TEXT_MAX.email).pipe(z.string().email("Please enter a valid email address")),
  password: z
    .string({ required_error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, "Invalid email or password"),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Staff who may use the portal. */
  is_admin: z.boolean(),
  role: z.enum(STAFF_ROLES).nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** What the sign-in still needs after the password. */
export const LOGIN_NEXT = ["done", "second_factor", "setup_second_factor"] as const;
export type LoginNext = (typeof LOGIN_NEXT)[number];
export const SECOND_FACTOR_METHODS = ["totp", "passkey", "recovery_code"] as const;

export const SessionInfoSchema = z.object({
  /** ISO: the absolute end (12 hours after sign-in by default). */
  expires_at: z.string(),
  /** ISO: when the session ends without activity. */
  idle_expires_at: z.string(),
  idle_minutes: z.number().int(),
  stage: z.enum(["full", "second_factor", "setup"]),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

const LoginAnswer = z.object({
  access_token: z.string(),
  user: UserSchema,
  next: z.enum(LOGIN_NEXT),
  /** With next = second_factor: what this account can answer with. */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});

export const PASSWORD_RULES_TEXT = "At least 12 characters, three kinds of characters, not a common password";

export const authContract = c.router({
  login: {
    method: "POST",
    path: "/login",
    body: LoginSchema,
    responses: {
      200: LoginAnswer,
      /** Wrong e-mail or password: carries attempts / max_attempts (this client, this account). */
      401: ErrorSchema,
      /** This client is held back for this account (or the account backs off): carries locked_until. */
      429: ErrorSchema,
    },
    summary: "Sign in with the password; may ask for a second factor next (sets the session cookie)",
  },
  loginTotp: {
    method: "POST",
    path: "/login/totp",
    body: CodeSchema,
    responses: { 200: LoginAnswer, 401: ErrorSchema, 429: ErrorSchema },
    metadata: sessionNeeded,
    summary: "Second step: the authenticator app's code",
  },
  loginRecovery: {
    method: "POST",
    path: "/login/recovery-code",
    body: CodeSchema,
    responses: { 200: LoginAnswer, 401: ErrorSchema, 429: ErrorSchema },
    metadata: sessionNeeded,
    summary: "Second step: a single-use recovery code",
  },
  loginPasskeyOptions: {
    method: "POST",
    path: "/login/passkey/options",
    body: c.noBody(),
    responses: { 200: WebAuthnJson, 401: ErrorSchema },
    metadata: sessionNeeded,
    summary: "Second step: a WebAuthn challenge for this account's passkeys",
  },
  loginPasskey: {
    method: "POST",
    path: "/login/passkey",
    body: z.object({ response: WebAuthnJson }),
    responses: { 200: LoginAnswer, 401: ErrorSchema, 429: ErrorSchema },
    metadata: sessionNeeded,
    summary: "Second step: the passkey's answer",
  },
  logout: {
    method: "POST",
    path: "/logout",
    body: c.noBody(),
    responses: { 200: MessageSchema },
    metadata: { session: "optional" } satisfies RouteMeta,
    summary: "Ends the session: the token becomes unusable on the server",
  },
  me: {
    method: "GET",
    path: "/me",
    responses: { 200: z.object({ user: UserSchema, session: SessionInfoSchema }), 401: adminResponses[401] },
    metadata: sessionNeeded,
    summary: "Who is signed in, and when the session ends (restores the admin session on load)",
  },
  keepAlive: {
    method: "POST",
    path: "/session/keep-alive",
    body: c.noBody(),
    responses: { 200: SessionInfoSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "The user is active: keeps the session from the idle sign-out",
  },
});

export * from "./account";
export * from "./staff";
