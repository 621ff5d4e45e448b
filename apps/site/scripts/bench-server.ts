/**
 * The site server for bench/ssr.ts (run from apps/site: `tsx scripts/bench-server.ts`): apps/site/server.ts as production runs it, plus one route,
 * `/__bench/index.html`, that answers the built `dist/client/index.html` as a static file (read
 * once, sent as is), the baseline the server-rendered pages are compared with.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createSiteServer } from "../server";
import { loadEnv } from "../src/config/server/env";

const env = loadEnv();
const app = await createSiteServer(env);
const staticHtml = await readFile(path.resolve(process.cwd(), env.SITE_DIST_DIR, "client/index.html"));
app.get("/__bench/index.html", async (_req, reply) =>
  reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(staticHtml),
);
// `--no-stream`: the HTML cache without the API's change stream, checking the API per read
// (decision 133 as it was before 240), to compare both in one run.
app.get("/__bench/stats", async () => ({ ...app.htmlCache?.stats, stream: app.catalogueFeed?.stats ?? null }));
const address = await app.listen({ port: env.PORT, host: env.HOST });
if (process.argv.includes("--no-stream")) app.catalogueFeed?.stop();
console.info(`READY http://127.0.0.1:${new URL(address).port}`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
