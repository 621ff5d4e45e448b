/** The site texts' SQL (decision 360): drafts, published versions, preview links. */
import { and, desc, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { websiteDrafts, websitePreviews, websiteVersions } from "../../db/schema";

export type DraftRow = typeof websiteDrafts.$inferSelect;
export type VersionRow = typeof websiteVersions.$inferSelect;

export async function findDraft(db: DbOrTx, section: string): Promise<DraftRow | null> {
  const [row] = await db.select().from(websiteDrafts).where(eq(websiteDrafts.section, section));
  return row ?? null;
}

export async function listDrafts(db: DbOrTx): Promise<DraftRow[]> {
  return db.select().from(websiteDrafts);
}

export async function upsertDraft(db: DbOrTx, values: DraftRow): Promise<void> {
  await db
    .insert(websiteDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: websiteDrafts.section,
      set: { body: values.body, savedAt: values.savedAt, savedBy: values.savedBy },
    });
}

export async function deleteDraft(db: DbOrTx, section: string): Promise<void> {
  await db.delete(websiteDrafts).where(eq(websiteDrafts.section, section));
}

/** Versions of one section, newest first, without their bodies. */
export async function listVersions(db: DbOrTx, section: string) {
  return db
    .select({
      id: websiteVersions.id,
      publishedAt: websiteVersions.publishedAt,
      publishedBy: websiteVersions.publishedBy,
      restoredFrom: websiteVersions.restoredFrom,
    })
    .from(websiteVersions)
    .where(eq(websiteVersions.section, section))
    .orderBy(desc(websiteVersions.id));
}

export async function findVersion(db: DbOrTx, section: string, id: number): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(websiteVersions)
    .where(and(eq(websiteVersions.section, section), eq(websiteVersions.id, id)));
  return row ?? null;
}

/** The current version of every section: the newest of each. */
export async function currentVersions(db: DbOrTx): Promise<VersionRow[]> {
  return db
    .selectDistinctOn([websiteVersions.section])
    .from(websiteVersions)
    .orderBy(websiteVersions.section, desc(websiteVersions.id));
}

export async function insertVersion(db: DbOrTx, values: Omit<VersionRow, "id">): Promise<VersionRow> {
  const [row] = await db.insert(websiteVersions).values(values).returning();
  return row!;
}

export async function insertPreview(db: DbOrTx, values: typeof websitePreviews.$inferInsert): Promise<void> {
  await db.insert(websitePreviews).values(values);
}

export async function previewValid(db: DbOrTx, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ token: websitePreviews.token })
    .from(websitePreviews)
    .where(and(eq(websitePreviews.token, token), gt(websitePreviews.expiresAt, now)));
  return Boolean(row);
}
