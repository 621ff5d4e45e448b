/** Shop items: each change in one transaction with its activity entry; pictures stored before it. */
import type { ShopItem } from "@app/contract";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/http-error";
import { logActivity, type Actor } from "../activity";
import { storedShaFromPath, storeDataUrl } from "../images";
import { deleteShopItem, findShopItem, insertShopItem, toShopItem, updateShopItem } from "./repository";

const NOT_FOUND = "Item not found";

export async function createShopItem(
  db: Db,
  body: { name: string; url: string; image?: string | null },
  actor: Actor,
  now: Date,
): Promise<ShopItem> {
  // Re-encoding a picture takes a moment: before the transaction, not inside it.
  const imageSha = body.image ? await storeDataUrl(db, body.image) : null;
  return db.transaction(async (tx) => {
    const row = await insertShopItem(tx, { name: body.name, url: body.url, imageSha });
    await logActivity(tx, { type: "other", action: "Shop item added", details: body.name, actor, at: now });
    return toShopItem(row);
  });
}

/** image: a new data URL replaces the picture, null removes it, the current path keeps it. */
async function pictureOf(db: Db, image: string | null | undefined): Promise<string | null | undefined> {
  if (image === null) return null;
  if (typeof image !== "string") return undefined;
  return image.startsWith("data:") ? storeDataUrl(db, image) : storedShaFromPath(db, image);
}

export async function editShopItem(
  db: Db,
  id: number,
  body: { name?: string; url?: string; image?: string | null },
  actor: Actor,
  now: Date,
): Promise<ShopItem> {
  if (!(await findShopItem(db, id))) throw new HttpError(404, NOT_FOUND);
  const imageSha = await pictureOf(db, body.image);
  return db.transaction(async (tx) => {
    const row = await updateShopItem(tx, id, { name: body.name, url: body.url, imageSha }, now);
    if (!row) throw new HttpError(404, NOT_FOUND);
    await logActivity(tx, { type: "other", action: "Shop item updated", details: row.name, actor, at: now });
    return toShopItem(row);
  });
}

export async function removeShopItem(db: Db, id: number, actor: Actor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteShopItem(tx, id);
    if (!row) throw new HttpError(404, NOT_FOUND);
    await logActivity(tx, { type: "other", action: "Shop item deleted", details: row.name, actor, at: now });
  });
}
