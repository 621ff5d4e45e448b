import { initServer } from "@ts-rest/fastify";
import { sql } from "drizzle-orm";
import { contract } from "@app/contract";
import { loadImage } from "../images/service";

const s = initServer();

export const systemRouter = s.router(contract.system, {
  health: async () => ({ status: 200, body: { status: "ok" as const } }),
  ready: async ({ request }) => {
    try {
      await request.server.db.execute(sql`select 1`);
      return { status: 200, body: { status: "ready" as const } };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      return { status: 503, body: { message: "Database not reachable" } };
    }
  },
  image: async ({ params, request, reply }) => {
    const bytes = await loadImage(request.server.db, params.file);
    if (!bytes) return { status: 404, body: { message: "Image not found" } };
    // Content-addressed: the bytes behind a name never change.
    reply.header("cache-control", "public, max-age=31536000, immutable");
    return { status: 200, body: bytes };
  },
});
