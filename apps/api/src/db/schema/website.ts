import { integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { tstz } from "./types";

/**
 * The public site's own words (issue 35, decision 360). One draft per section (a whole JSON
 * document, validated by the contract) and every published version, never updated or deleted:
 * the current one is the newest of its section, and a restore publishes an old body again.
 */
export const websiteDrafts = pgTable("website_drafts", {
  section: text("section").primaryKey(),
  body: jsonb("body").notNull(),
  savedAt: tstz("saved_at").notNull(),
  savedBy: text("saved_by").notNull(),
});

export const websiteVersions = pgTable("website_versions", {
  id: serial("id").primaryKey(),
  section: text("section").notNull(),
  body: jsonb("body").notNull(),
  publishedAt: tstz("published_at").notNull(),
  publishedBy: text("published_by").notNull(),
  /** The version this one republished (a restore), or null. */
  restoredFrom: integer("restored_from"),
});

/** Preview links (decision 363): the drafts on the real site for whoever holds the token. */
export const websitePreviews = pgTable("website_previews", {
  token: text("token").primaryKey(),
  createdBy: text("created_by").notNull(),
  expiresAt: tstz("expires_at").notNull(),
});
