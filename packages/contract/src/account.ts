/** The signed-in user's own account: sessions, passkeys, the second factor, recovery codes, password. */
import { z } from "zod";
import { adminResponses, anyStaff, anyStaffSetup, c, ErrorSchema, MessageSchema, requiredText } from "./common";

export const CodeSchema = z.object({
  code: requiredText("Please enter the code").pipe(z.string().max(64)),
});

/** A WebAuthn JSON object (options or a credential), checked by @simplewebauthn on the server. */
export const WebAuthnJson = z.record(z.string(), z.unknown());

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
