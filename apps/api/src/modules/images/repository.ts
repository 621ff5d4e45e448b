/** Stored images (table images), addressed by the sha256 of their source bytes. */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { images } from "../../db/schema";

export async function imageExists(db: DbOrTx, sha: string): Promise<boolean> {
  const rows = await db.select({ sha: images.sha256 }).from(images).where(eq(images.sha256, sha));
  return rows.length > 0;
}

/** Stores an encoded image once (a second store of the same bytes does nothing). */
export async function insertImage(db: DbOrTx, values: typeof images.$inferInsert): Promise<void> {
  await db.insert(images).values(values).onConflictDoNothing();
}

/** The full-size or the card variant's bytes, or null. */
export async function imageBytes(db: DbOrTx, sha: string, variant: "full" | "card"): Promise<Buffer | null> {
  const column = variant === "card" ? images.card : images.full;
  const rows = await db.select({ bytes: column }).from(images).where(eq(images.sha256, sha));
  return rows[0]?.bytes ?? null;
}

export async function smallAndCard(db: DbOrTx, sha: string) {
  const [row] = await db.select({ small: images.small, card: images.card }).from(images).where(eq(images.sha256, sha));
  return row;
}

export async function setSmall(db: DbOrTx, sha: string, small: Buffer): Promise<void> {
  await db.update(images).set({ small }).where(eq(images.sha256, sha));
}
