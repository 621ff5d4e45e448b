import type { FastifyInstance } from "fastify";
import type { ServerEnv } from "../config/server/env";

/** Only the API's own picture names: content-addressed, with their card and small sizes. */
const IMAGE_FILE = /^[a-f0-9]{64}(?:-card|-small)?\.webp$/;

/**
 * The API's course pictures at the same path on the site's origin (decision 257): a phone fetches
 * the largest picture of /all-courses and the course pages over the page's own connection
 * instead of opening one to the API first. Content-addressed names (the API answers them as
 * immutable), so they pass through as they are; only the API's own file names are asked for.
 */
export function addImageProxy(app: FastifyInstance, env: ServerEnv) {
  app.get<{ Params: { file: string } }>("/api/images/:file", async (req, reply) => {
    const { file } = req.params;
    if (!IMAGE_FILE.test(file)) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    let answer: Response;
    try {
      answer = await fetch(`${env.API_URL}/api/images/${file}`, { signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      req.log.warn({ err: error }, "image pass-through: API not reachable");
      return reply.code(502).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Image unavailable");
    }
    const body = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok)
      return reply.code(answer.status).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Not found");
    return reply
      .code(200)
      .type(answer.headers.get("content-type") ?? "image/webp")
      .header("cache-control", answer.headers.get("cache-control") ?? "public, max-age=31536000, immutable")
      .send(body);
  });
}
