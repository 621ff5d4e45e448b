import { initServer } from "@ts-rest/fastify";
import { asc, eq } from "drizzle-orm";
import { contract, type ShopItem } from "@app/contract";
import { shopItems } from "../../db/schema";
import type { Session } from "../../plugins/auth";
import { logActivity } from "../activity/repository";
import { cachedBody, cachedRead } from "../courses/catalogue-cache";
import { imagePath, storedShaFromPath, storeDataUrl } from "../images/service";

const s = initServer();

type Row = typeof shopItems.$inferSelect;
const toItem = (r: Row): ShopItem => ({ id: r.id, name: r.name, url: r.url, image: imagePath(r.imageSha) });
const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

export const shopsRouter = s.router(contract.shops, {
  list: {
    hooks: {
      preHandler: cachedRead(() => "shops", async (req) =>
        (await req.server.db.select().from(shopItems).orderBy(asc(shopItems.id))).map(toItem),
      ) as never,
    },
    handler: async ({ request }) => ({ status: 200, body: cachedBody<ShopItem[]>(request) }),
  },
  byId: async ({ params, request }) => {
    const [row] = await request.server.db.select().from(shopItems).where(eq(shopItems.id, params.id));
    return row ? { status: 200, body: toItem(row) } : { status: 404, body: { message: "Item not found" } };
  },
  create: async ({ body, request }) => {
    const app = request.server;
    const imageSha = body.image ? await storeDataUrl(app.db, body.image) : null;
    const row = await app.db.transaction(async (tx) => {
      const [created] = await tx.insert(shopItems).values({ name: body.name, url: body.url, imageSha }).returning();
      await logActivity(tx, { type: "other", action: "Shop item added", details: body.name, actor: actorOf(request), at: app.now() });
      return created!;
    });
    return { status: 201, body: toItem(row) };
  },
  update: async ({ params, body, request }) => {
    const app = request.server;
    const [current] = await app.db.select().from(shopItems).where(eq(shopItems.id, params.id));
    if (!current) return { status: 404, body: { message: "Item not found" } };
    // image: a new data URL replaces the picture, null removes it, the current path keeps it.
    let imageSha: string | null | undefined;
    if (body.image === null) imageSha = null;
    else if (typeof body.image === "string") imageSha = body.image.startsWith("data:") ? await storeDataUrl(app.db, body.image) : await storedShaFromPath(app.db, body.image);
    const row = await app.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(shopItems)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(imageSha !== undefined ? { imageSha } : {}),
          updatedAt: app.now(),
        })
        .where(eq(shopItems.id, params.id))
        .returning();
      await logActivity(tx, { type: "other", action: "Shop item updated", details: updated!.name, actor: actorOf(request), at: app.now() });
      return updated!;
    });
    return { status: 200, body: toItem(row) };
  },
  remove: async ({ params, request }) => {
    const app = request.server;
    const removed = await app.db.transaction(async (tx) => {
      const [row] = await tx.delete(shopItems).where(eq(shopItems.id, params.id)).returning();
      if (row) await logActivity(tx, { type: "other", action: "Shop item deleted", details: row.name, actor: actorOf(request), at: app.now() });
      return row;
    });
    return removed ? { status: 200, body: { message: "Item Deleted" } } : { status: 404, body: { message: "Item not found" } };
  },
});
