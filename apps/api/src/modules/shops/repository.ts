/** Shop items' SQL (the public shop page's links). */
import { asc, eq } from "drizzle-orm";
import type { ShopItem } from "@app/contract";
import type { DbOrTx } from "../../db/client";
import { shopItems } from "../../db/schema";
import { imagePath } from "../images";

type ShopRow = typeof shopItems.$inferSelect;

export const toShopItem = (r: ShopRow): ShopItem => ({ id: r.id, name: r.name, url: r.url, image: imagePath(r.imageSha) });

export async function listShopItems(db: DbOrTx): Promise<ShopItem[]> {
  return (await db.select().from(shopItems).orderBy(asc(shopItems.id))).map(toShopItem);
}

export async function findShopItem(db: DbOrTx, id: number): Promise<ShopRow | null> {
  const [row] = await db.select().from(shopItems).where(eq(shopItems.id, id));
  return row ?? null;
}

export async function insertShopItem(
  db: DbOrTx,
  values: { name: string; url: string; imageSha: string | null },
): Promise<ShopRow> {
  const [row] = await db.insert(shopItems).values(values).returning();
  return row!;
}

/** Writes the given fields; null when the item is gone. */
export async function updateShopItem(
  db: DbOrTx,
  id: number,
  patch: { name?: string; url?: string; imageSha?: string | null },
  now: Date,
): Promise<ShopRow | null> {
  const [row] = await db
    .update(shopItems)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.imageSha !== undefined ? { imageSha: patch.imageSha } : {}),
      updatedAt: now,
    })
    .where(eq(shopItems.id, id))
    .returning();
  return row ?? null;
}

export async function deleteShopItem(db: DbOrTx, id: number): Promise<ShopRow | null> {
  const [row] = await db.delete(shopItems).where(eq(shopItems.id, id)).returning();
  return row ?? null;
}
