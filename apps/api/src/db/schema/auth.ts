import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tstz, updatedAt } from "./types";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased; compared lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** Consecutive failed logins since the last success or lock expiry. */
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedUntil: tstz("locked_until"),
    lastLoginAt: tstz("last_login_at"),
    /** The bell shows messages and paid bookings newer than this. */
    notificationsSeenAt: tstz("notifications_seen_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/**
 * Tokens ended by logout. Checked on every authenticated call, so a token stops working
 * on every API instance at once; rows are useless after `expires_at` and get pruned.
 */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    jti: text("jti").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: tstz("expires_at").notNull(),
    revokedAt: tstz("revoked_at").notNull().defaultNow(),
  },
  (t) => [index("revoked_tokens_expires_at_idx").on(t.expiresAt)],
);
