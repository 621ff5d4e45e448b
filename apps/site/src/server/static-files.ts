/**
 * Production's built files: `dist/client` served as it is (Brotli and gzip copies written by the
 * build), hashed files cached for a year, source maps private unless SOURCEMAPS_PUBLIC says
 * otherwise (decision 107).
 */
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerEnv } from "../config/server/env";

export async function serveBuiltFiles(app: FastifyInstance, env: ServerEnv, client: string) {
  if (!env.SOURCEMAPS_PUBLIC) {
    app.addHook("onRequest", async (req, reply) => {
      if (req.url.split("?")[0]!.toLowerCase().endsWith(".map")) {
        return reply.code(404).type("text/plain; charset=utf-8").header("cache-control", "no-store").send("Not found");
      }
    });
  }
  const fastifyStatic = (await import("@fastify/static")).default;
  // One route per built file (wildcard: false), so the server render keeps every other path.
  await app.register(fastifyStatic, {
    root: client,
    prefix: "/",
    wildcard: false,
    index: false,
    // The build wrote Brotli and gzip copies of scripts, styles and SVGs (scripts/precompress.ts):
    // sent as they are, at the best compression, without compressing per request.
    preCompressed: true,
    cacheControl: false,
    allowedPath: (p) => p !== "/index.html" && !p.startsWith("/.vite") && (env.SOURCEMAPS_PUBLIC || !p.endsWith(".map")),
    // @fastify/static 10 hands the Fastify reply here (its types still say ServerResponse).
    setHeaders: (reply: unknown, filePath: string) => {
      // Hashed file names never change: cache them for a year. Other public files: a day.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      (reply as FastifyReply).header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400");
    },
  });
}
