import { z } from "zod";
import {
  adminResponses,
  anyStaff,
  anyStaffSetup,
  c,
  ErrorSchema,
  MessageSchema,
  ownerOnly,
  requiredText,
  type RouteMeta,
  sessionNeeded,
  STAFF_ROLES,
  TEXT_MAX,
} from "./common";

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

export const CodeSchema = z.object({
  code: requiredText("Please enter the code").pipe(z.string().max(64)),
});

/** A WebAuthn JSON object (options or a credential), checked by @simplewebauthn on the server. */
const WebAuthnJson = z.record(z.string(), z.unknown());

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

export const AccountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system, read from the user agent. */
  device: z.string(),
  ip: z.string(),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const SecurityStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(PasskeySchema),
  recovery_codes_left: z.number().int(),
  /** A second factor is required for this portal (setting). */
  second_factor_required: z.boolean(),
});
export type SecurityStatus = z.infer<typeof SecurityStatusSchema>;

export const ChangePasswordSchema = z.object({
  current_password: z
    .string({ required_error: "Please enter your current password" })
    .min(1, "Please enter your current password")
    .max(1000),
  new_password: z.string({ required_error: "Please enter a new password" }).min(1, "Please enter a new password").max(1000),
});

const RecoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });

export const accountContract = c.router({
  sessions: {
    method: "GET",
    path: "/account/sessions",
    responses: { 200: z.array(AccountSessionSchema), ...adminResponses },
    metadata: anyStaff,
    summary: "Your sessions: each signed-in device",
  },
  endSession: {
    method: "DELETE",
    path: "/account/sessions/:id",
    pathParams: z.object({ id: z.string().uuid() }),
    responses: { 200: MessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Signs out one of your sessions",
  },
  endOtherSessions: {
    method: "POST",
    path: "/account/sessions/sign-out-others",
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string(), ended: z.number().int() }), ...adminResponses },
    metadata: anyStaff,
    summary: "Sign out everywhere else",
  },
  changePassword: {
    method: "POST",
    path: "/account/password",
    body: ChangePasswordSchema,
    responses: { 200: MessageSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Changes your password; every other session ends",
  },
  security: {
    method: "GET",
    path: "/account/security",
    responses: { 200: SecurityStatusSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Your second factors",
  },
  totpSetup: {
    method: "POST",
    path: "/account/totp/setup",
    body: c.noBody(),
    responses: {
      200: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
      409: ErrorSchema,
      ...adminResponses,
    },
    metadata: anyStaffSetup,
    summary: "Starts adding an authenticator app: a new secret (QR code and text)",
  },
  totpConfirm: {
    method: "POST",
    path: "/account/totp/confirm",
    body: CodeSchema,
    responses: { 200: RecoveryCodesAnswer, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Confirms the app with its first code; answers recovery codes when this is the first factor",
  },
  totpRemove: {
    method: "DELETE",
    path: "/account/totp",
    responses: { 200: MessageSchema, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Removes the authenticator app",
  },
  recoveryCodes: {
    method: "POST",
    path: "/account/recovery-codes",
    body: c.noBody(),
    responses: { 200: RecoveryCodesAnswer, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Ten new recovery codes (the old ones stop working); shown once",
  },
  passkeyOptions: {
    method: "POST",
    path: "/account/passkeys/options",
    body: c.noBody(),
    responses: { 200: WebAuthnJson, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Starts adding a passkey: WebAuthn registration options",
  },
  passkeyAdd: {
    method: "POST",
    path: "/account/passkeys",
    body: z.object({ name: z.string().trim().max(60).optional(), response: WebAuthnJson }),
    responses: { 200: RecoveryCodesAnswer, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Adds the passkey; answers recovery codes when this is the first factor",
  },
  passkeyRemove: {
    method: "DELETE",
    path: "/account/passkeys/:id",
    pathParams: z.object({ id: z.string().min(1).max(1000) }),
    responses: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Removes a passkey",
  },
});

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(["active", "invited", "disabled"]),
  second_factor: z.boolean(),
  last_active_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const InviteSchema = z.object({
  name: requiredText("Name is required").pipe(z.string().max(100, "Name is too long")),
  email: requiredText("Email is required").pipe(z.string().max(254).email("Please enter a valid email address")),
  role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: "Please choose a role" }) }),
});
export type InviteInput = z.infer<typeof InviteSchema>;

export const StaffUpdateSchema = z.object({
  role: z.enum(STAFF_ROLES).optional(),
  disabled: z.boolean().optional(),
});

export const InviteTokenParams = z.object({ token: z.string().min(10).max(200) });

export const staffContract = c.router({
  list: {
    method: "GET",
    path: "/staff",
    responses: { 200: z.array(StaffMemberSchema), ...adminResponses },
    metadata: ownerOnly,
    summary: "Staff and their roles",
  },
  invite: {
    method: "POST",
    path: "/staff/invites",
    body: InviteSchema,
    responses: { 201: StaffMemberSchema, 409: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "Invites a member of staff by e-mail (a single-use link valid 72 hours)",
  },
  update: {
    method: "PUT",
    path: "/staff/:id",
    pathParams: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
    body: StaffUpdateSchema,
    responses: { 200: StaffMemberSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "Changes a member's role, or disables / enables them (disabling ends their sessions at once)",
  },
  inviteInfo: {
    method: "GET",
    path: "/invites/:token",
    pathParams: InviteTokenParams,
    responses: { 200: z.object({ name: z.string(), email: z.string() }), 404: ErrorSchema },
    summary: "Who an invitation is for (the set-password page)",
  },
  acceptInvite: {
    method: "POST",
    path: "/invites/:token",
    pathParams: InviteTokenParams,
    body: z.object({
      password: z.string({ required_error: "Please enter a new password" }).min(1, "Please enter a new password").max(1000),
    }),
    responses: { 200: MessageSchema, 404: ErrorSchema },
    summary: "Sets the password from an invitation link (single use)",
  },
});
