import { initServer } from "@ts-rest/fastify";
import { contract, type ShopItem } from "@app/contract";
import type { Session } from "../../plugins/auth";
import { cachedBody, cachedRead } from "../courses";
import { findShopItem, listShopItems, toShopItem } from "./repository";
import { createShopItem, editShopItem, removeShopItem } from "./service";

const s = initServer();

const actorOf = (request: { session: Session | null }) => ({ id: request.session!.user.id, name: request.session!.user.name });

export const shopsRouter = s.router(contract.shops, {
  list: {
    hooks: {
      preHandler: cachedRead(
        () => "shops",
        (req) => listShopItems(req.server.db),
      ) as never,
    },
    handler: async ({ request }) => ({ status: 200, body: cachedBody<ShopItem[]>(request) }),
  },
  byId: async ({ params, request }) => {
    const row = await findShopItem(request.server.db, params.id);
    return row ? { status: 200, body: toShopItem(row) } : { status: 404, body: { message: "Item not found" } };
  },
  create: async ({ body, request }) => ({
    status: 201,
    body: await createShopItem(request.server.db, body, actorOf(request), request.server.now()),
  }),
  update: async ({ params, body, request }) => ({
    status: 200,
    body: await editShopItem(request.server.db, params.id, body, actorOf(request), request.server.now()),
  }),
  remove: async ({ params, request }) => {
    await removeShopItem(request.server.db, params.id, actorOf(request), request.server.now());
    return { status: 200, body: { message: "Item Deleted" } };
  },
});
