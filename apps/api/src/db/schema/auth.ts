import { bigint, boolean, index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tstz, updatedAt } from "./types";

/** Staff roles (docs/decisions/141); null for a user who is not staff. */
export const staffRole = pgEnum("staff_role", ["owner", "office", "trainer"]);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased; compared lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** The staff role; every portal route declares the roles it allows (contract metadata). */
    role: staffRole("role"),
    /** Disabled by the owner: cannot sign in, every session ended. */
    disabledAt: tstz("disabled_at"),
    /** Authenticator app (RFC 6238): the base32 secret once confirmed, and the last time step used (no replay). */
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    lastLoginAt: tstz("last_login_at"),
    /** The bell shows messages and paid bookings newer than this. */
    notificationsSeenAt: tstz("notifications_seen_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/**
 * Server-side sessions (docs/decisions/140): the JWT names a row here by its `jti`. A session
 * ends at `expires_at` (absolute, 12 h), after `idle` minutes without activity, or when ended
 * (sign-out, sign out everywhere else, password change, disabled account).
 * `stage`: 'full', or 'second_factor' (password checked, the code or passkey still due), or
 * 'setup' (password checked, a second factor is required and must be set up first).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stage: text("stage").notNull().default("full"),
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    endedAt: tstz("ended_at"),
    endReason: text("end_reason"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Failed sign-in attempts per key (client+account pair, account), shared by every API instance. */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: tstz("window_start").notNull(),
  lastFailureAt: tstz("last_failure_at").notNull(),
});

/** Single-use staff invitations (and password resets): only the SHA-256 of the token is kept. */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_invites_token_key").on(t.tokenHash)],
);

/** Ten single-use recovery codes per user, stored hashed (SHA-256 of a high-entropy code). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** WebAuthn credentials (passkeys). */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").notNull().default(""),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: tstz("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/** A WebAuthn challenge waiting for its answer (per session), single use. */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  sessionKey: text("session_key").primaryKey(),
  challenge: text("challenge").notNull(),
  expiresAt: tstz("expires_at").notNull(),
});
