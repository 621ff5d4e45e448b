import { initServer } from "@ts-rest/fastify";
import { sql } from "drizzle-orm";
import { contract } from "@app/contract";
import { loadImage } from "../images";

const s = initServer();

/** /api/ready answers within this even when the database does not. */
export const READY_TIMEOUT_MS = 1500;

export const systemRouter = s.router(contract.system, {
  health: async () => ({ status: 200, body: { status: "ok" as const } }),
  ready: async ({ request, reply }) => {
    // A stalled database must not hang the probe (decision 103): answer 503 within READY_TIMEOUT_MS.
    let timer: NodeJS.Timeout | undefined;
    try {
      const probe = request.server.db.execute(sql`select 1`);
      probe.catch(() => undefined);
      await Promise.race([
        probe,
        new Promise(
          (_, reject) =>
            (timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)),
        ),
      ]);
      return { status: 200, body: { status: "ready" as const } };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      reply.header("retry-after", "5");
      return { status: 503, body: { message: "Database not reachable" } };
    } finally {
      clearTimeout(timer);
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
